import { Badge, Group, Text } from '@mantine/core';
import { IconDownload, IconUpload } from '@tabler/icons-react';
import { useSuspenseQuery } from '@tanstack/react-query';
import { getRouteApi, Navigate } from '@tanstack/react-router';
import { useCallback, useMemo, useState } from 'react';
import { useListArrival, WholeListButton } from '@/app/components/ui/list-arrival';
import { PageHeader } from '@/app/components/ui/page-header';
import { BackLink, RecordLoading } from '@/app/components/ui/record-page';
import { WriteButton } from '@/app/components/ui/write-controls';
import { batchesQuery } from '@/app/features/enrollments/api/get-batches';
import { enrollmentsQuery } from '@/app/features/enrollments/api/get-enrollments';
import { downloadEnrollments } from '@/app/features/enrollments/csv';
import { formatLongDate } from '@/app/lib/format';
import { keptRows } from '@/app/lib/kept-rows';
import type { ListSearch } from '@/app/lib/list-search';
import { useSyncState } from '@/app/lib/sync/use-sync-state';
import { MESSAGES } from '@/shared/messages';
import type { Enrollment } from '@/shared/schemas';
import { EnrollmentsList } from './enrollments-list';
import { ImportDialog } from './import-dialog';

const route = getRouteApi('/_authed/enrollments/batch/$id');

/**
 * The enrollments of one batch; an unknown batch id goes back to the overview, once this start-up's first pull
 * has ended (a batch newer than the device copy comes with it).
 */
export function BatchEnrollmentsPage() {
  const { id } = route.useParams();
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const write = useCallback((next: ListSearch) => void navigate({ search: next, replace: true }), [navigate]);
  const { data: batches } = useSuspenseQuery(batchesQuery);
  const { data: enrollments } = useSuspenseQuery(enrollmentsQuery);
  const batch = batches.find((b) => b._id === id);
  // In step with the list: after an Approve only the changed row is read again, not the 200,000.
  const inBatch = useMemo(() => (e: Enrollment) => e.batchId === id, [id]);
  const rows = useMemo(() => keptRows(enrollments, inBatch), [enrollments, inBatch]);
  const [importing, setImporting] = useState(false);
  const { caughtUp } = useSyncState();
  const batchesWhole = useListArrival('batches') === null;

  if (!batch)
    return caughtUp && batchesWhole ? (
      <Navigate to="/enrollments" replace />
    ) : (
      <RecordLoading text={MESSAGES.enrollments.loading} />
    );

  return (
    <>
      <BackLink to="/enrollments">{MESSAGES.shell.backToBatches}</BackLink>
      <PageHeader title={batch.batchName}>
        <WholeListButton
          lists={['enrollments']}
          variant="default"
          leftSection={<IconDownload size={18} />}
          onClick={() => downloadEnrollments(batch.batchName, rows, batches)}
          disabled={!rows.length}
        >
          Download
        </WholeListButton>
        <WriteButton variant="default" leftSection={<IconUpload size={18} />} onClick={() => setImporting(true)}>
          {MESSAGES.import.button}
        </WriteButton>
      </PageHeader>
      <ImportDialog batch={batch} opened={importing} onClose={() => setImporting(false)} />
      <Group gap="xs" mt={-8} mb="md">
        {batch.isActive ? (
          <Badge color="green" variant="light">
            Active
          </Badge>
        ) : null}
        <Text c="dimmed" size="sm">
          {MESSAGES.count.enrollments(rows.length)} · Starts {formatLongDate(batch.startDate)}
          {batch.endDate ? ` · Ends ${formatLongDate(batch.endDate)}` : ''}
        </Text>
      </Group>
      <EnrollmentsList rows={rows} batches={batches} search={search} write={write} scope={id} />
    </>
  );
}
