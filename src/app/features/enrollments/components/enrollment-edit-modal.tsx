import { Alert, NumberInput, Select, SimpleGrid, Switch, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useConflict } from '@/app/components/ui/conflict-panel';
import { ModalForm } from '@/app/components/ui/modal-form';
import { MoneyInput } from '@/app/components/ui/money-input';
import { useUpdateEnrollment } from '@/app/features/enrollments/api/update-enrollment';
import {
  editFormBody,
  editFormValues,
  paymentStatusOptions,
  type EditFormValues,
} from '@/app/features/enrollments/edit-form-values';
import { staleCurrent } from '@/app/lib/api-client';
import { fieldErrors, zodValidate } from '@/app/lib/form';
import { updatedAtVersion, type Version } from '@/app/lib/list-writes';
import { CURRENCIES, PROGRESS_MAX, PROGRESS_MIN } from '@/shared/constants';
import { MESSAGES } from '@/shared/messages';
import type { Batch, Enrollment } from '@/shared/schemas';
import { enrollmentUpdateBody } from '@/shared/schemas/enrollment';

const validateBody = zodValidate(enrollmentUpdateBody);

/** The form's field labels, also the rows of its conflict panel. */
const LABELS = {
  paymentId: 'Payment ID',
  amountPaid: 'Amount paid',
  currency: 'Currency',
  paymentStatus: 'Payment status',
  progress: 'Progress (%)',
  batchId: 'Batch',
  completed: 'Completed',
  certificateIssued: 'Certificate issued',
  isApproved: 'Approved',
} satisfies Record<keyof EditFormValues, string>;

/** The enrollment edit form (PUT /enrollment/{id}); stays open with a message when the update fails. */
export function EnrollmentEditModal({
  enrollment,
  batches,
  onClose,
}: {
  enrollment: Enrollment;
  batches: Batch[];
  onClose: () => void;
}) {
  const update = useUpdateEnrollment(enrollment._id);
  const form = useForm<EditFormValues>({
    initialValues: editFormValues(enrollment),
    validate: (v) => validateBody(editFormBody(v)),
  });

  const conflict = useConflict({
    record: enrollment,
    valuesOf: editFormValues,
    versionOf: updatedAtVersion,
    labels: LABELS,
    formats: { batchId: (id) => batches.find((b) => b._id === id)?.batchName ?? String(id ?? '') },
  });
  /** The update of these values, made on a version. */
  const send = (v: EditFormValues) => (version: Version) =>
    update.mutateAsync({ ...enrollmentUpdateBody.parse(editFormBody(v)), ...version });
  const finish = async (saving: Promise<boolean>) => {
    try {
      if (await saving) onClose();
    } catch (err) {
      console.error('Updating the enrollment failed', err);
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
    saving: update.isPending,
  });

  return (
    <ModalForm
      title="Edit Enrollment"
      opened
      onClose={onClose}
      onSubmit={submit}
      submitLabel="Update Enrollment"
      pendingLabel="Updating..."
      pending={update.isPending}
      conflict={panel}
    >
      {update.isError && !staleCurrent(update.error) ? (
        <Alert color="red" variant="light" role="alert">
          {MESSAGES.enrollment.editFailed}
        </Alert>
      ) : null}
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <TextInput label={LABELS.paymentId} placeholder="e.g. pay_123" {...form.getInputProps('paymentId')} />
        <MoneyInput label={LABELS.amountPaid} currency={form.values.currency} {...form.getInputProps('amountPaid')} />
        <Select
          label={LABELS.currency}
          placeholder="Choose a currency"
          data={CURRENCIES}
          {...form.getInputProps('currency')}
        />
        <Select label={LABELS.paymentStatus} data={paymentStatusOptions} {...form.getInputProps('paymentStatus')} />
        <NumberInput
          label={LABELS.progress}
          min={PROGRESS_MIN}
          max={PROGRESS_MAX}
          allowDecimal={false}
          {...form.getInputProps('progress')}
        />
        <Select
          label={LABELS.batchId}
          placeholder="Choose a batch"
          data={batches.map((b) => ({ value: b._id, label: b.batchName }))}
          searchable
          {...form.getInputProps('batchId')}
        />
      </SimpleGrid>
      <Switch label={LABELS.completed} {...form.getInputProps('completed', { type: 'checkbox' })} />
      <Switch label={LABELS.certificateIssued} {...form.getInputProps('certificateIssued', { type: 'checkbox' })} />
      <Switch label={LABELS.isApproved} {...form.getInputProps('isApproved', { type: 'checkbox' })} />
    </ModalForm>
  );
}
