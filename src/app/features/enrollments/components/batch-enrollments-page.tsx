import { Anchor, Badge, Button, Group, Text } from '@mantine/core';
import { IconArrowLeft, IconDownload } from '@tabler/icons-react';
import { useSuspenseQuery } from '@tanstack/react-query';
import { Link, Navigate, useNavigate, useParams } from '@tanstack/react-router';
import { useMemo } from 'react';
import { YesNoBadge } from '@/app/components/ui/badges';
import { DataTable, type Column } from '@/app/components/ui/data-table';
import { PageHeader } from '@/app/components/ui/page-header';
import { batchesQuery } from '@/app/features/enrollments/api/get-batches';
import { enrollmentsQuery } from '@/app/features/enrollments/api/get-enrollments';
import { downloadEnrollments } from '@/app/features/enrollments/csv';
import { enrolleeEmail, enrolleeName } from '@/app/features/enrollments/enrollee';
import { formatLongDate, formatMoney } from '@/app/lib/format';
import { MESSAGES } from '@/shared/messages';
import type { Enrollment } from '@/shared/schemas';
import { EnrollmentRowActions } from './enrollment-row-actions';

/** The enrollments of one batch; an unknown batch id goes back to the overview. */
export function BatchEnrollmentsPage() {
  const { id } = useParams({ from: '/_authed/enrollments/batch/$id' });
  const navigate = useNavigate();
  const { data: batches } = useSuspenseQuery(batchesQuery);
  const { data: enrollments } = useSuspenseQuery(enrollmentsQuery);
  const batch = batches.find((b) => b._id === id);
  const rows = useMemo(() => enrollments.filter((e) => e.batchId === id), [enrollments, id]);

  if (!batch) return <Navigate to="/enrollments" replace />;

  const columns: Column<Enrollment>[] = [
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

  return (
    <>
      <Anchor component={Link} to="/enrollments" size="sm" c="dimmed">
        <Group gap={4} component="span">
          <IconArrowLeft size={14} /> All batches
        </Group>
      </Anchor>
      <PageHeader title={batch.batchName}>
        <Button
          variant="default"
          leftSection={<IconDownload size={18} />}
          onClick={() => downloadEnrollments(batch.batchName, rows, batches)}
          disabled={!rows.length}
        >
          Download
        </Button>
      </PageHeader>
      <Group gap="xs" mt={-8} mb="md">
        {batch.isActive ? (
          <Badge color="green" variant="light">
            Active
          </Badge>
        ) : null}
        <Text c="dimmed" size="sm">
          {rows.length} {rows.length === 1 ? 'enrollment' : 'enrollments'} · Starts {formatLongDate(batch.startDate)}
          {batch.endDate ? ` · Ends ${formatLongDate(batch.endDate)}` : ''}
        </Text>
      </Group>
      <DataTable
        columns={columns}
        rows={rows}
        rowKey={(e) => e._id}
        rowLabel={(e) => `Open enrollment of ${enrolleeName(e)}`}
        onRowClick={(e) => void navigate({ to: '/enrollments/$id', params: { id: e._id } })}
        emptyText={MESSAGES.enrollments.empty}
      />
    </>
  );
}
