import { Anchor, Paper, SimpleGrid, Text } from '@mantine/core';
import { IconDownload, IconPlus } from '@tabler/icons-react';
import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { WholeListButton } from '@/app/components/ui/list-arrival';
import { PageHeader } from '@/app/components/ui/page-header';
import { WriteButton } from '@/app/components/ui/write-controls';
import { useDeleteBatch } from '@/app/features/enrollments/api/delete-batch';
import { batchesQuery } from '@/app/features/enrollments/api/get-batches';
import { enrollmentsQuery } from '@/app/features/enrollments/api/get-enrollments';
import { downloadEnrollments } from '@/app/features/enrollments/csv';
import { MESSAGES } from '@/shared/messages';
import type { Batch } from '@/shared/schemas';
import { BatchCard } from './batch-card';
import { BatchFormModal } from './batch-form-modal';

/** Active batches first; otherwise the list's newest-first order stays (a stable sort). */
const activeFirst = (batches: Batch[]) => [...batches].sort((a, b) => Number(b.isActive) - Number(a.isActive));

export function EnrollmentsOverview() {
  const { data: batches } = useSuspenseQuery(batchesQuery);
  const { data: enrollments } = useSuspenseQuery(enrollmentsQuery);
  const deleteBatch = useDeleteBatch();
  const [modal, setModal] = useState<{ batch?: Batch } | null>(null);

  // Counted from the loaded list, so a card always agrees with its batch page after local changes.
  const counts = useMemo(() => {
    const m = new Map<string, number>();
    for (const e of enrollments) if (e.batchId) m.set(e.batchId, (m.get(e.batchId) ?? 0) + 1);
    return m;
  }, [enrollments]);
  const pending = useMemo(() => enrollments.filter((e) => !e.isVerified).length, [enrollments]);

  return (
    <>
      <PageHeader title="Enrollments Data">
        <WriteButton leftSection={<IconPlus size={18} />} onClick={() => setModal({})}>
          Start New Batch
        </WriteButton>
        <WholeListButton
          lists={['batches', 'enrollments']}
          variant="default"
          leftSection={<IconDownload size={18} />}
          onClick={() => downloadEnrollments('enrollments', enrollments, batches)}
          disabled={!enrollments.length}
        >
          Download All
        </WholeListButton>
      </PageHeader>
      {/* The counts open the list of every enrollment across batches, the pending ones filtered (issue 23). */}
      <Text c="dimmed" size="sm" mt={-8} mb="lg">
        <Anchor renderRoot={(props) => <Link to="/enrollments/all" {...props} />} size="sm">
          {MESSAGES.count.enrollments(enrollments.length)}
        </Anchor>{' '}
        in {MESSAGES.count.batches(batches.length)} ·{' '}
        <Anchor
          renderRoot={(props) => <Link to="/enrollments/all" search={{ status: 'pending' }} {...props} />}
          size="sm"
        >
          {MESSAGES.count.pending(pending)}
        </Anchor>
      </Text>

      {batches.length === 0 ? (
        <Paper withBorder p="xl" radius="md" ta="center">
          <Text fw={600}>No batches yet.</Text>
          <Text c="dimmed" size="sm">
            Start a new batch to group enrollments.
          </Text>
        </Paper>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, xl: 3 }} spacing="md">
          {activeFirst(batches).map((batch) => (
            <BatchCard
              key={batch._id}
              batch={batch}
              enrollmentCount={counts.get(batch._id) ?? 0}
              onEdit={() => setModal({ batch })}
              onDelete={() => void deleteBatch(batch)}
            />
          ))}
        </SimpleGrid>
      )}

      {modal ? <BatchFormModal batch={modal.batch} onClose={() => setModal(null)} /> : null}
    </>
  );
}
