import { and, eq, isNull, sql } from 'drizzle-orm';
import { hashRecoveryCode, newRecoveryCodes, totpStep } from '@/server/auth/totp';
import type { Db } from '@/server/db/client';
import { loginChallenges, recoveryCodes, twoFactor } from '@/server/db/schema';
import { LIMITS } from '@/shared/constants';

export async function getTwoFactor(db: Db, userId: string) {
  const [row] = await db.select().from(twoFactor).where(eq(twoFactor.userId, userId));
  return row ?? null;
}

export async function recoveryCodesLeft(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  return row?.n ?? 0;
}

/** Keeps a new key until a code confirms it; false when two-factor sign-in is already on (disable it first). */
export async function startEnrolment(db: Db, userId: string, secret: string): Promise<boolean> {
  const saved = await db
    .insert(twoFactor)
    .values({ userId, secret })
    .onConflictDoUpdate({
      target: twoFactor.userId,
      set: { secret, lastStep: null, createdAt: sql`now()` },
      setWhere: isNull(twoFactor.enabledAt),
    })
    .returning({ userId: twoFactor.userId });
  return saved.length > 0;
}

/** A step is spent once: of two requests with one code, only one gets it. */
async function spendStep(db: Db, userId: string, step: number): Promise<boolean> {
  const spent = await db
    .update(twoFactor)
    .set({ lastStep: step })
    .where(and(eq(twoFactor.userId, userId), sql`coalesce(${twoFactor.lastStep}, -1) < ${step}`))
    .returning({ userId: twoFactor.userId });
  return spent.length > 0;
}

/**
 * Confirms a pending key with a code from the app: two-factor sign-in is on and ten new recovery codes replace
 * any earlier ones. Returns the codes (shown once; only their hashes stay), or null for a wrong code.
 */
export async function confirmEnrolment(db: Db, userId: string, code: string): Promise<string[] | null> {
  const pending = await getTwoFactor(db, userId);
  if (!pending || pending.enabledAt) return null;
  const step = await totpStep(pending.secret, code, pending.lastStep);
  if (step === null || !(await spendStep(db, userId, step))) return null;
  await db
    .update(twoFactor)
    .set({ enabledAt: sql`now()` })
    .where(eq(twoFactor.userId, userId));
  return replaceRecoveryCodes(db, userId);
}

export async function replaceRecoveryCodes(db: Db, userId: string): Promise<string[]> {
  const codes = newRecoveryCodes();
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await db.insert(recoveryCodes).values(codes.map((code) => ({ userId, codeHash: hashRecoveryCode(code) })));
  return codes;
}

/** Checks a second factor of an enabled account: a code of the app, or an unused recovery code (then spent). */
export async function checkSecondFactor(db: Db, userId: string, code: string): Promise<'app' | 'recovery' | null> {
  const factor = await getTwoFactor(db, userId);
  if (!factor?.enabledAt) return null;
  const step = await totpStep(factor.secret, code, factor.lastStep);
  if (step !== null) return (await spendStep(db, userId, step)) ? 'app' : null;
  const used = await db
    .update(recoveryCodes)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(recoveryCodes.userId, userId),
        eq(recoveryCodes.codeHash, hashRecoveryCode(code)),
        isNull(recoveryCodes.usedAt),
      ),
    )
    .returning({ id: recoveryCodes.id });
  return used.length ? 'recovery' : null;
}

export async function disableTwoFactor(db: Db, userId: string): Promise<void> {
  await db.delete(twoFactor).where(eq(twoFactor.userId, userId));
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
}

export async function createChallenge(db: Db, userId: string, tokenHash: string): Promise<void> {
  const expiresAt = new Date(Date.now() + LIMITS.twoFactorChallengeMinutes * 60_000).toISOString();
  // Challenges of the past are of no use: they go as new ones come.
  await db.delete(loginChallenges).where(sql`${loginChallenges.expiresAt} < now()`);
  await db.insert(loginChallenges).values({ userId, tokenHash, expiresAt });
}

/**
 * Takes one try of a live challenge: its user, or null when it is unknown, expired or out of tries (then it
 * is gone, and the sign-in starts again with the password).
 */
export async function takeChallengeTry(db: Db, tokenHash: string): Promise<string | null> {
  const [row] = await db
    .update(loginChallenges)
    .set({ tries: sql`${loginChallenges.tries} + 1` })
    .where(
      and(
        eq(loginChallenges.tokenHash, tokenHash),
        sql`${loginChallenges.expiresAt} > now()`,
        sql`${loginChallenges.tries} < ${LIMITS.twoFactorChallengeTries}`,
      ),
    )
    .returning({ userId: loginChallenges.userId });
  if (!row) await endChallenge(db, tokenHash);
  return row?.userId ?? null;
}

/** A live challenge's user without spending a try (enrolment at sign-in asks for its key first). */
export async function challengeUser(db: Db, tokenHash: string): Promise<string | null> {
  const [row] = await db
    .select({ userId: loginChallenges.userId })
    .from(loginChallenges)
    .where(and(eq(loginChallenges.tokenHash, tokenHash), sql`${loginChallenges.expiresAt} > now()`));
  return row?.userId ?? null;
}

export async function endChallenge(db: Db, tokenHash: string): Promise<void> {
  await db.delete(loginChallenges).where(eq(loginChallenges.tokenHash, tokenHash));
}
