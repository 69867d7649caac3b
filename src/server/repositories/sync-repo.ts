import { sql } from 'drizzle-orm';
import { rows, type Db } from '@/server/db/client';
import { inTransaction } from '@/server/db/transaction';
import {
  encodeSyncCursor,
  SYNC_LISTS,
  SYNC_SCHEMA,
  type DeltaCursor,
  type ResetCursor,
  type SyncCursor,
  type SyncList,
} from '@/shared/schemas';
import { asText } from './sql-json';
import { fullSyncPage } from './sync-full-repo';
import { emptyChanges, readState, SOURCES, synced, type SyncPage, type SyncState } from './sync-sources';

export type { SyncPage } from './sync-sources';

const READ_SNAPSHOT = { isolationLevel: 'repeatable read', accessMode: 'read only' } as const;

/** Ids as one text parameter: the same on both drivers, whatever their support for array parameters. */
const idArray = (ids: string[]) => sql`string_to_array(${ids.join(',')}, ',')::uuid[]`;

/** The rows of these ids the sync carries; an id missing from the map is a delete (gone, or out of the window). */
async function rowsById(db: Db, state: SyncState, list: SyncList, ids: string[]): Promise<Map<string, string>> {
  const { json, from, id } = SOURCES[list];
  const found = await rows<{ id: string; json: string }>(
    db,
    sql`select ${id}::text as id, ${asText(json)} as json from ${from}
        where ${id} = any(${idArray(ids)}) and ${synced(list, state)}`,
  );
  return new Map(found.map((r) => [r.id, r.json]));
}

/** Can this delta position still be served: same database, not ahead of it, history not pruned? */
export function deltaUsable(cursor: DeltaCursor, state: SyncState): boolean {
  if (cursor.e !== state.epoch || cursor.v > state.version) return false;
  // {v}: needs the changes above v; {v, at}: needs version v itself too.
  return cursor.at ? cursor.v > state.prunedBelow : cursor.v >= state.prunedBelow;
}

/** Can this full sync go on where its cursor stands: same database, its start V0 not ahead, not pruned? */
export const fullSyncUsable = (cursor: ResetCursor, state: SyncState) =>
  cursor.e === state.epoch && cursor.r.v >= state.prunedBelow && cursor.r.v <= state.version;

/**
 * One pull. Every page is read in one REPEATABLE READ snapshot: the sync clock read there is V, every
 * change up to V is visible (versions are handed out in commit order) and none above it, so a change
 * committed meanwhile comes in the next pull, never in neither and never twice.
 */
export async function pullSync(db: Db, cursor: SyncCursor | null, limit: number, first?: SyncList): Promise<SyncPage> {
  return (await pullSyncAt(db, cursor, limit, first)).page;
}

/** pullSync, with the sync state its snapshot read (the page cache keys a full sync's first page on it). */
export function pullSyncAt(
  db: Db,
  cursor: SyncCursor | null,
  limit: number,
  first?: SyncList,
): Promise<{ page: SyncPage; state: SyncState }> {
  return inTransaction(
    db,
    async (t) => {
      const state = await readState(t);
      const page = async () => {
        if (cursor && 'r' in cursor)
          return fullSyncPage(t, state, fullSyncUsable(cursor, state) ? cursor.r : null, limit, first);
        if (!cursor || !deltaUsable(cursor, state)) return fullSyncPage(t, state, null, limit, first);
        return deltaPage(t, state, cursor, limit);
      };
      return { page: await page(), state };
    },
    READ_SNAPSHOT,
  );
}

async function deltaPage(db: Db, state: SyncState, cursor: DeltaCursor, limit: number): Promise<SyncPage> {
  const changes = emptyChanges();
  const done: DeltaCursor = { s: SYNC_SCHEMA, e: state.epoch, v: state.version };
  if (cursor.v === state.version && !cursor.at) return { reset: false, changes, cursor: done, hasMore: false };

  const from = cursor.at
    ? sql`(version, list, row_id) > (${cursor.v}, ${cursor.at[0]}, ${cursor.at[1]}::uuid)`
    : sql`version > ${cursor.v}`;
  // One more than a page, to know whether more follow.
  const keys = await rows<{ version: string | number; list: SyncList; row_id: string }>(
    db,
    sql`select version, list, row_id::text as row_id from sync_changes
        where ${from} and version <= ${state.version}
        order by version, list, row_id limit ${limit + 1}`,
  );
  const page = keys.slice(0, limit);
  const hasMore = keys.length > limit;
  let next = done;
  if (hasMore) {
    const last = page[page.length - 1]!;
    const following = keys[limit]!;
    // A page that ends on a whole version needs no position inside it.
    next =
      Number(following.version) > Number(last.version)
        ? { ...done, v: Number(last.version) }
        : { ...done, v: Number(last.version), at: [last.list, last.row_id] };
  }

  const byList = new Map<SyncList, Set<string>>();
  for (const k of page) {
    if (!SOURCES[k.list]) continue; // a list a newer server logs: nothing to send for it
    let ids = byList.get(k.list);
    if (!ids) byList.set(k.list, (ids = new Set()));
    ids.add(k.row_id);
  }
  for (const [list, ids] of byList) {
    const found = await rowsById(db, state, list, [...ids]);
    for (const id of ids) {
      const json = found.get(id);
      if (json === undefined) changes[list].deletes.push(id);
      else changes[list].upserts.push(json);
    }
  }
  return { reset: false, changes, cursor: next, hasMore };
}

const NON_ASCII = /[\u0080-\uffff]/g;
const asciiOnly = (json: string) =>
  json.replace(NON_ASCII, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

/**
 * The reply's body: rows are passed through as the database wrote them, never parsed here.
 * Every character past ASCII is written as a `\uXXXX` escape, the same JSON: a browser decodes an all-ASCII
 * body several times faster (one accented name makes a whole page two-byte text), which took a sixth off a
 * first sync at scale (docs/benchmarks.md). The text, all ASCII, is its own UTF-8: each part is copied into one
 * buffer as Latin-1. Never joined into one string first: joining a page's rows (some of them two-byte strings
 * from the driver) and copying the result took 6 s of a first sync at 200,000 enrollments, the parts 0.4 s.
 */
export function syncReplyBody(page: SyncPage): Buffer {
  const parts = [`{"success":true,"reset":${page.reset},"changes":{`];
  SYNC_LISTS.forEach((l, i) => {
    const { upserts, deletes } = page.changes[l];
    parts.push(`${i ? ',' : ''}${JSON.stringify(l)}:{"upserts":[`);
    upserts.forEach((row, j) => {
      if (j) parts.push(',');
      parts.push(asciiOnly(row));
    });
    parts.push(`],"deletes":${asciiOnly(JSON.stringify(deletes))}}`);
  });
  parts.push(
    `},"cursor":${JSON.stringify(encodeSyncCursor(page.cursor))},"hasMore":${page.hasMore}` +
      (page.progress ? `,"progress":${JSON.stringify(page.progress)}` : '') +
      (page.summary ? `,"summary":${asciiOnly(JSON.stringify(page.summary))}` : '') +
      '}',
  );
  let length = 0;
  for (const part of parts) length += part.length;
  const body = Buffer.allocUnsafe(length);
  let at = 0;
  for (const part of parts) at += body.write(part, at, 'latin1');
  return body;
}
