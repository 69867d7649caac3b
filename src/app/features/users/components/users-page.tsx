import { Button, CloseButton, Group, Text, TextInput } from '@mantine/core';
import { IconDownload, IconSearch } from '@tabler/icons-react';
import { useSuspenseQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { useCallback, useDeferredValue, useMemo } from 'react';
import { BulkActions, type BulkTarget } from '@/app/components/ui/bulk-actions';
import { PageHeader } from '@/app/components/ui/page-header';
import { recordId, useRowSelection } from '@/app/components/ui/row-selection';
import { usersQuery } from '@/app/features/users/api/get-users';
import { downloadUsersCsv, USERS_FILE_NAME } from '@/app/features/users/csv';
import { buildSearchIndex, filterUsers } from '@/app/features/users/users-search';
import { useUrlState } from '@/app/lib/url-state';
import { USER_BULK_ACTIONS } from '@/shared/bulk-actions';
import { MESSAGES } from '@/shared/messages';
import type { User } from '@/shared/schemas';
import { UsersTable } from './users-table';

const selectLabel = (u: User) => MESSAGES.bulk.selectUser(u.name);
const BULK: BulkTarget<User> = {
  list: usersQuery,
  actions: USER_BULK_ACTIONS,
  noun: 'user',
  name: (u) => `${u.name} (${u.email})`,
};

const route = getRouteApi('/_authed/users/');

export function UsersPage() {
  const { data: users } = useSuspenseQuery(usersQuery);
  const { q = '' } = route.useSearch();
  const navigate = route.useNavigate();
  const writeUrl = useCallback(
    (text: string) => void navigate({ search: text ? { q: text } : {}, replace: true }),
    [navigate],
  );
  const [text, setText] = useUrlState(q, writeUrl, String);

  // Typing stays instant: the filter runs on a deferred copy over a precomputed lower-case index.
  const query = useDeferredValue(text);
  const index = useMemo(() => buildSearchIndex(users), [users]);
  const shown = useMemo(() => filterUsers(users, index, query), [users, index, query]);
  // A new search starts a new selection: "select all" means all that this search matches.
  const selection = useRowSelection(shown, recordId, selectLabel, query.trim().toLowerCase());

  return (
    <>
      <PageHeader title="Users">
        {/* Exports the rows shown, so a search narrows the file too. */}
        <Button leftSection={<IconDownload size={16} />} onClick={() => downloadUsersCsv(shown, USERS_FILE_NAME)}>
          Download Users
        </Button>
      </PageHeader>
      <Group justify="space-between" align="center" mb="md" gap="sm">
        <TextInput
          type="search"
          aria-label="Search users"
          placeholder={MESSAGES.users.searchPlaceholder}
          leftSection={<IconSearch size={16} />}
          rightSection={text ? <CloseButton size="sm" aria-label="Clear search" onClick={() => setText('')} /> : null}
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
          style={{ flex: '1 1 280px', maxWidth: 420 }}
        />
        <Text size="sm" c="dimmed" aria-live="polite">
          {MESSAGES.count.users(shown.length, users.length)}
        </Text>
      </Group>
      <BulkActions selection={selection} target={BULK} />
      <UsersTable users={shown} selection={selection} />
    </>
  );
}
