import { sql, type SQL } from 'drizzle-orm';
import { rows, type Db } from '@/server/db/client';
import { inTransaction } from '@/server/db/transaction';

/** The activity the sync carries to devices: entries of the last `days`, at most the newest `entries`. */
export interface ActivityWindow {
  days: number;
  entries: number;
}

/** The window's start, as sync_state holds it: created_at in microseconds since 1970 and id; null: all. */
export type WindowStart = { micros: string; id: string } | null;

/** The SQL condition "entry `a` is in the window" (true without a window). */
export function inWindow(start: WindowStart, alias = 'a'): SQL {
  if (!start) return sql`true`;
  const a = sql.raw(alias);
  return sql`(${a}.created_at, ${a}.id) >= (timestamptz 'epoch' + ${start.micros}::bigint * interval '1 microsecond', ${start.id}::uuid)`;
}

const micros = (column: string) => sql.raw(`(extract(epoch from ${column}) * 1000000)::bigint::text`);

/** Compares two window starts in the log's order (created_at, then id); null is before everything. */
function compare(a: WindowStart, b: WindowStart): number {
  if (!a || !b) return a === b ? 0 : a ? 1 : -1;
  const d = BigInt(a.micros) - BigInt(b.micros);
  return d !== 0n ? (d > 0n ? 1 : -1) : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/**
 * Moves the window's start to the later of "`days` ago" and the `entries`-th newest entry, and logs every
 * entry it passed over as a sync change of the activity list, in one version: the sync sends an entry that
 * left the window as a delete and one that came into it (a widened window) as an upsert, so every device
 * converges. The first time (no start yet) logs nothing: SYNC_SCHEMA 4 made every device sync in full, with
 * the window. Under the sync clock's row lock from the start, so two instances move it one after the other.
 * Returns how many entries changed sides.
 */
export async function moveActivityWindow(db: Db, window: ActivityWindow): Promise<number> {
  return inTransaction(db, async (t) => {
    const [state] = await rows<{ micros: string | null; id: string | null }>(
      t,
      sql`select ${micros('activity_from')} as micros, activity_from_id::text as id
          from sync_state where id = 1 for update`,
    );
    const old: WindowStart = state?.micros && state.id ? { micros: state.micros, id: state.id } : null;
    const [byTime] = await rows<{ micros: string }>(
      t,
      sql`select ${micros(`now() - make_interval(secs => ${window.days * 86_400})`)} as micros`,
    );
    const [byCount] = await rows<{ micros: string; id: string }>(
      t,
      sql`select ${micros('created_at')} as micros, id::text as id from activity
          order by created_at desc, id desc offset ${window.entries - 1} limit 1`,
    );
    const timeStart: WindowStart = { micros: byTime!.micros, id: '00000000-0000-0000-0000-000000000000' };
    const next = byCount && compare(byCount, timeStart) > 0 ? byCount : timeStart;
    if (compare(next, old) === 0) return 0;
    await t.execute(sql`update sync_state set
        activity_from = timestamptz 'epoch' + ${next.micros}::bigint * interval '1 microsecond',
        activity_from_id = ${next.id}::uuid
      where id = 1`);
    if (!old) return 0;
    const [low, high] = compare(next, old) > 0 ? [old, next] : [next, old];
    const [moved] = await rows<{ n: number }>(
      t,
      sql`with passed as (select id from activity a where ${inWindow(low)} and not ${inWindow(high)}),
          logged as (select sync_log(array_agg('activity'::text), array_agg(id)) from passed)
          select (select count(*)::int from passed) as n from logged`,
    );
    return moved?.n ?? 0;
  });
}
