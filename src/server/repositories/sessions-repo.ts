import { and, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import { rows, type Db } from '@/server/db/client';
import { sessions } from '@/server/db/schema';
import type { SessionInfo, User } from '@/shared/schemas';
import { asText, iso, jsonObject, jsonValue } from './sql-json';
import { userJsonSql } from './users-repo';

/** How long a session lives: SESSION_IDLE_DAYS without use, SESSION_MAX_DAYS after its sign-in. */
export interface SessionLifetimes {
  sessionIdleDays: number;
  sessionMaxDays: number;
}

export interface NewSession {
  userId: string;
  tokenHash: string;
  userAgent: string;
  ip: string;
}

export async function createSession(db: Db, session: NewSession, maxDays: number): Promise<void> {
  const expiresAt = new Date(Date.now() + maxDays * 86_400_000).toISOString();
  // A user agent is whatever the client sends: kept short, it only names the device.
  await db.insert(sessions).values({ ...session, userAgent: session.userAgent.slice(0, 300), expiresAt });
}

/** A session that is neither revoked, past its lifetime, nor idle longer than `idleDays`, over alias `s`. */
const live = (idleDays: number) =>
  sql`s.revoked_at is null and s.expires_at > now() and s.last_used_at > now() - make_interval(secs => ${idleDays * 86_400})`;

/** The user behind a live token, or null. */
export function findSessionUser(db: Db, tokenHash: string, idleDays: number): Promise<User | null> {
  return jsonValue<User>(
    db,
    sql`select ${asText(userJsonSql())} as json from sessions s join users u on u.id = s.user_id
        where s.token_hash = ${tokenHash} and ${live(idleDays)}`,
  );
}

/** Marks the session used now; at most once a minute, so reads do not each write a row. */
export async function touchSession(db: Db, tokenHash: string): Promise<void> {
  await db.execute(sql`update sessions set last_used_at = now()
    where token_hash = ${tokenHash} and last_used_at < now() - interval '1 minute'`);
}

/** This admin's live sessions, most recently used first; `current` marks the one holding `tokenHash`. */
export async function listSessions(db: Db, userId: string, tokenHash: string, idleDays: number) {
  const list = await rows<{ json: string }>(
    db,
    sql`select ${jsonObject({
      _id: 's.id',
      userAgent: 's.user_agent',
      ip: 's.ip',
      startedAt: iso('s.created_at'),
      lastUsedAt: iso('s.last_used_at'),
      current: sql`s.token_hash = ${tokenHash}`,
    })}::text as json
    from sessions s where s.user_id = ${userId} and ${live(idleDays)} order by s.last_used_at desc, s.id`,
  );
  return list.map((r) => JSON.parse(r.json) as SessionInfo);
}

/** Ends one of this admin's sessions; false when it is not theirs or already ended. */
export async function endSession(db: Db, userId: string, id: string): Promise<boolean> {
  const ended = await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.id, id), eq(sessions.userId, userId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  return ended.length > 0;
}

/** Ends every session of this admin but the one holding `tokenHash`; returns how many ended. */
export async function endOtherSessions(db: Db, userId: string, tokenHash: string): Promise<number> {
  const ended = await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.userId, userId), ne(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  return ended.length;
}

/** Revokes the sessions of these token hashes; returns the users whose session ended (for the activity log). */
export async function revokeSessions(db: Db, tokenHashes: readonly string[]): Promise<string[]> {
  if (!tokenHashes.length) return [];
  const ended = await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(inArray(sessions.tokenHash, [...tokenHashes]), isNull(sessions.revokedAt)))
    .returning({ userId: sessions.userId });
  return ended.map((r) => r.userId);
}

/** Every live session of this user ends (a changed password, an account that lost admin rights). */
export async function revokeUserSessions(db: Db, userId: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}

/** Sessions that ended (revoked, expired or idle) more than a day ago are of no use to anyone. */
export async function pruneEndedSessions(db: Db, idleDays: number): Promise<void> {
  await db.execute(sql`delete from sessions where expires_at < now() - interval '1 day'
    or revoked_at < now() - interval '1 day'
    or last_used_at < now() - make_interval(secs => ${idleDays * 86_400}) - interval '1 day'`);
}
