import { sql, type SQL } from 'drizzle-orm';
import { rows, type Db } from '@/server/db/client';
import {
  encodeSyncCursor,
  SYNC_LISTS,
  SYNC_ORDER,
  SYNC_SCHEMA,
  type DeltaCursor,
  type ResetCursor,
  type SyncCursor,
  type SyncList,
} from '@/shared/schemas';
import { activityJsonSql } from './activity-repo';
import { inWindow, type WindowStart } from './activity-window-repo';
import { batchJsonSql } from './batches-repo';
import { courseJsonSql } from './courses-repo';
import { enrollmentJsonSql } from './enrollments-repo';
import { serviceJsonSql } from './services-repo';
import { userJsonSql } from './users-repo';

/**
 * Each list's rows in the wire shape of its GET list route (the same JSON builders), by id, and its table's
 * created_at (the screens' order, SYNC_ORDER, is created_at then id).
 * A batch counts its own enrollments through the batch index, rather than grouping the whole table.
 */
const SOURCES: Record<SyncList, { json: SQL; from: SQL; id: SQL; createdAt: SQL }> = {
  users: { json: userJsonSql('u'), from: sql`users u`, id: sql`u.id`, createdAt: sql`u.created_at` },
  courses: { json: courseJsonSql, from: sql`courses c`, id: sql`c.id`, createdAt: sql`c.created_at` },
  batches: {
    json: batchJsonSql,
    from: sql`batches b left join lateral (
      select count(*)::int as n from enrollments x where x.batch_id = b.id
    ) c on true`,
    id: sql`b.id`,
    createdAt: sql`b.created_at`,
  },
  services: {
    json: serviceJsonSql,
    from: sql`service_purchases p left join users u on u.id = p.user_id`,
    id: sql`p.id`,
    createdAt: sql`p.created_at`,
  },
  enrollments: {
    json: enrollmentJsonSql,
    from: sql`enrollments e left join users u on u.id = e.user_id`,
    id: sql`e.id`,
    createdAt: sql`e.created_at`,
  },
  activity: { json: activityJsonSql, from: sql`activity a`, id: sql`a.id`, createdAt: sql`a.created_at` },
};

interface SyncState {
  version: number;
  prunedBelow: number;
  epoch: string;
  /** The activity window's start (src/server/sync/activity-window.ts): older entries are not synced. */
  activityFrom: WindowStart;
}

/** Rows of `list` the sync carries: all but activity entries outside the window. */
const synced = (list: SyncList, state: SyncState) => (list === 'activity' ? inWindow(state.activityFrom) : sql`true`);

interface ListPart {
  /** JSON texts of rows, passed through unparsed. */
  upserts: string[];
  deletes: string[];
}

export interface SyncPage {
  reset: boolean;
  changes: Record<SyncList, ListPart>;
  cursor: SyncCursor;
  hasMore: boolean;
  progress?: { done: number; total: number };
}

const READ_SNAPSHOT = { isolationLevel: 'repeatable read', accessMode: 'read only' } as const;

const emptyChanges = (): Record<SyncList, ListPart> =>
  Object.fromEntries(SYNC_LISTS.map((l) => [l, { upserts: [], deletes: [] }])) as unknown as Record<SyncList, ListPart>;

async function readState(db: Db): Promise<SyncState> {
  const [row] = await rows<{
    version: string | number;
    pruned_below: string | number;
    epoch: string;
    from_micros: string | null;
    from_id: string | null;
  }>(
    db,
    sql`select version, pruned_below, epoch::text as epoch, activity_from_id::text as from_id,
          (extract(epoch from activity_from) * 1000000)::bigint::text as from_micros
        from sync_state where id = 1`,
  );
  if (!row) throw new Error('sync_state has no row: migration 0003 did not run.');
  return {
    version: Number(row.version),
    prunedBelow: Number(row.pruned_below),
    epoch: row.epoch,
    activityFrom: row.from_micros && row.from_id ? { micros: row.from_micros, id: row.from_id } : null,
  };
}

/** Ids as one text parameter: the same on both drivers, whatever their support for array parameters. */
const idArray = (ids: string[]) => sql`string_to_array(${ids.join(',')}, ',')::uuid[]`;

/** The rows of these ids the sync carries; an id missing from the map is a delete (gone, or out of the window). */
async function rowsById(db: Db, state: SyncState, list: SyncList, ids: string[]): Promise<Map<string, string>> {
  const { json, from, id } = SOURCES[list];
  const found = await rows<{ id: string; json: string }>(
    db,
    sql`select ${id}::text as id, ${json}::text as json from ${from}
        where ${id} = any(${idArray(ids)}) and ${synced(list, state)}`,
  );
  return new Map(found.map((r) => [r.id, r.json]));
}

/** Can this delta position still be served: same database, not ahead of it, history not pruned? */
function deltaUsable(cursor: DeltaCursor, state: SyncState): boolean {
  if (cursor.e !== state.epoch || cursor.v > state.version) return false;
  // {v}: needs the changes above v; {v, at}: needs version v itself too.
  return cursor.at ? cursor.v > state.prunedBelow : cursor.v >= state.prunedBelow;
}

