import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { LIMITS } from '../../shared/constants';
import type { User } from '../../shared/schemas';
import type { Db } from '../db/client';
import { loginFailures, sessions } from '../db/schema';
import { userJsonSql } from './users-repo';
import { jsonValue } from './sql-json';

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
  await db.update(sessions).set({ revokedAt: sql`now()` }).where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt)));
}

const windowStart = () => sql`now() - make_interval(mins => ${LIMITS.loginWindowMinutes})`;

/** Failures in the window for this email and this address, and when the oldest email failure leaves it. */
export async function loginFailureCounts(db: Db, email: string, ip: string) {
  const [row] = await db
    .select({
      byEmail: sql<number>`count(*) filter (where ${loginFailures.email} = ${email})::int`,
      byIp: sql<number>`count(*) filter (where ${loginFailures.ip} = ${ip})::int`,
      oldestEmail: sql<string | null>`min(${loginFailures.createdAt}) filter (where ${loginFailures.email} = ${email})`,
    })
    .from(loginFailures)
    .where(and(gt(loginFailures.createdAt, windowStart()), sql`(${loginFailures.email} = ${email} or ${loginFailures.ip} = ${ip})`));
  return { byEmail: row?.byEmail ?? 0, byIp: row?.byIp ?? 0, oldestEmail: row?.oldestEmail ?? null };
}

export async function recordLoginFailure(db: Db, email: string, ip: string): Promise<void> {
  await db.insert(loginFailures).values({ email, ip });
  // Prune as we go so the table stays the size of one window.
  await db.delete(loginFailures).where(sql`${loginFailures.createdAt} < ${windowStart()}`);
}

export async function clearLoginFailures(db: Db, email: string): Promise<void> {
  await db.delete(loginFailures).where(eq(loginFailures.email, email));
}
