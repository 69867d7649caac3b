import { Switch, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { ModalForm } from '@/app/components/ui/modal-form';
import { useSaveBatch } from '@/app/features/enrollments/api/save-batch';
import { dayToIso, isoToDay } from '@/app/features/enrollments/batch-dates';
import { fieldErrors, zodValidate } from '@/app/lib/form';
import { batchBody, type Batch } from '@/shared/schemas';

interface BatchFormValues {
  batchName: string;
  startDate: string;
  endDate: string;
  isActive: boolean;
}

const initialValues = (batch?: Batch): BatchFormValues => ({
  batchName: batch?.batchName ?? '',
  startDate: isoToDay(batch?.startDate ?? null),
  endDate: isoToDay(batch?.endDate ?? null),
  isActive: batch?.isActive ?? true,
});

/**
 * Start a new batch, or edit one. A missing name or start date stops the submit (the batch schema's rules) and the
 * fields say what is missing. Mounted while open, so each opening starts from fresh values.
 */
export function BatchFormModal({ batch, onClose }: { batch?: Batch; onClose: () => void }) {
  const save = useSaveBatch(batch?._id);
  const form = useForm<BatchFormValues>({ initialValues: initialValues(batch), validate: zodValidate(batchBody) });

  const submit = form.onSubmit((v) =>
    save.mutate(
      {
        batchName: v.batchName.trim(),
        startDate: dayToIso(v.startDate),
        endDate: v.endDate ? dayToIso(v.endDate) : null,
        isActive: v.isActive,
      },
      { onSuccess: onClose, onError: (err) => form.setErrors(fieldErrors(err)) },
    ),
  );

  return (
    <ModalForm
      title={batch ? 'Edit Batch' : 'Start New Batch'}
      opened
      onClose={onClose}
      onSubmit={submit}
      submitLabel={batch ? 'Update Batch' : 'Start Batch'}
      pendingLabel={batch ? 'Updating...' : 'Adding...'}
      pending={save.isPending}
    >
      <TextInput
        label="Batch name"
        placeholder="e.g. Winter 2027 Cohort"
        required
        data-autofocus
        {...form.getInputProps('batchName')}
      />
      <TextInput label="Start date" type="date" required {...form.getInputProps('startDate')} />
      <TextInput
        label="End date"
        type="date"
        description="Optional: leave empty for a self-paced batch."
        {...form.getInputProps('endDate')}
      />
      <Switch
        label="Active"
        description="Active batches are listed first."
        mt="xs"
        {...form.getInputProps('isActive', { type: 'checkbox' })}
      />
    </ModalForm>
  );
}
