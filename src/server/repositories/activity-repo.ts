import { sql } from 'drizzle-orm';
import { rows, type Db } from '@/server/db/client';
import { activity } from '@/server/db/schema';
import { MESSAGES } from '@/shared/messages';
import type { ActivityAction, User } from '@/shared/schemas';
import { iso, jsonObject } from './sql-json';

/** Wire Activity over alias `a` (the shape of the sync's `activity` list). */
export const activityJsonSql = jsonObject({
  _id: 'a.id',
  createdAt: iso('a.created_at'),
  adminId: 'a.admin_id',
  adminName: 'a.admin_name',
  adminEmail: 'a.admin_email',
  action: 'a.action',
  kind: 'a.kind',
  recordId: 'a.record_id',
  recordName: 'a.record_name',
  summary: 'a.summary',
  before: 'a.before',
  after: 'a.after',
});

type Admin = Pick<User, '_id' | 'name' | 'email'>;

/** The words the triggers compose summaries from: the same for every write, so made once. */
const WORDS = { verbs: MESSAGES.activity.verbs, nouns: MESSAGES.activity.nouns };

/**
 * Runs a write through the API as `admin`, in one transaction whose `coursedesk.actor` setting names the
 * admin: the triggers of migrations 0004 and 0005 log every row the write changes in that same transaction,
 * with the fields before and after. `action` overrides the action they derive from the change (an import).
 */
export function asAdmin<T>(
  db: Db,
  admin: Admin | null,
  write: (tx: Db) => Promise<T>,
  action?: ActivityAction,
): Promise<T> {
  // The guard has loaded the admin of every route but login's; a write without one is a bug, not a guest.
  if (!admin) throw new Error('A write through the API needs the admin the auth guard loaded.');
  const actor = JSON.stringify({ id: admin._id, name: admin.name, email: admin.email, ...WORDS, action });
  return db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    await t.execute(sql`select set_config('coursedesk.actor', ${actor}, true)`);
    return write(t);
  });
}

/** A login or logout of `admin`, written in the caller's transaction. */
export async function recordSession(db: Db, admin: Admin, action: 'login' | 'logout'): Promise<void> {
  await db.insert(activity).values({
    adminId: admin._id,
    adminName: admin.name,
    adminEmail: admin.email,
    action,
    kind: 'session',
    recordId: admin._id,
    recordName: `${admin.name} (${admin.email})`,
    summary: MESSAGES.activity[action],
  });
}

/**
 * A login refused by the throttle, once per email (or address) and window: an attacker's thousand tries
 * make one entry, not a thousand. Runs in the throttle's transaction, under its advisory locks.
 */
export async function recordThrottled(
  db: Db,
  by: 'email' | 'ip',
  who: string,
  failures: number,
  windowMinutes: number,
): Promise<void> {
  const summary =
    by === 'email'
      ? MESSAGES.activity.throttledEmail(who, failures, windowMinutes)
      : MESSAGES.activity.throttledIp(who, failures, windowMinutes);
  await db.execute(sql`insert into activity (action, kind, record_name, summary, after)
    select 'login-throttled', 'session', ${who}, ${summary}, ${JSON.stringify({ [by]: who, failures })}::jsonb
    where not exists (select 1 from activity where action = 'login-throttled' and record_name = ${who}
      and created_at > now() - make_interval(mins => ${windowMinutes}))`);
}

/**
 * Deletes entries older than `retentionDays` (ACTIVITY_RETENTION_DAYS; null keeps them for ever). The sync
 * triggers log each as a delete, so devices drop them too. Returns how many went.
 */
export async function pruneActivity(db: Db, retentionDays: number | null): Promise<number> {
  if (retentionDays === null) return 0;
  const [gone] = await rows<{ n: number }>(
    db,
    sql`with d as (delete from activity where created_at < now() - make_interval(secs => ${retentionDays * 86_400})
      returning 1) select count(*)::int as n from d`,
  );
  return gone?.n ?? 0;
}

/** The whole log, newest first, one JSON text per row (for the list cache's cursor). */
export const activityListRows = sql`select ${activityJsonSql}::text as json
  from activity a order by a.created_at desc, a.id desc`;
