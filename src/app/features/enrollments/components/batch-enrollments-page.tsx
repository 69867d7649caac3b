import { Badge, Button, Group, Text } from '@mantine/core';
import { IconDownload, IconUpload } from '@tabler/icons-react';
import { useSuspenseQuery } from '@tanstack/react-query';
import { Navigate, useParams } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { YesNoBadge } from '@/app/components/ui/badges';
import { BulkActions, type BulkTarget } from '@/app/components/ui/bulk-actions';
import { DataTable, type Column, type TableView } from '@/app/components/ui/data-table';
import { PageHeader } from '@/app/components/ui/page-header';
import { BackLink, RecordLoading } from '@/app/components/ui/record-page';
import { recordId, useRowSelection } from '@/app/components/ui/row-selection';
import { WriteButton } from '@/app/components/ui/write-controls';
import { batchesQuery } from '@/app/features/enrollments/api/get-batches';
import { enrollmentsQuery } from '@/app/features/enrollments/api/get-enrollments';
import { downloadEnrollments } from '@/app/features/enrollments/csv';
import { enrolleeEmail, enrolleeName } from '@/app/features/enrollments/enrollee';
import { formatLongDate, formatMoney } from '@/app/lib/format';
import { useSyncState } from '@/app/lib/sync/use-sync-state';
import { ENROLLMENT_BULK_ACTIONS } from '@/shared/bulk-actions';
import { MESSAGES } from '@/shared/messages';
import type { Batch, Enrollment } from '@/shared/schemas';
import { EnrollmentRowActions } from './enrollment-row-actions';
import { ImportDialog } from './import-dialog';

const selectLabel = (e: Enrollment) => MESSAGES.bulk.selectEnrollment(enrolleeName(e));
const BULK: BulkTarget<Enrollment> = {
  list: enrollmentsQuery,
  actions: ENROLLMENT_BULK_ACTIONS,
  noun: 'enrollment',
  // What the bulk route writes: a row already in the asked state is not written.
  verify: (e, on, at) =>
    e.isVerified === on ? e : { ...e, isVerified: on, verifiedAt: on ? at : null, updatedAt: at },
  name: enrolleeName,
};

/** The table's columns; a new array only when the batches change (the rows' download names them). */
const columnsFor = (batches: readonly Batch[]): Column<Enrollment>[] => [
  {
    key: 'name',
    header: 'Name',
    render: (e) => (
      <Text fw={500} size="sm">
        {enrolleeName(e)}
      </Text>
    ),
  },
  { key: 'email', header: 'Email', render: (e) => enrolleeEmail(e) },
  { key: 'amount', header: 'Amount', width: 130, render: (e) => formatMoney(e.amount, e.currency) },
  { key: 'course', header: 'Course', render: (e) => e.courseDetails.title },
  {
    key: 'approved',
    header: 'Approved',
    width: 120,
    render: (e) => <YesNoBadge value={e.isVerified} yes="Approved" no="Pending" noColor="yellow" />,
  },
  {
    key: 'actions',
    header: 'Actions',
    width: 220,
    render: (e) => (
      <EnrollmentRowActions enrollment={e} onDownload={() => downloadEnrollments(enrolleeName(e), [e], batches)} />
    ),
  },
];

const viewFor = (batches: readonly Batch[]): TableView<Enrollment> => ({
  columns: columnsFor(batches),
  rowLabel: (e) => `Open enrollment of ${enrolleeName(e)}`,
  rowLink: (e) => ({ to: '/enrollments/$id', params: { id: e._id } }),
  emptyText: MESSAGES.enrollments.empty,
});

/**
 * The enrollments of one batch; an unknown batch id goes back to the overview, once this start-up's first pull
 * has ended (a batch newer than the device copy comes with it).
 */
export function BatchEnrollmentsPage() {
  const { id } = useParams({ from: '/_authed/enrollments/batch/$id' });
  const { data: batches } = useSuspenseQuery(batchesQuery);
  const { data: enrollments } = useSuspenseQuery(enrollmentsQuery);
  const batch = batches.find((b) => b._id === id);
  const rows = useMemo(() => enrollments.filter((e) => e.batchId === id), [enrollments, id]);
  const [importing, setImporting] = useState(false);
  const selection = useRowSelection(rows, recordId, selectLabel, id);
  const { caughtUp } = useSyncState();
  const view = useMemo(() => viewFor(batches), [batches]);

  if (!batch)
    return caughtUp ? <Navigate to="/enrollments" replace /> : <RecordLoading text={MESSAGES.enrollments.loading} />;

  return (
    <>
      <BackLink to="/enrollments">{MESSAGES.shell.backToBatches}</BackLink>
      <PageHeader title={batch.batchName}>
        <Button
          variant="default"
          leftSection={<IconDownload size={18} />}
          onClick={() => downloadEnrollments(batch.batchName, rows, batches)}
          disabled={!rows.length}
        >
          Download
        </Button>
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
      <BulkActions selection={selection} target={BULK} />
      <DataTable view={view} rows={rows} selection={selection} />
    </>
  );
}
