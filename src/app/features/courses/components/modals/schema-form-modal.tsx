import { useForm, type UseFormReturnType } from '@mantine/form';
import { ModalForm } from '@/app/components/ui/modal-form';
import { fieldErrors, zodValidate } from '@/app/lib/form';
import type { ComponentType } from 'react';
import type { z } from 'zod';

export type FormValues = Record<string, unknown>;
export type FieldsComponent<V extends FormValues> = ComponentType<{ form: UseFormReturnType<V> }>;

interface SchemaFormModalProps<V extends FormValues, O> {
  title: string;
  submitLabel: string;
  pendingLabel: 'Adding...' | 'Updating...';
  opened: boolean;
  onClose: () => void;
  initialValues: V;
  /** The shared schema: the same rules the server applies; its output is what gets sent. */
  schema: z.ZodType<O>;
  Fields: FieldsComponent<V>;
  onSubmit: (values: O) => Promise<unknown>;
  pending: boolean;
  /** Add forms start empty again after a success. */
  resetOnSuccess?: boolean;
}

/**
 * A ModalForm driven by a shared zod schema: closes on success; on failure stays open with the server's field errors.
 */
export function SchemaFormModal<V extends FormValues, O>(props: SchemaFormModalProps<V, O>) {
  const { schema, onSubmit, onClose, resetOnSuccess, Fields } = props;
  const form = useForm<V>({ initialValues: props.initialValues, validate: zodValidate(schema) });

  const submit = form.onSubmit(async (values) => {
    try {
      await onSubmit(schema.parse(values));
    } catch (err) {
      // A failure keeps the modal open and is only logged; the toast comes from the generic handler.
      console.error(err);
      form.setErrors(fieldErrors(err));
      return;
    }
    if (resetOnSuccess) form.reset();
    onClose();
  });

  const close = () => {
    form.clearErrors();
    onClose();
  };

  return (
    <ModalForm
      title={props.title}
      opened={props.opened}
      onClose={close}
      onSubmit={submit}
      submitLabel={props.submitLabel}
      pendingLabel={props.pendingLabel}
      pending={props.pending}
    >
      <Fields form={form} />
    </ModalForm>
  );
}
