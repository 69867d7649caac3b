import { Anchor, Center, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useParams, type LinkProps } from '@tanstack/react-router';
import type { SyncRows } from '@/app/lib/sync/list-codecs';
import type { syncedListQuery } from '@/app/lib/sync/synced-list-query';
import { useSyncState } from '@/app/lib/sync/use-sync-state';
import type { SyncList } from '@/shared/schemas/sync';
import { useListArrival } from './list-arrival';
import { RecordHistory } from './record-history';
import type { ReactNode } from 'react';

/** The pieces of a screen that shows one record of a loaded list: back to the list, loading, not found. */

/**
 * "← Back to users": the one way back from a record to its list (or a batch), in one style on every screen.
 * `params` fills the route's `$id` when the way back is a record too (an enrollment's batch).
 */
export function BackLink({ to, params, children }: { to: LinkProps['to']; params?: { id: string }; children: string }) {
  return (
    <Anchor
      renderRoot={(props) => <Link to={to} params={params as never} {...props} />}
      size="sm"
      c="dimmed"
      w="fit-content"
    >
      <Group gap={4} component="span" wrap="nowrap">
        <IconArrowLeft size={14} aria-hidden /> {children}
      </Group>
    </Anchor>
  );
}

/** Until the list that holds the record has loaded. */
export function RecordLoading({ text }: { text: string }) {
  return (
    <Center py="xl" role="status">
      <Group gap="sm">
        <Loader size="sm" />
        <Text>{text}</Text>
      </Group>
    </Center>
  );
}

/** A record the loaded list does not hold: why, the way back, and its history (a deleted record's last state). */
function RecordNotFound({
  title,
  text,
  back,
  recordId,
}: {
  title: string;
  text: string;
  back: ReactNode;
  recordId: string;
}) {
  return (
    <Stack align="center" py="xl" gap="xs" ta="center">
      <Title order={2}>{title}</Title>
      <Text c="dimmed">{text}</Text>
      {back}
      <RecordHistory recordId={recordId} />
    </Stack>
  );
}

/** What a record screen says: the way back, while its list loads, and when the list does not hold the record. */
export interface RecordWords {
  back: string;
  loading: string;
  notFoundTitle: string;
  notFoundText: string;
}

/**
 * The screen of one record of a loaded list, the one its route's `$id` names: Loading until the list is there;
 * not found (with the way back and the record's history) when the list does not hold it; else the way back to
 * the list (`to`), the record's own cards (`children`, given a way back once it is deleted) and its history.
 */
export function LoadedRecord<L extends SyncList>({
  query,
  words,
  to,
  maw,
  children,
}: {
  query: ReturnType<typeof syncedListQuery<L>>;
  words: RecordWords;
  to: LinkProps['to'];
  maw: number;
  children: (record: SyncRows[L], backToList: () => void) => ReactNode;
}) {
  const { id = '' } = useParams({ strict: false });
  const navigate = useNavigate();
  const { data: rows } = useQuery(query);
  const back = <BackLink to={to}>{words.back}</BackLink>;
  const { caughtUp } = useSyncState();
  // A list a first sync still brings may hold the record in a page still to come.
  const whole = useListArrival(query.queryKey[0]) === null;
  const record = rows?.find((r) => r._id === id);
  // A record newer than the device copy comes with this start-up's first pull.
  if (!rows || (!record && (!caughtUp || !whole))) return <RecordLoading text={words.loading} />;
  if (!record)
    return <RecordNotFound title={words.notFoundTitle} text={words.notFoundText} back={back} recordId={id} />;
  return (
    <Stack gap="md" maw={maw}>
      {back}
      {children(record, () => void navigate({ to, replace: true }))}
      <RecordHistory recordId={record._id} />
    </Stack>
  );
}
