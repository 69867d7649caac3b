import { Badge, Text } from '@mantine/core';
import { memo } from 'react';
import { DataTable, type Column, type TableView } from '@/app/components/ui/data-table';
import { formatDateTime } from '@/app/lib/format';
import { USERS_TABLE_MAX_HEIGHT_PX } from '@/shared/constants';
import { MESSAGES } from '@/shared/messages';
import type { Activity } from '@/shared/schemas';

const M = MESSAGES.activity;

const columns: Column<Activity>[] = [
  {
    key: 'when',
    header: M.when,
    width: 170,
    render: (a) => (
      <Text size="sm" component="time" dateTime={a.createdAt}>
        {formatDateTime(a.createdAt)}
      </Text>
    ),
  },
  {
    key: 'admin',
    header: M.admin,
    width: 200,
    render: (a) => (
      <Text size="sm" lineClamp={1} style={{ overflowWrap: 'anywhere' }}>
        {a.adminName ?? M.nobody}
      </Text>
    ),
  },
  {
    key: 'action',
    header: M.action,
    width: 150,
    render: (a) => (
      <Badge variant="light" color={a.action === 'delete' || a.action === 'login-throttled' ? 'red' : undefined}>
        {M.actions[a.action] ?? a.action}
      </Badge>
    ),
  },
  { key: 'kind', header: M.kind, width: 150, render: (a) => <Text size="sm">{M.kinds[a.kind] ?? a.kind}</Text> },
  {
    key: 'summary',
    header: M.summary,
    render: (a) => (
      <Text size="sm" lineClamp={2} miw={220} style={{ overflowWrap: 'anywhere' }}>
        {a.summary}
      </Text>
    ),
  },
];

/** Where an entry's record is shown, with its history: a session is its admin's, a throttled login nobody's. */
function recordLink(a: Activity) {
  if (!a.recordId) return null;
  const params = { id: a.recordId };
  switch (a.kind) {
    case 'enrollment':
      return { to: '/enrollments/$id', params } as const;
    case 'service':
      return { to: '/services/$id', params } as const;
    case 'course':
      return { to: '/courses/$id', params } as const;
    case 'batch':
      return { to: '/enrollments/batch/$id', params } as const;
    case 'user':
    case 'session':
      return { to: '/users/$id', params } as const;
    default:
      return null;
  }
}

const view: TableView<Activity> = {
  columns,
  rowLabel: (a) => M.openRecord(a.summary),
  rowLink: recordLink,
  emptyText: M.empty,
  maxHeight: USERS_TABLE_MAX_HEIGHT_PX,
};

/** Virtualised like every list: 100,000 entries scroll with only the visible rows in the page. */
export const ActivityTable = memo(function ActivityTable({ rows }: { rows: readonly Activity[] }) {
  return <DataTable view={view} rows={rows} />;
});
