import { Badge, Button, Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { formatDateTime } from '@/app/lib/format';
import { syncedListQuery } from '@/app/lib/sync/synced-list-query';
import { MESSAGES } from '@/shared/messages';
import type { Activity } from '@/shared/schemas';

const M = MESSAGES.activity;
/** Entries shown at first; the rest one click away (a user with 5,000 logins stays a short page). */
const FIRST = 10;

/** A field's value as it reads in the log: text as is, everything else as JSON. */
export const fieldValue = (v: unknown) =>
  v === undefined || v === null ? '—' : typeof v === 'string' ? v : JSON.stringify(v);

/** The fields an entry names, each with its value before and after (a create has no before, a delete no after). */
export function changedFields(
  entry: Pick<Activity, 'before' | 'after'>,
): { field: string; before: unknown; after: unknown }[] {
  const keys = [...new Set([...Object.keys(entry.before ?? {}), ...Object.keys(entry.after ?? {})])];
  return keys.map((field) => ({ field, before: entry.before?.[field], after: entry.after?.[field] }));
}

/** The changed fields of one entry as a small table: field, before, after. */
export function ChangedFields({ entry }: { entry: Pick<Activity, 'before' | 'after'> }) {
  const fields = changedFields(entry);
  if (!fields.length) return null;
  return (
    <Table.ScrollContainer minWidth={320}>
      <Table withTableBorder fz="sm" verticalSpacing={4}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{M.field}</Table.Th>
            <Table.Th scope="col">{M.before}</Table.Th>
            <Table.Th scope="col">{M.after}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {fields.map((f) => (
            <Table.Tr key={f.field}>
              <Table.Th scope="row" fw={500}>
                {f.field}
              </Table.Th>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>{fieldValue(f.before)}</Table.Td>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>{fieldValue(f.after)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** The entries of one record, newest first, from the synced activity list (offline too). */
export function useRecordHistory(recordId: string): Activity[] | undefined {
  const { data } = useQuery(syncedListQuery('activity'));
  return useMemo(() => data?.filter((a) => a.recordId === recordId), [data, recordId]);
}

/**
 * A record's history on its detail screen (enrollment, service purchase, course, user): who did what and
 * when, with the fields before and after. A deleted record keeps it: its last state is the delete's "before".
 */
export function RecordHistory({ recordId }: { recordId: string }) {
  const entries = useRecordHistory(recordId);
  const [all, setAll] = useState(false);
  if (!entries) return null;
  const shown = all ? entries : entries.slice(0, FIRST);
  return (
    <Card withBorder radius="lg" padding="xl" component="section" aria-labelledby={`history-${recordId}`}>
      <Title order={3} size="h4" mb="md" id={`history-${recordId}`}>
        {M.history}
      </Title>
      {entries.length === 0 ? (
        <Text c="dimmed">{M.noHistory}</Text>
      ) : (
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
      )}
      {!all && entries.length > FIRST ? (
        <Button variant="subtle" mt="md" onClick={() => setAll(true)}>
          {M.showMore(entries.length - FIRST)}
        </Button>
      ) : null}
    </Card>
  );
}
