import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { loginFailures, sessions } from '@/server/db/schema';
import { LIMITS } from '@/shared/constants';
import type { User } from '@/shared/schemas';
import { recordThrottled } from './activity-repo';
import { jsonValue } from './sql-json';
import { userJsonSql } from './users-repo';

export async function createSession(db: Db, userId: string, tokenHash: string): Promise<void> {
  const expiresAt = new Date(Date.now() + LIMITS.sessionDays * 86_400_000).toISOString();
  await db.insert(sessions).values({ userId, tokenHash, expiresAt });
}

/** The user behind a live (unexpired, not revoked) token, or null. */
export function findSessionUser(db: Db, tokenHash: string): Promise<User | null> {
  return jsonValue<User>(
    db,
    sql`select ${userJsonSql()}::text as json from sessions s join users u on u.id = s.user_id
        where s.token_hash = ${tokenHash} and s.revoked_at is null and s.expires_at > now()`,
  );
}

export async function revokeSession(db: Db, tokenHash: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt)));
}

/** Every live session of this user ends (a changed password, an account that lost admin rights). */
export async function revokeUserSessions(db: Db, userId: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}

/** Sessions that ended more than a day ago are of no use to anyone: the table keeps live ones. */
export async function pruneEndedSessions(db: Db): Promise<void> {
  await db
    .delete(sessions)
    .where(sql`${sessions.expiresAt} < now() - interval '1 day' or ${sessions.revokedAt} < now() - interval '1 day'`);
}

const windowStart = () => sql`now() - make_interval(mins => ${LIMITS.loginWindowMinutes})`;

/** Failures in the window for this email and this address, and when the oldest email failure leaves it. */
async function loginFailureCounts(db: Db, email: string, ip: string) {
  const [row] = await db
    .select({
      byEmail: sql<number>`count(*) filter (where ${loginFailures.email} = ${email})::int`,
      byIp: sql<number>`count(*) filter (where ${loginFailures.ip} = ${ip})::int`,
      oldestEmail: sql<string | null>`min(${loginFailures.createdAt}) filter (where ${loginFailures.email} = ${email})`,
    })
    .from(loginFailures)
    .where(
      and(
        gt(loginFailures.createdAt, windowStart()),
        sql`(${loginFailures.email} = ${email} or ${loginFailures.ip} = ${ip})`,
      ),
    );
  return { byEmail: row?.byEmail ?? 0, byIp: row?.byIp ?? 0, oldestEmail: row?.oldestEmail ?? null };
}

export type LoginAttempt = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/**
 * Takes one login attempt for this email and address before the password is checked: the attempt
 * counts as a failure until a success clears it. Counting and recording happen in one transaction
 * under advisory locks on the email and the address (in that order, so two attempts never wait on
 * each other crosswise), so parallel requests, on one instance or many, cannot all read "under the
 * limit" and all be tried.
 */
export function reserveLoginAttempt(db: Db, email: string, ip: string): Promise<LoginAttempt> {
  return db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    await t.execute(sql`select pg_advisory_xact_lock(hashtext(${`login-email:${email}`}))`);
    await t.execute(sql`select pg_advisory_xact_lock(hashtext(${`login-ip:${ip}`}))`);
    const failures = await loginFailureCounts(t, email, ip);
    const windowSeconds = LIMITS.loginWindowMinutes * 60;
    if (failures.byEmail >= LIMITS.loginFailuresPerEmail) {
      await recordThrottled(t, 'email', email, failures.byEmail, LIMITS.loginWindowMinutes);
      const oldest = failures.oldestEmail ? Date.parse(failures.oldestEmail) : Date.now();
      return {
        allowed: false,
        retryAfterSeconds: Math.max(1, Math.ceil((oldest + windowSeconds * 1000 - Date.now()) / 1000)),
      };
    }
    if (failures.byIp >= LIMITS.loginFailuresPerIp) {
      await recordThrottled(t, 'ip', ip, failures.byIp, LIMITS.loginWindowMinutes);
      return { allowed: false, retryAfterSeconds: windowSeconds };
    }
    await t.insert(loginFailures).values({ email, ip });
    // Prune as we go so the table stays the size of one window.
    await t.delete(loginFailures).where(sql`${loginFailures.createdAt} < ${windowStart()}`);
    return { allowed: true };
  });
}

/** A successful login: this email's failures (its reserved attempt included) are forgiven. */
export async function clearLoginFailures(db: Db, email: string): Promise<void> {
  await db.delete(loginFailures).where(eq(loginFailures.email, email));
}
