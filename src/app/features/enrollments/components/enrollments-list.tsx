import { Text } from '@mantine/core';
import { useDeferredValue, useMemo } from 'react';
import { YesNoBadge } from '@/app/components/ui/badges';
import { BulkActions, type BulkTarget } from '@/app/components/ui/bulk-actions';
import { DataTable, type Column, type TableView } from '@/app/components/ui/data-table';
import { EmailText } from '@/app/components/ui/email-text';
import { ListArrival, useSelectAllWaits } from '@/app/components/ui/list-arrival';
import { ListFilters, useListState, useShownRows } from '@/app/components/ui/list-filters';
import { recordId, useRowSelection } from '@/app/components/ui/row-selection';
import { enrollmentsQuery } from '@/app/features/enrollments/api/get-enrollments';
import { downloadEnrollments } from '@/app/features/enrollments/csv';
import { enrolleeEmail, enrolleeName } from '@/app/features/enrollments/enrollee';
import { ENROLLMENT_STATUSES as STATUSES } from '@/app/features/enrollments/enrollments-search';
import { formatMoney } from '@/app/lib/format';
import type { ListSearch } from '@/app/lib/list-search';
import { API_ROUTES } from '@/shared/api-routes';
import { ENROLLMENT_BULK_ACTIONS } from '@/shared/bulk-actions';
import { MESSAGES } from '@/shared/messages';
import type { Batch, Enrollment } from '@/shared/schemas';
import { EnrollmentRowActions } from './enrollment-row-actions';

const M = MESSAGES.lists;

const KEEP = { pending: (e: Enrollment) => !e.isVerified, approved: (e: Enrollment) => e.isVerified };
/** What the search box finds an enrollment by. */
const searchText = (e: Enrollment) =>
  `${enrolleeName(e)}\n${enrolleeEmail(e)}\n${e.courseDetails.title}\n${e.transactionId ?? ''}`;

const selectLabel = (e: Enrollment) => MESSAGES.bulk.selectEnrollment(enrolleeName(e));
const BULK: BulkTarget<Enrollment> = {
  list: enrollmentsQuery,
  route: API_ROUTES.enrollmentsBulk,
  actions: ENROLLMENT_BULK_ACTIONS,
  noun: 'enrollment',
  // What the bulk route writes: a row already in the asked state is not written.
  verify: (e, on, at) =>
    e.isVerified === on ? e : { ...e, isVerified: on, verifiedAt: on ? at : null, updatedAt: at },
  name: enrolleeName,
};

/**
 * The table's columns (Name, Email, Amount, Course, Approved, Actions), with Batch after Course when the
 * list spans batches. A new array only when the batches change (the rows' download names them).
 */
function columnsFor(batches: readonly Batch[], withBatch: boolean): Column<Enrollment>[] {
  const batchName = new Map(batches.map((b) => [b._id, b.batchName]));
  const nameOf = (e: Enrollment) => (e.batchId ? (batchName.get(e.batchId) ?? null) : null);
  const batch: Column<Enrollment> = {
    key: 'batch',
    header: M.batchColumn,
    render: (e) => nameOf(e) ?? M.noBatch,
    sortValue: nameOf,
  };
  return [
    {
      key: 'name',
      header: 'Name',
      render: (e) => (
        <Text fw={500} size="sm">
          {enrolleeName(e)}
        </Text>
      ),
      sortValue: enrolleeName,
    },
    { key: 'email', header: 'Email', render: (e) => <EmailText email={enrolleeEmail(e)} />, sortValue: enrolleeEmail },
    {
      key: 'amount',
      header: 'Amount',
      width: 130,
      render: (e) => formatMoney(e.amount, e.currency),
      sortValue: (e) => e.amount,
    },
    { key: 'course', header: 'Course', render: (e) => e.courseDetails.title, sortValue: (e) => e.courseDetails.title },
    ...(withBatch ? [batch] : []),
    {
      key: 'approved',
      header: 'Approved',
      width: 130,
      render: (e) => <YesNoBadge value={e.isVerified} yes="Approved" no="Pending" noColor="yellow" />,
      // Pending first when ascending: the work waiting.
      sortValue: (e) => (e.isVerified ? 1 : 0),
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
}

const viewFor = (batches: readonly Batch[], withBatch: boolean): TableView<Enrollment> => ({
  columns: columnsFor(batches, withBatch),
  rowLabel: (e) => `Open enrollment of ${enrolleeName(e)}`,
  rowLink: (e) => ({ to: '/enrollments/$id', params: { id: e._id } }),
  emptyText: MESSAGES.enrollments.empty,
});

interface EnrollmentsListProps {
  /** The enrollments this screen lists (one batch's, or all of them), in the list's order (newest first). */
  rows: readonly Enrollment[];
  batches: readonly Batch[];
  /** A Batch column, for a list that spans batches. */
  withBatch?: boolean;
  /** The route's search and how to replace it. */
  search: ListSearch;
  write: (search: ListSearch) => void;
  /** What the rows are (the batch id): a new scope starts a new selection. */
  scope: string;
}

/**
 * Enrollments with a search, a Pending / Approved filter and sortable columns, all kept in the URL; bulk actions
 * reach the rows shown. The filter and the order run on a deferred copy: typing stays instant at 200,000 rows.
 */
export function EnrollmentsList({ rows, batches, withBatch = false, search, write, scope }: EnrollmentsListProps) {
  const view = useMemo(() => viewFor(batches, withBatch), [batches, withBatch]);
  const sortKeys = useMemo(() => view.columns.filter((c) => c.sortValue).map((c) => c.key), [view]);
  const [state, set] = useListState(search, write, sortKeys);
  const deferred = useDeferredValue(state);
  const keep = deferred.status === 'pending' || deferred.status === 'approved' ? KEEP[deferred.status] : null;
  const shown = useShownRows(rows, view.columns, searchText, deferred, keep);
  // A new search or filter starts a new selection: "select all" means all that it shows.
  const selection = useRowSelection(
    shown,
    recordId,
    selectLabel,
    `${scope}\n${deferred.q.trim().toLowerCase()}\n${deferred.status}`,
    useSelectAllWaits('enrollments'),
  );

  return (
    <>
      <ListArrival lists={['enrollments']} />
      <ListFilters
        label={M.searchEnrollments}
        placeholder={M.enrollmentsPlaceholder}
        state={state}
        set={set}
        statuses={STATUSES}
        count={M.enrollmentsShown(shown.length, rows.length)}
      />
      <BulkActions selection={selection} target={BULK} />
      <DataTable view={view} rows={shown} selection={selection} sort={state.sort} onSort={(sort) => set({ sort })} />
    </>
  );
}
