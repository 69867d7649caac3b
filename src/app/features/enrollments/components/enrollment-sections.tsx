import { Group, Progress, SimpleGrid, Stack, Text } from '@mantine/core';
import { YesNoBadge } from '@/app/components/ui/badges';
import { paymentStatusLabel } from '@/app/features/enrollments/edit-form-values';
import { enrolleeEmail, enrolleeName, enrolleePhone } from '@/app/features/enrollments/enrollee';
import { formatDate, formatDateTime, formatMoney } from '@/app/lib/format';
import type { Batch, Enrollment } from '@/shared/schemas';
import { CompleteButton } from './complete-button';
import { InfoSection, type InfoItem } from './info-section';

const yesNo = (value: boolean) => <YesNoBadge value={value} yes="Yes" no="No" noColor="gray" />;

/**
 * The detail's sections: user, course, payment, verification, plus the edit form's status fields.
 * Two columns on wide screens; one column on phones keeps this order.
 */
export function EnrollmentSections({ enrollment: e, batch }: { enrollment: Enrollment; batch: Batch | undefined }) {
  const course: InfoItem[] = [
    ['Title', e.courseDetails.title],
    ['Enrollment Date', formatDate(e.createdAt)],
    ['Batch', batch?.batchName],
    ...(e.courseDetails.availableDays ? [['Available Days', e.courseDetails.availableDays] as InfoItem] : []),
    ['Description', e.courseDetails.description, 'wide'],
  ];
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md" verticalSpacing="md">
      <Stack gap="md">
        <InfoSection
          title="User Overview"
          items={[
            ['Name', enrolleeName(e)],
            ['Email', enrolleeEmail(e)],
            ['Phone', enrolleePhone(e)],
            ['Occupation', e.userId?.occupation],
            ['Interest', e.userId?.interest],
            ['Past Experience', e.userId?.pastExperience],
          ]}
        />
        <InfoSection title="Course Overview" items={course} />
      </Stack>
      <Stack gap="md">
        <InfoSection
          title="Payment"
          items={[
            ['Amount', e.amount == null ? null : formatMoney(e.amount, e.currency)],
            ['Currency', e.currency],
            ['Payment Method', e.paymentMethod],
            ['Transaction ID', e.transactionId],
            ['Payment Status', paymentStatusLabel(e.paymentStatus)],
            ['Amount Paid', e.amountPaid == null ? null : formatMoney(e.amountPaid, e.currency)],
            ['Payment ID', e.paymentId],
          ]}
        />
        <InfoSection
          title="Verification"
          items={[
            ['Verified', yesNo(e.isVerified)],
            ['Verified At', e.verifiedAt ? formatDateTime(e.verifiedAt) : null],
          ]}
        />
        <InfoSection
          title="Status & Progress"
          items={[
            ['Completed', yesNo(e.completed)],
            ['Certificate Issued', yesNo(e.certificateIssued)],
            ['Approved', yesNo(e.isApproved)],
          ]}
        >
          <Group gap="sm" mt="md" wrap="nowrap">
            <Progress value={e.progress} style={{ flex: 1 }} aria-label="Course progress" />
            <Text size="sm" fw={600}>
              {e.progress}%
            </Text>
            {e.completed ? null : <CompleteButton id={e._id} />}
          </Group>
        </InfoSection>
      </Stack>
    </SimpleGrid>
  );
}
