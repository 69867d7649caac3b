import { Avatar, Group, Text } from '@mantine/core';
import { memo } from 'react';
import { YesNoBadge } from '@/app/components/ui/badges';
import { DataTable, rowNumberColumn, type Column, type TableView } from '@/app/components/ui/data-table';
import { EmailText } from '@/app/components/ui/email-text';
import type { RowSelection } from '@/app/components/ui/row-selection';
import type { TableSort } from '@/app/components/ui/table-sort';
import { formatDate } from '@/app/lib/format';
import { USERS_TABLE_MAX_HEIGHT_PX } from '@/shared/constants';
import { MESSAGES } from '@/shared/messages';
import type { User } from '@/shared/schemas';
import { DeleteUserButton, DownloadUserButton } from './user-actions';

export const initialOf = (name: string) => name.trim().charAt(0).toUpperCase() || '?';

export const USER_COLUMNS: Column<User>[] = [
  rowNumberColumn('No'),
  {
    key: 'name',
    header: 'Name',
    render: (u) => (
      <Group gap="sm" wrap="nowrap" miw={180}>
        <Avatar size="sm" radius="xl" color="initials" name={u.name} aria-hidden>
          {initialOf(u.name)}
        </Avatar>
        <Text size="sm" fw={500} lineClamp={1}>
          {u.name}
        </Text>
      </Group>
    ),
    sortValue: (u) => u.name,
  },
  {
    key: 'email',
    header: 'Email',
    render: (u) => <EmailText email={u.email} />,
    sortValue: (u) => u.email,
  },
  {
    key: 'verified',
    header: 'Verified',
    width: 150,
    render: (u) => <YesNoBadge value={u.isVerified} yes="Verified" no="Not Verified" />,
    sortValue: (u) => (u.isVerified ? 1 : 0),
  },
  {
    key: 'created',
    header: 'Account Created',
    width: 170,
    render: (u) => <Text size="sm">{formatDate(u.createdAt)}</Text>,
    // ISO times compare as text.
    sortValue: (u) => u.createdAt,
  },
  {
    key: 'actions',
    header: 'Actions',
    width: 96,
    render: (u) => (
      <Group gap={4} wrap="nowrap">
        <DownloadUserButton user={u} compact />
        <DeleteUserButton user={u} compact />
      </Group>
    ),
  },
];

export const USER_SORT_KEYS = USER_COLUMNS.filter((c) => c.sortValue).map((c) => c.key);

const view: TableView<User> = {
  columns: USER_COLUMNS,
  rowLabel: (u) => `Open user ${u.name}`,
  rowLink: (u) => ({ to: '/users/$id', params: { id: u._id } }),
  emptyText: MESSAGES.users.noUsers,
  maxHeight: USERS_TABLE_MAX_HEIGHT_PX,
};

/**
 * Virtualised, so 50,000 users scroll smoothly inside the spec's 900px. Memoised: a keystroke's urgent
 * render (the search box) skips the table; only the deferred filter result re-renders it.
 */
export const UsersTable = memo(function UsersTable({
  users,
  selection,
  sort,
  onSort,
}: {
  users: readonly User[];
  selection?: RowSelection<User>;
  sort: TableSort;
  onSort: (sort: TableSort) => void;
}) {
  return <DataTable view={view} rows={users} selection={selection} sort={sort} onSort={onSort} />;
});