/**
 * One pull. Every page is read in one REPEATABLE READ snapshot: the sync clock read there is V, every
 * change up to V is visible (versions are handed out in commit order) and none above it, so a change
 * committed meanwhile comes in the next pull, never in neither and never twice.
 */
export function pullSync(db: Db, cursor: SyncCursor | null, limit: number): Promise<SyncPage> {
  return db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const state = await readState(t);
    if (cursor && 'r' in cursor) {
      const usable = cursor.e === state.epoch && cursor.r.v >= state.prunedBelow && cursor.r.v <= state.version;
      return resetPage(t, state, usable ? cursor.r : null, limit);
    }
    if (!cursor || !deltaUsable(cursor, state)) return resetPage(t, state, null, limit);
    return deltaPage(t, state, cursor, limit);
  }, READ_SNAPSHOT);
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

/** The table whose rows each list carries. */
const TABLES: Record<SyncList, string> = {
  users: 'users',
  courses: 'courses',
  batches: 'batches',
  services: 'service_purchases',
  enrollments: 'enrollments',
  activity: 'activity',
};

async function countAll(db: Db, state: SyncState): Promise<number> {
  const counts = SYNC_LISTS.map((l) => sql`(select count(*) from ${sql.raw(TABLES[l])} a where ${synced(l, state)})`);
  const [row] = await rows<{ n: string | number }>(db, sql`select ${sql.join(counts, sql` + `)} as n`);
  return Number(row?.n ?? 0);
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
    sql`select ${id}::text as id, ${json}::text as json,
          (extract(epoch from ${createdAt}) * 1000000)::bigint::text as at
        from ${from} where ${position} and ${synced(list, state)}
        order by ${createdAt} ${direction}, ${id} ${direction} limit ${limit}`,
  );
}

/**
 * A page of a full sync: the lists one after another, each in its screen order, filling up to `limit` rows.
 * `position` null starts one (reset: true) at the current version V0. The last page's cursor is a delta
 * cursor at V0, so whatever changed during the full sync comes next (a row may come again, newer).
 */
async function resetPage(
  db: Db,
  state: SyncState,
  position: ResetCursor['r'] | null,
  limit: number,
): Promise<SyncPage> {
  const start = position ?? {
    v: state.version,
    list: SYNC_LISTS[0],
    after: null,
    done: 0,
    total: await countAll(db, state),
  };
  const changes = emptyChanges();
  let room = limit;
  let done = start.done;
  let after = start.after;
  for (let i = SYNC_LISTS.indexOf(start.list); i < SYNC_LISTS.length; i++) {
    const list = SYNC_LISTS[i]!;
    const page = await listPage(db, state, list, after, room);
    changes[list].upserts = page.map((r) => r.json);
    done += page.length;
    room -= page.length;
    if (room === 0) {
      // Full: resume after the last row sent (an empty next page moves on to the next list).
      const last = page.at(-1);
      const cursor: ResetCursor = {
        s: SYNC_SCHEMA,
        e: state.epoch,
        r: {
          v: start.v,
          list,
          after: last ? [Number(last.at), last.id] : after,
          done,
          total: Math.max(start.total, done),
        },
      };
      return {
        reset: position === null,
        changes,
        cursor,
        hasMore: true,
        progress: { done, total: Math.max(start.total, done) },
      };
    }
    after = null;
  }
  return {
    reset: position === null,
    changes,
    cursor: { s: SYNC_SCHEMA, e: state.epoch, v: start.v },
    // Changes made since the full sync began come in the next (delta) pull.
    hasMore: state.version > start.v,
    progress: { done, total: Math.max(start.total, done) },
  };
}

const NON_ASCII = /[\u0080-\uffff]/g;
const asciiOnly = (json: string) =>
  json.replace(NON_ASCII, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

/**
 * The reply's body: rows are passed through as the database wrote them, never parsed here.
 * Every character past ASCII is written as a `\uXXXX` escape, the same JSON: a browser decodes an all-ASCII
 * body several times faster (one accented name makes a whole page two-byte text), which took a sixth off a
 * first sync at scale (docs/benchmarks.md). Rows are escaped one by one, and the text, all ASCII, is its own
 * UTF-8: copied into the buffer as Latin-1, cheaper than encoding it.
 */
export function syncReplyBody(page: SyncPage): Buffer {
  const lists = SYNC_LISTS.map((l) => {
    const { upserts, deletes } = page.changes[l];
    return `${JSON.stringify(l)}:{"upserts":[${upserts.map(asciiOnly).join(',')}],"deletes":${asciiOnly(JSON.stringify(deletes))}}`;
  });
  const text =
    `{"success":true,"reset":${page.reset},"changes":{${lists.join(',')}},` +
    `"cursor":${JSON.stringify(encodeSyncCursor(page.cursor))},"hasMore":${page.hasMore}` +
    (page.progress ? `,"progress":${JSON.stringify(page.progress)}` : '') +
    '}';
  return Buffer.from(text, 'latin1');
}
