import { Alert, NumberInput, Select, SimpleGrid, Switch, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { ModalForm } from '@/app/components/ui/modal-form';
import { MoneyInput } from '@/app/components/ui/money-input';
import { useUpdateEnrollment } from '@/app/features/enrollments/api/update-enrollment';
import {
  editFormBody,
  editFormValues,
  paymentStatusOptions,
  type EditFormValues,
} from '@/app/features/enrollments/edit-form-values';
import { fieldErrors, zodValidate } from '@/app/lib/form';
import { CURRENCIES, PROGRESS_MAX, PROGRESS_MIN } from '@/shared/constants';
import { MESSAGES } from '@/shared/messages';
import { enrollmentUpdateBody, type Batch, type Enrollment } from '@/shared/schemas';

const validateBody = zodValidate(enrollmentUpdateBody);

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

  const submit = form.onSubmit((v) =>
    update.mutate(enrollmentUpdateBody.parse(editFormBody(v)), {
      onSuccess: onClose,
      onError: (err) => {
        console.error('Updating the enrollment failed', err);
        form.setErrors(fieldErrors(err));
      },
    }),
  );

  return (
    <ModalForm
      title="Edit Enrollment"
      opened
      onClose={onClose}
      onSubmit={submit}
      submitLabel="Update Enrollment"
      pendingLabel="Updating..."
      pending={update.isPending}
    >
      {update.isError ? (
        <Alert color="red" variant="light" role="alert">
          {MESSAGES.enrollment.editFailed}
        </Alert>
      ) : null}
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <TextInput label="Payment ID" placeholder="e.g. pay_123" {...form.getInputProps('paymentId')} />
        <MoneyInput label="Amount paid" currency={form.values.currency} {...form.getInputProps('amountPaid')} />
        <Select
          label="Currency"
          placeholder="Choose a currency"
          data={CURRENCIES}
          {...form.getInputProps('currency')}
        />
        <Select label="Payment status" data={paymentStatusOptions} {...form.getInputProps('paymentStatus')} />
        <NumberInput
          label="Progress (%)"
          min={PROGRESS_MIN}
          max={PROGRESS_MAX}
          allowDecimal={false}
          {...form.getInputProps('progress')}
        />
        <Select
          label="Batch"
          placeholder="Choose a batch"
          data={batches.map((b) => ({ value: b._id, label: b.batchName }))}
          searchable
          {...form.getInputProps('batchId')}
        />
      </SimpleGrid>
      <Switch label="Completed" {...form.getInputProps('completed', { type: 'checkbox' })} />
      <Switch label="Certificate issued" {...form.getInputProps('certificateIssued', { type: 'checkbox' })} />
      <Switch label="Approved" {...form.getInputProps('isApproved', { type: 'checkbox' })} />
    </ModalForm>
  );
}
