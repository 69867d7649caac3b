import { sql } from 'drizzle-orm';
import { rows, type Db } from '@/server/db/client';
import {
  SYNC_LISTS,
  SYNC_ORDER,
  SYNC_SCHEMA,
  type ListPosition,
  type ResetCursor,
  type SyncList,
  type SyncProgress,
} from '@/shared/schemas';
import { fillOrder } from '@/shared/sync-lists';
import { asText } from './sql-json';
import { emptyChanges, SOURCES, synced, TABLES, type SyncPage, type SyncState } from './sync-sources';
import { syncSummary } from './sync-summary-repo';

type Place = ListPosition[2];

/** Rows of each list the sync carries, in SYNC_LISTS order. */
async function countLists(db: Db, state: SyncState): Promise<number[]> {
  const counts = SYNC_LISTS.map(
    (l, i) => sql`(select count(*) from ${sql.raw(TABLES[l])} a where ${synced(l, state)}) as ${sql.raw(`n${i}`)}`,
  );
  const [row] = await rows<Record<string, string | number>>(db, sql`select ${sql.join(counts, sql`, `)}`);
  return SYNC_LISTS.map((_, i) => Number(row?.[`n${i}`] ?? 0));
}

/**
 * One page of a list in its screen order (SYNC_ORDER), after the row `after`: keyset paging on the
 * (created_at, id) indexes, so each page costs the same wherever it starts.
 */
function listPage(db: Db, state: SyncState, list: SyncList, after: [number, string] | null, limit: number) {
  const { json, from, id, createdAt } = SOURCES[list];
  const newest = SYNC_ORDER[list] === 'newestFirst';
  const position = after
    ? sql`(${createdAt}, ${id}) ${newest ? sql`<` : sql`>`}
        (timestamptz 'epoch' + ${after[0]} * interval '1 microsecond', ${after[1]}::uuid)`
    : sql`true`;
  // As the indexes are (created_at desc nulls last, id desc nulls last): another nulls order would sort every page.
  const direction = newest ? sql`desc nulls last` : sql`asc`;
  return rows<{ id: string; json: string; at: string }>(
    db,
    sql`select ${id}::text as id, ${asText(json)} as json,
          (extract(epoch from ${createdAt}) * 1000000)::bigint::text as at
        from ${from} where ${position} and ${synced(list, state)}
        order by ${createdAt} ${direction}, ${id} ${direction} limit ${limit}`,
  );
}

function progressOf(positions: ListPosition[]): SyncProgress {
  const lists = Object.fromEntries(
    SYNC_LISTS.map((l, i) => {
      const [done, total] = positions[i]!;
      return [l, { done, total: Math.max(total, done) }];
    }),
  ) as SyncProgress['lists'];
  const all = Object.values(lists);
  return {
    done: all.reduce((n, p) => n + p.done, 0),
    total: all.reduce((n, p) => n + p.total, 0),
    lists,
  };
}

/**
 * A page of a full sync: lists one after another in `fillOrder(first)`, each in its screen order, filling up
 * to `limit` rows; every list keeps its own position, so a `first` that changes from page to page (the admin
 * moved to another screen) resumes each list where it stood. `position` null starts one (reset: true) at the
 * current version V0. The last page's cursor is a delta cursor at V0, so whatever changed during the full sync
 * comes next (a row may come again, newer).
 *
 * The dashboard's `summary` comes on the second page, when the sync goes on after it: reading it scans every table
 * (1.5 s of PGlite's time at 1,000,000 enrollments), and a new device's first screen waits for the first page only.
 * The device asks for the second page as soon as the first one's headers name it, so it is built meanwhile.
 */
export async function fullSyncPage(
  db: Db,
  state: SyncState,
  position: ResetCursor['r'] | null,
  limit: number,
  first: SyncList | undefined,
): Promise<SyncPage> {
  const v = position?.v ?? state.version;
  const lists: ListPosition[] = position
    ? position.l.map(([done, total, place]) => [done, total, place] as ListPosition)
    : (await countLists(db, state)).map((total) => [0, total, null] as ListPosition);
  const changes = emptyChanges();
  let room = limit;
  for (const list of fillOrder(first)) {
    const at = lists[SYNC_LISTS.indexOf(list)]!;
    if (at[2] === 'end') continue;
    if (room === 0) break;
    const page = await listPage(db, state, list, at[2], room);
    changes[list].upserts = page.map((r) => r.json);
    at[0] += page.length;
    room -= page.length;
    // A page that filled up resumes after its last row (an empty next page finds the list whole).
    const last = page.at(-1);
    const place: Place = room > 0 ? 'end' : [Number(last!.at), last!.id];
    at[2] = place;
  }
  const whole = lists.every((at) => at[2] === 'end');
  const cursor: SyncPage['cursor'] = whole
    ? { s: SYNC_SCHEMA, e: state.epoch, v }
    : {
        s: SYNC_SCHEMA,
        e: state.epoch,
        r: { v, l: lists as ResetCursor['r']['l'], ...(position === null ? { sm: 1 as const } : {}) },
      };
  // A copy made whole by this page has no use for it: the device counts its own lists.
  const summary = position?.sm && !whole ? await syncSummary(db) : undefined;
  return {
    reset: position === null,
    changes,
    cursor,
    // Changes made since the full sync began come in the next (delta) pull.
    hasMore: whole ? state.version > v : true,
    progress: progressOf(lists),
    ...(summary ? { summary } : {}),
  };
}
