import { Anchor, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useMemo } from 'react';
import { readableFields, type ReadableValue } from '@/app/lib/activity-fields';
import { syncedListQuery } from '@/app/lib/sync/synced-list-query';
import { MESSAGES } from '@/shared/messages';
import type { Activity } from '@/shared/schemas';

const M = MESSAGES.activity;

type RefList = 'users' | 'courses' | 'batches';

/** A record's name as its screens show it. */
const nameOf = (list: RefList, row: Record<string, unknown>) =>
  String(list === 'users' ? row.name : list === 'courses' ? (row.pageData as { title: string }).title : row.batchName);

/** A record an entry names: a link with its name as the lists hold it now, or "deleted" when it is gone. */
function RecordRef({ list, id }: { list: RefList; id: string }) {
  const { data } = useQuery(syncedListQuery(list));
  const name = useMemo(() => {
    const row = (data as unknown as Record<string, unknown>[] | undefined)?.find((r) => r._id === id);
    return row ? nameOf(list, row) : null;
  }, [data, id, list]);
  if (!data) return null;
  if (name === null)
    return (
      <Text span size="sm" c="dimmed">
        {M.deletedRecord}
      </Text>
    );
  const params = { id };
  if (list === 'users')
    return (
      <Anchor renderRoot={(props) => <Link to="/users/$id" params={params} {...props} />} size="sm">
        {name}
      </Anchor>
    );
  if (list === 'courses')
    return (
      <Anchor renderRoot={(props) => <Link to="/courses/$id" params={params} {...props} />} size="sm">
        {name}
      </Anchor>
    );
  return (
    <Anchor renderRoot={(props) => <Link to="/enrollments/batch/$id" params={params} {...props} />} size="sm">
      {name}
    </Anchor>
  );
}

function Value({ value }: { value: ReadableValue | null }) {
  if (!value) return null;
  return 'ref' in value ? <RecordRef list={value.ref} id={value.id} /> : <>{value.text}</>;
}

/**
 * The fields of one entry as the record's screens show them: their labels and formats, ids as links.
 * Only the sides the entry has: a create shows what it set, a delete the last state, an update both.
 */
export function ChangedFields({ entry }: { entry: Pick<Activity, 'kind' | 'before' | 'after'> }) {
  const fields = readableFields(entry);
  if (!fields.length) return null;
  const sides = [entry.before ? ('before' as const) : null, entry.after ? ('after' as const) : null].filter(
    (x) => x !== null,
  );
  // No scroll container: its values wrap anywhere, so it fits a phone; a scrolled region would need focus (axe).
  return (
    <Table withTableBorder fz="sm" verticalSpacing={4}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">{M.field}</Table.Th>
          {sides.map((side) => (
            <Table.Th key={side} scope="col">
              {M[side]}
            </Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {fields.map((f) => (
          <Table.Tr key={f.field}>
            <Table.Th scope="row" fw={500}>
              {f.label}
            </Table.Th>
            {sides.map((side) => (
              <Table.Td key={side} style={{ overflowWrap: 'anywhere' }}>
                <Value value={f[side]} />
              </Table.Td>
            ))}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
