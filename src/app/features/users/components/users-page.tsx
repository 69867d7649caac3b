import { IconDownload } from '@tabler/icons-react';
import { useSuspenseQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { useCallback, useDeferredValue } from 'react';
import { BulkActions, type BulkTarget } from '@/app/components/ui/bulk-actions';
import { ListArrival, useSelectAllWaits, WholeListButton } from '@/app/components/ui/list-arrival';
import { ListFilters, useListState, useShownRows } from '@/app/components/ui/list-filters';
import { PageHeader } from '@/app/components/ui/page-header';
import { recordId, useRowSelection } from '@/app/components/ui/row-selection';
import type { TableSort } from '@/app/components/ui/table-sort';
import { usersQuery } from '@/app/features/users/api/get-users';
import { downloadUsersCsv, USERS_FILE_NAME } from '@/app/features/users/csv';
import { keepUsers, USER_STATUSES, userSearchText } from '@/app/features/users/users-search';
import type { ListSearch } from '@/app/lib/list-search';
import { API_ROUTES } from '@/shared/api-routes';
import { USER_BULK_ACTIONS } from '@/shared/bulk-actions';
import { MESSAGES } from '@/shared/messages';
import type { User } from '@/shared/schemas';
import { USER_COLUMNS, USER_SORT_KEYS, UsersTable } from './users-table';

const selectLabel = (u: User) => MESSAGES.bulk.selectUser(u.name);
const BULK: BulkTarget<User> = {
  list: usersQuery,
  route: API_ROUTES.usersBulk,
  actions: USER_BULK_ACTIONS,
  noun: 'user',
  name: (u) => `${u.name} (${u.email})`,
};

const route = getRouteApi('/_authed/users/');

export function UsersPage() {
  const { data: users } = useSuspenseQuery(usersQuery);
  const navigate = route.useNavigate();
  const write = useCallback((next: ListSearch) => void navigate({ search: next, replace: true }), [navigate]);
  const [state, set] = useListState(route.useSearch(), write, USER_SORT_KEYS);

  // Typing stays instant: the order and the filter run on a deferred copy over a precomputed lower-case index.
  const deferred = useDeferredValue(state);
  const shown = useShownRows(users, USER_COLUMNS, userSearchText, deferred, keepUsers(deferred.status));
  // A new search or filter starts a new selection: "select all" means all that it shows.
  const selection = useRowSelection(
    shown,
    recordId,
    selectLabel,
    `${deferred.q.trim().toLowerCase()}\n${deferred.status}`,
    useSelectAllWaits('users'),
  );
  const onSort = useCallback((sort: TableSort) => set({ sort }), [set]);

  return (
    <>
      <PageHeader title="Users">
        {/* Exports the rows shown, so a search narrows the file too; it waits for the whole list. */}
        <WholeListButton
          lists={['users']}
          leftSection={<IconDownload size={16} />}
          onClick={() => downloadUsersCsv(shown, USERS_FILE_NAME)}
        >
          Download Users
        </WholeListButton>
      </PageHeader>
      <ListArrival lists={['users']} />
      <ListFilters
        label="Search users"
        placeholder={MESSAGES.users.searchPlaceholder}
        state={state}
        set={set}
        statuses={USER_STATUSES}
        count={MESSAGES.count.users(shown.length, users.length)}
      />
      <BulkActions selection={selection} target={BULK} />
      <UsersTable users={shown} selection={selection} sort={state.sort} onSort={onSort} />
    </>
  );
}
