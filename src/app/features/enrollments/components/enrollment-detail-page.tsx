import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconDownload, IconEdit } from '@tabler/icons-react';
import { useSuspenseQuery } from '@tanstack/react-query';
import { Navigate, useParams } from '@tanstack/react-router';
import { useState } from 'react';
import { YesNoBadge } from '@/app/components/ui/badges';
import { PageHeader } from '@/app/components/ui/page-header';
import { RecordHistory, useRecordHistory } from '@/app/components/ui/record-history';
import { BackLink, RecordLoading } from '@/app/components/ui/record-page';
import { DeleteButton, WriteButton } from '@/app/components/ui/write-controls';
import { useConfirmedDelete } from '@/app/features/enrollments/api/delete-enrollment';
import { batchesQuery } from '@/app/features/enrollments/api/get-batches';
import { enrollmentsQuery } from '@/app/features/enrollments/api/get-enrollments';
import { downloadEnrollments } from '@/app/features/enrollments/csv';
import { enrolleeName } from '@/app/features/enrollments/enrollee';
import { useSyncState } from '@/app/lib/sync/use-sync-state';
import { MESSAGES } from '@/shared/messages';
import type { Batch } from '@/shared/schemas';
import { ApprovalButton } from './approval-button';
import { EnrollmentEditModal } from './enrollment-edit-modal';
import { EnrollmentSections } from './enrollment-sections';
import { GoToCourse } from './go-to-course';

/**
 * One enrollment from the loaded list; an id that is not in it goes to /enrollments, unless the
 * activity log knows it: a deleted enrollment (money) stays traceable, its last state in its history.
 */
export function EnrollmentDetailPage() {
  const { id } = useParams({ from: '/_authed/enrollments/$id' });
  const { data: enrollments } = useSuspenseQuery(enrollmentsQuery);
  const { data: batches } = useSuspenseQuery(batchesQuery);
  const { remove, isPending: deleting } = useConfirmedDelete();
  const [editing, setEditing] = useState(false);
  // Set while this screen deletes its enrollment: once it leaves the list, go back to its batch instead.
  const [deletedFrom, setDeletedFrom] = useState<string | null>(null);
  const history = useRecordHistory(id);
  const { caughtUp } = useSyncState();

  const enrollment = enrollments.find((e) => e._id === id);
  if (!enrollment) {
    // One newer than the device copy comes with this start-up's first pull.
    if (!caughtUp) return <RecordLoading text={MESSAGES.enrollments.loading} />;
    if (!deletedFrom && history?.some((a) => a.action === 'delete')) return <DeletedEnrollment id={id} />;
    return deletedFrom ? (
      <Navigate to="/enrollments/batch/$id" params={{ id: deletedFrom }} replace />
    ) : (
      <Navigate to="/enrollments" replace />
    );
  }
  const batch = batches.find((b) => b._id === enrollment.batchId);
  const name = enrolleeName(enrollment);

  const onDelete = async () => {
    setDeletedFrom(batch?._id ?? null);
    if (!(await remove(enrollment))) setDeletedFrom(null);
  };

  return (
    <>
      <BackToBatch batch={batch} />
      <PageHeader title={name}>
        <ApprovalButton enrollment={enrollment} size="sm" />
        <WriteButton size="sm" variant="default" leftSection={<IconEdit size={16} />} onClick={() => setEditing(true)}>
          Edit
        </WriteButton>
        <Button
          size="sm"
          variant="default"
          leftSection={<IconDownload size={16} />}
          onClick={() => downloadEnrollments(name, [enrollment], batches)}
        >
          Download
        </Button>
        <DeleteButton size="sm" loading={deleting} onClick={() => void onDelete()}>
          Delete
        </DeleteButton>
      </PageHeader>
      <Group gap="sm" mt={-8} mb="lg" justify="space-between">
        <Group gap="xs">
          <YesNoBadge value={enrollment.isVerified} yes="Approved" no="Pending" noColor="yellow" />
          <Text c="dimmed" size="sm">
            {enrollment.courseDetails.title}
          </Text>
        </Group>
        <GoToCourse slug={enrollment.courseDetails.slug} />
      </Group>
      <EnrollmentSections enrollment={enrollment} batch={batch} />
      <Stack mt="lg">
        <RecordHistory recordId={enrollment._id} />
      </Stack>
      {editing ? (
        <EnrollmentEditModal enrollment={enrollment} batches={batches} onClose={() => setEditing(false)} />
      ) : null}
    </>
  );
}

/** A deleted enrollment: what the log holds of it (who deleted it, when, and its last state). */
function DeletedEnrollment({ id }: { id: string }) {
  return (
    <Stack gap="md">
      <BackToBatch batch={undefined} />
      <Alert color="red" variant="light" title={MESSAGES.activity.deletedEnrollmentTitle}>
        {MESSAGES.activity.deletedEnrollment}
      </Alert>
      <RecordHistory recordId={id} />
    </Stack>
  );
}

/** Back to the batch the enrollment belongs to, or to the overview when it has none. */
function BackToBatch({ batch }: { batch: Batch | undefined }) {
  return batch ? (
    <BackLink to="/enrollments/batch/$id" params={{ id: batch._id }}>
      {MESSAGES.shell.backToBatch(batch.batchName)}
    </BackLink>
  ) : (
    <BackLink to="/enrollments">{MESSAGES.shell.backToBatches}</BackLink>
  );
}
