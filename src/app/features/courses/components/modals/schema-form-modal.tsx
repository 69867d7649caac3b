import { useForm, type UseFormReturnType } from '@mantine/form';
import { useConflict } from '@/app/components/ui/conflict-panel';
import { ModalForm } from '@/app/components/ui/modal-form';
import { fieldErrors, zodValidate } from '@/app/lib/form';
import { updatedAtVersion, type Version } from '@/app/lib/list-writes';
import type { Course } from '@/shared/schemas';
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
  /** Sends the values; an edit also sends the course version it was opened on. */
  onSubmit: (values: O, version: Version) => Promise<unknown>;
  pending: boolean;
  /** Add forms start empty again after a success. */
  resetOnSuccess?: boolean;
  /**
   * An edit of part of a course (its card, an item): the course as the form was opened, and the form's values
   * in any version of it (null: the item is gone). A save made on an older version shows the conflict panel.
   */
  edits?: { course: Course; valuesOf: (course: Course) => V | null };
}

/**
 * A ModalForm driven by a shared zod schema: closes on success; on failure stays open with the server's field errors.
 */
export function SchemaFormModal<V extends FormValues, O>(props: SchemaFormModalProps<V, O>) {
  const { schema, onSubmit, onClose, resetOnSuccess, Fields, edits } = props;
  const form = useForm<V>({ initialValues: props.initialValues, validate: zodValidate(schema) });
  const conflict = useConflict<Course | null, V>({
    record: edits?.course ?? null,
    valuesOf: (course) => (course && edits ? edits.valuesOf(course) : null),
    versionOf: (course) => (course ? updatedAtVersion(course) : {}),
  });

  const finish = async (saving: Promise<boolean>) => {
    try {
      if (!(await saving)) return;
    } catch (err) {
      // A failure keeps the modal open and is only logged; the toast comes from the generic handler.
      console.error(err);
      form.setErrors(fieldErrors(err));
      return;
    }
    if (resetOnSuccess) form.reset();
    onClose();
  };
  const send = (values: V) => (version: Version) => onSubmit(schema.parse(values), version);
  const submit = form.onSubmit((values) => void finish(conflict.save(send(values))));

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
      conflict={conflict.panel(form.values, {
        onTakeTheirs: () => {
          const theirs = conflict.takeTheirs();
          if (theirs) form.setValues(theirs);
        },
        onSaveMine: () => {
          if (!form.validate().hasErrors) void finish(conflict.saveMine(send(form.getValues())));
        },
        saving: props.pending,
      })}
    >
      <Fields form={form} />
    </ModalForm>
  );
}
