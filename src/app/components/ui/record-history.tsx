import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useOlderActivity } from '@/app/lib/activity-log';
import { formatDateTime } from '@/app/lib/format';
import { syncedListQuery } from '@/app/lib/sync/synced-list-query';
import { MESSAGES } from '@/shared/messages';
import type { Activity } from '@/shared/schemas';
import { ChangedFields } from './changed-fields';

const M = MESSAGES.activity;
/** Entries shown at first; the rest one click away (a user with 5,000 logins stays a short page). */
const FIRST = 10;

/** The entries of one record on this device (the sync's window of the log), newest first, offline too. */
export function useRecordHistory(recordId: string): Activity[] | undefined {
  const { data } = useQuery(syncedListQuery('activity'));
  return useMemo(() => data?.filter((a) => a.recordId === recordId), [data, recordId]);
}

const NO_ENTRIES: Activity[] = [];

/**
 * A record's history on its detail screen (enrollment, service purchase, course, user): who did what and
 * when, with the fields before and after as the screens show them. A deleted record keeps it: its last
 * state is the delete's "before". The device's entries show at once, older ones come from the server when
 * asked for.
 */
export function RecordHistory({ recordId }: { recordId: string }) {
  const { data: device } = useQuery(syncedListQuery('activity'));
  const local = useRecordHistory(recordId);
  // Older entries on demand: the device holds the newest activity only (docs/activity.md).
  const query = useMemo(() => ({ record: recordId }), [recordId]);
  const older = useOlderActivity(query, device ?? NO_ENTRIES, false);
  const [all, setAll] = useState(false);
  const entries = useMemo(() => (local ? [...local, ...older.rows] : undefined), [local, older.rows]);
  if (!entries) return null;
  const shown = all ? entries : entries.slice(0, FIRST);
  const hidden = entries.length - shown.length;
  return (
    <Card withBorder radius="lg" padding="xl" component="section" aria-labelledby={`history-${recordId}`}>
      <Title order={3} size="h4" mb="md" id={`history-${recordId}`}>
        {M.history}
      </Title>
      {entries.length === 0 ? <Text c="dimmed">{M.noHistory}</Text> : null}
      {shown.length > 0 ? (
        <Stack gap="lg" component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {shown.map((a) => (
            <Stack key={a._id} gap={6} component="li">
              <Group gap="xs" wrap="wrap">
                <Badge variant="light">{M.actions[a.action] ?? a.action}</Badge>
                <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
                  {a.summary}
                </Text>
              </Group>
              <Text size="xs" c="dimmed">
                <time dateTime={a.createdAt}>{formatDateTime(a.createdAt)}</time>{' '}
                {M.by(a.adminName ? `${a.adminName} (${a.adminEmail})` : M.nobody)}
              </Text>
              <ChangedFields entry={a} />
            </Stack>
          ))}
        </Stack>
      ) : null}
      {hidden > 0 ? (
        <Button variant="subtle" mt="md" onClick={() => setAll(true)}>
          {M.showMore(hidden)}
        </Button>
      ) : older.online && older.mayHaveMore ? (
        <Button variant="subtle" mt="md" loading={older.loading} onClick={() => void older.more()}>
          {M.loadOlder}
        </Button>
      ) : null}
      {older.failed ? (
        <Text size="sm" c="red" mt="xs" role="alert">
          {M.olderFailed}
        </Text>
      ) : older.done && hidden === 0 ? (
        <Text size="sm" c="dimmed" mt="xs">
          {M.noOlder}
        </Text>
      ) : null}
    </Card>
  );
}
