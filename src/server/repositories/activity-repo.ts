import { sql, type SQL } from 'drizzle-orm';
import { rows, type Db } from '@/server/db/client';
import { activity } from '@/server/db/schema';
import { MESSAGES } from '@/shared/messages';
import { ACTIVITY_PAGE, type ActivityQuery, type User } from '@/shared/schemas';
import { asText, iso, jsonObject } from './sql-json';

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
 * Logins refused by the throttle make at most one entry per window (`windowMinutes`), whoever asked: an
 * attacker's many emails or addresses make one entry, naming the first refusal, not one each. (Entries are never
 * updated, so the later refusals are not counted into it.) Refusals take turns on an advisory lock for this check.
 */
export async function recordThrottled(db: Db, email: string, ip: string, windowMinutes: number): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext('login-throttled'))`);
  await db.execute(sql`insert into activity (action, kind, record_name, summary, after)
    select 'login-throttled', 'session', ${email}, ${MESSAGES.activity.throttled(email, ip, windowMinutes)},
      ${JSON.stringify({ email, ip })}::jsonb
    where not exists (select 1 from activity where action = 'login-throttled'
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

/** The instant a day (YYYY-MM-DD) starts in time zone `tz`, plus `plusDays` days (DST days included). */
export function dayStartIn(date: string, tz: string, plusDays = 0): Date {
  const [y, m, d] = date.split('-').map(Number);
  const wall = Date.UTC(y!, m! - 1, d! + plusDays);
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: tz,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  });
  // The zone's offset at an instant: its wall clock there, read as if it were UTC, minus the instant.
  const offset = (at: number) => {
    const p = Object.fromEntries(parts.formatToParts(at).map((x) => [x.type, Number(x.value)]));
    return Date.UTC(p.year!, p.month! - 1, p.day!, p.hour!, p.minute!, p.second!) - Math.floor(at / 1000) * 1000;
  };
  // Twice: the offset at the guess may differ from the one at the answer across a DST change.
  const guess = wall - offset(wall);
  return new Date(wall - offset(guess));
}

/** A page position: the last entry sent, as its created_at in microseconds since 1970 and its id. */
export interface PagePosition {
  micros: string;
  id: string;
}

/** A LIKE pattern that finds `text` anywhere, its own % and _ taken literally. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * One page of the log, newest first, narrowed by every filter given (GET /api/activity; docs/activity.md).
 * Keyset paging on the (created_at, id) index: every page costs the same wherever it starts.
 * Returns the rows as JSON texts and the position the next page starts after (null: this was the last).
 */
export async function activityPage(
  db: Db,
  f: Omit<ActivityQuery, 'cursor'>,
  after: PagePosition | null,
): Promise<{ rows: string[]; last: PagePosition | null }> {
  const limit = f.limit ?? ACTIVITY_PAGE.default;
  const tz = f.tz ?? 'UTC';
  const where: SQL[] = [sql`true`];
  if (after)
    where.push(
      sql`(a.created_at, a.id) < (timestamptz 'epoch' + ${after.micros}::bigint * interval '1 microsecond', ${after.id}::uuid)`,
    );
  if (f.admin) where.push(sql`a.admin_email = ${f.admin}`);
  if (f.kind) where.push(sql`a.kind = ${f.kind}`);
  if (f.action) where.push(sql`a.action = ${f.action}`);
  if (f.record) where.push(sql`a.record_id = ${f.record}::uuid`);
  if (f.before)
    where.push(sql`(a.created_at, a.id) < (select b.created_at, b.id from activity b where b.id = ${f.before}::uuid)`);
  if (f.from) where.push(sql`a.created_at >= ${dayStartIn(f.from, tz).toISOString()}::timestamptz`);
  if (f.to) where.push(sql`a.created_at < ${dayStartIn(f.to, tz, 1).toISOString()}::timestamptz`);
  const q = f.q?.trim();
  if (q) {
    const p = containing(q);
    where.push(sql`(a.record_name ilike ${p} or a.admin_name ilike ${p} or a.admin_email ilike ${p})`);
  }
  // One more than a page, to know whether another follows.
  const found = await rows<{ json: string; micros: string; id: string }>(
    db,
    sql`select ${asText(activityJsonSql)} as json, a.id::text as id,
          (extract(epoch from a.created_at) * 1000000)::bigint::text as micros
        from activity a where ${sql.join(where, sql` and `)}
        order by a.created_at desc nulls last, a.id desc nulls last limit ${limit + 1}`,
  );
  const page = found.slice(0, limit);
  const last = found.length > limit ? page.at(-1) : undefined;
  return { rows: page.map((r) => r.json), last: last ? { micros: last.micros, id: last.id } : null };
}
