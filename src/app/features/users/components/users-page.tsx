import { Button, CloseButton, Group, Text, TextInput } from '@mantine/core';
import { IconDownload, IconSearch } from '@tabler/icons-react';
import { useSuspenseQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { PageHeader } from '@/app/components/ui/page-header';
import { usersQuery } from '@/app/features/users/api/get-users';
import { downloadUsersCsv, USERS_FILE_NAME } from '@/app/features/users/csv';
import { buildSearchIndex, filterUsers } from '@/app/features/users/users-search';
import { MESSAGES } from '@/shared/messages';
import { UsersTable } from './users-table';

const route = getRouteApi('/_authed/users/');
/** The URL follows the search box once typing pauses, so history is not one entry per keystroke. */
const URL_SYNC_MS = 300;

const countText = (shown: number, total: number) => {
  const noun = (n: number) => (n === 1 ? 'user' : 'users');
  return shown === total ? `${total} ${noun(total)}` : `${shown} of ${total} ${noun(total)}`;
};

export function UsersPage() {
  const { data: users } = useSuspenseQuery(usersQuery);
  const { q = '' } = route.useSearch();
  const navigate = route.useNavigate();
  const [text, setText] = useState(q);
  // The last ?q= this page wrote: any other change of the URL (Back, the Users link) resets the box.
  const written = useRef(q);

  useEffect(() => {
    if (q === written.current) return;
    written.current = q;
    setText(q);
  }, [q]);

  useEffect(() => {
    if (text === written.current) return;
    const timer = setTimeout(() => {
      written.current = text;
      void navigate({ search: text ? { q: text } : {}, replace: true });
    }, URL_SYNC_MS);
    return () => clearTimeout(timer);
  }, [text, navigate]);

  // Typing stays instant: the filter runs on a deferred copy over a precomputed lower-case index.
  const query = useDeferredValue(text);
  const index = useMemo(() => buildSearchIndex(users), [users]);
  const shown = useMemo(() => filterUsers(users, index, query), [users, index, query]);

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
          {countText(shown.length, users.length)}
        </Text>
      </Group>
      <UsersTable users={shown} />
    </>
  );
}
