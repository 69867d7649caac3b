import { sql, type SQL } from 'drizzle-orm';
import { rows, type Db } from '@/server/db/client';
import type { BulkAction, BulkRefusalReason } from '@/shared/schemas';
import { lockForUserDelete } from './users-repo';

/** The tables bulk actions reach, each with what "approve" and "disapprove" write there. */
const TABLES = {
  enrollments: {
    table: sql.raw('enrollments'),
    approve: sql.raw(`is_verified = true, verified_at = now(), updated_at = now()`),
    disapprove: sql.raw(`is_verified = false, verified_at = null, updated_at = now()`),
    /** Rows already in the asked state are done without a write (their verifiedAt stays). */
    needs: { approve: sql.raw('not t.is_verified'), disapprove: sql.raw('t.is_verified') },
    stamped: true,
  },
  services: {
    table: sql.raw('service_purchases'),
    approve: sql.raw(`is_verified = true, updated_at = now()`),
    disapprove: sql.raw(`is_verified = false, updated_at = now()`),
    needs: { approve: sql.raw('not t.is_verified'), disapprove: sql.raw('t.is_verified') },
    stamped: true,
  },
  users: { table: sql.raw('users'), approve: null, disapprove: null, needs: null, stamped: false },
} as const;
export type BulkTable = keyof typeof TABLES;

export interface BulkItem {
  id: string;
  updatedAt?: string;
}
export interface BulkOutcome {
  done: string[];
  /** The transaction's clock: the updatedAt (and verifiedAt) of every record this request changed. */
  at: Date | null;
  refused: { id: string; reason: Exclude<BulkRefusalReason, 'self'> }[];
}

/**
 * (The data-modifying CTE `w` runs to completion although the final select does not read it.)
 * Applies one action to many records in ONE statement (so one transaction, and one sync version for
 * all of them). A record is refused when it no longer exists, or when the admin saw an older version
 * of it (`updatedAt` differs at millisecond precision, the wire's): another admin changed it meanwhile.
 */
export async function applyBulk(db: Db, name: BulkTable, action: BulkAction, items: BulkItem[]): Promise<BulkOutcome> {
  const t = TABLES[name];
  const input = JSON.stringify(items.map((i) => ({ id: i.id, seen: i.updatedAt ?? null })));
  const fresh = t.stamped ? sql`x.seen is null or date_trunc('milliseconds', t.updated_at) = x.seen` : sql`true`;
  let write: SQL;
  if (action === 'delete') {
    write = sql`delete from ${t.table} where id in (select id from ok) returning id`;
  } else {
    const set = t[action];
    const needs = t.needs?.[action];
    if (!set || !needs) throw new Error(`${action} is not an action on ${name}`);
    write = sql`update ${t.table} t set ${set} from ok where t.id = ok.id and ${needs} returning t.id`;
  }
  // The rows are locked first, in a statement of their own (within the route's transaction). Under READ
  // COMMITTED the statement below reads a snapshot taken when it starts: after this one returns, so after any
  // other writer of these rows has committed, and the freshness check sees its change (a record changed while
  // the bulk waited for its lock is refused, not approved or deleted). In id order, so two bulks never
  // deadlock; a user delete locks in the order every writer does (lockForUserDelete).
  const ids = sql`select x.id from json_to_recordset(${input}::json) as x(id uuid)`;
  if (name === 'users' && action === 'delete') await lockForUserDelete(db, ids);
  else await db.execute(sql`select 1 from ${t.table} where id in (${ids}) order by id for update`);
  const result = await rows<{ id: string; present: boolean; ok: boolean; at: Date | string }>(
    db,
    sql`with x as (
          select distinct on (id) id, seen from json_to_recordset(${input}::json) as x(id uuid, seen timestamptz)),
        ok as (select t.id from ${t.table} t join x on x.id = t.id where ${fresh}),
        w as (${write})
      select x.id::text as id, (t.id is not null) as present, (x.id in (select id from ok)) as ok, now() as at
      from x left join ${t.table} t on t.id = x.id`,
  );
  const outcome: BulkOutcome = {
    done: [],
    refused: [],
    at: action === 'delete' || !result[0] ? null : new Date(result[0].at),
  };
  for (const r of result) {
    if (r.ok) outcome.done.push(r.id);
    else outcome.refused.push({ id: r.id, reason: r.present ? 'changed' : 'missing' });
  }
  return outcome;
}
