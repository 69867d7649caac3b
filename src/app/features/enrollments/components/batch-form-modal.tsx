import { Switch, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useConflict } from '@/app/components/ui/conflict-panel';
import { ModalForm } from '@/app/components/ui/modal-form';
import { batchVersion } from '@/app/features/enrollments/api/batches-cache';
import { useSaveBatch } from '@/app/features/enrollments/api/save-batch';
import { dayToIso, isoToDay } from '@/app/features/enrollments/batch-dates';
import { fieldErrors, zodValidate } from '@/app/lib/form';
import type { Version } from '@/app/lib/list-writes';
import { batchBody, type Batch } from '@/shared/schemas/batch';

interface BatchFormValues {
  batchName: string;
  startDate: string;
  endDate: string;
  isActive: boolean;
}

/** The form's field labels, also the rows of its conflict panel. */
const LABELS = { batchName: 'Batch name', startDate: 'Start date', endDate: 'End date', isActive: 'Active' };

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

  // An edit stands on the batch as it was opened; a new batch has no version.
  const conflict = useConflict<Batch | undefined, BatchFormValues>({
    record: batch,
    valuesOf: (b) => (b ? initialValues(b) : null),
    versionOf: (b) => (b ? batchVersion(b) : {}),
    labels: LABELS,
  });
  const send = (v: BatchFormValues) => (version: Version) =>
    save.mutateAsync({
      body: {
        batchName: v.batchName.trim(),
        startDate: dayToIso(v.startDate),
        endDate: v.endDate ? dayToIso(v.endDate) : null,
        isActive: v.isActive,
      },
      version,
    });
  const finish = async (saving: Promise<boolean>) => {
    try {
      if (await saving) onClose();
    } catch (err) {
      form.setErrors(fieldErrors(err));
    }
  };
  const submit = form.onSubmit((v) => void finish(conflict.save(send(v))));
  const panel = conflict.panel(form.values, {
    onTakeTheirs: () => {
      const theirs = conflict.takeTheirs();
      if (theirs) form.setValues(theirs);
    },
    onSaveMine: () => {
      if (!form.validate().hasErrors) void finish(conflict.saveMine(send(form.getValues())));
    },
    saving: save.isPending,
  });

  return (
    <ModalForm
      title={batch ? 'Edit Batch' : 'Start New Batch'}
      opened
      onClose={onClose}
      onSubmit={submit}
      submitLabel={batch ? 'Update Batch' : 'Start Batch'}
      pendingLabel={batch ? 'Updating...' : 'Adding...'}
      pending={save.isPending}
      conflict={panel}
    >
      <TextInput
        label={LABELS.batchName}
        placeholder="e.g. Winter 2027 Cohort"
        required
        data-autofocus
        {...form.getInputProps('batchName')}
      />
      <TextInput label={LABELS.startDate} type="date" required {...form.getInputProps('startDate')} />
      <TextInput
        label={LABELS.endDate}
        type="date"
        description="Optional: leave empty for a self-paced batch."
        {...form.getInputProps('endDate')}
      />
      <Switch
        label={LABELS.isActive}
        description="Active batches are listed first."
        mt="xs"
        {...form.getInputProps('isActive', { type: 'checkbox' })}
      />
    </ModalForm>
  );
}
