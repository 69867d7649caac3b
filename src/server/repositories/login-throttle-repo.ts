import { and, eq, sql } from 'drizzle-orm';
import { rows, type Db } from '@/server/db/client';
import { loginFailures } from '@/server/db/schema';
import { inTransaction } from '@/server/db/transaction';
import { LIMITS } from '@/shared/constants';
import { recordThrottled } from './activity-repo';

const WINDOW_MINUTES = LIMITS.loginWindowMinutes;
/** The per-account budget is counted over an hour (ASVS 2.2.1); older failures are pruned. */
const HOUR_MINUTES = 60;

interface FailureCounts {
  /** This account from this address, in the window and in the hour. */
  pair: number;
  pairHour: number;
  /** This address, any account, in the window. */
  ip: number;
  /** This account, any address, in the hour. */
  accountHour: number;
  /** When the oldest failure of each count leaves it (ms since the epoch), for Retry-After. */
  pairOldest: string | null;
  ipOldest: string | null;
  accountOldest: string | null;
}

async function failureCounts(db: Db, email: string, ip: string): Promise<FailureCounts> {
  const inWindow = sql`created_at > now() - make_interval(mins => ${WINDOW_MINUTES})`;
  const pair = sql`email = ${email} and ip = ${ip}`;
  const [row] = await rows<FailureCounts>(
    db,
    sql`select
      count(*) filter (where ${pair} and ${inWindow})::int as pair,
      count(*) filter (where ${pair})::int as "pairHour",
      count(*) filter (where ip = ${ip} and ${inWindow})::int as ip,
      count(*) filter (where email = ${email})::int as "accountHour",
      min(created_at) filter (where ${pair} and ${inWindow})::text as "pairOldest",
      min(created_at) filter (where ip = ${ip} and ${inWindow})::text as "ipOldest",
      min(created_at) filter (where email = ${email})::text as "accountOldest"
    from login_failures
    where (email = ${email} or ip = ${ip}) and created_at > now() - make_interval(mins => ${HOUR_MINUTES})`,
  );
  return row!;
}

/** Seconds until a failure made at `oldest` is `minutes` old (at least 1). */
const secondsUntil = (oldest: string | null, minutes: number) =>
  Math.max(1, Math.ceil(((oldest ? Date.parse(oldest) : Date.now()) + minutes * 60_000 - Date.now()) / 1000));

/**
 * Which rule refuses an attempt, if any. Every rule needs failures of the asking address itself, so a right
 * password from an address without failures is never refused for what happened elsewhere: an attacker cannot
 * lock the owner out. Per account alone nothing locks: past LIMITS.loginFailuresPerAccountHour only addresses
 * that have not failed for the account in the hour may try, which slows a spread-out attack without a lock.
 */
function refusal(f: FailureCounts): number | null {
  if (f.ip >= LIMITS.loginFailuresPerIp) return secondsUntil(f.ipOldest, WINDOW_MINUTES);
  if (f.pair >= LIMITS.loginFailuresPerAccountAddress) return secondsUntil(f.pairOldest, WINDOW_MINUTES);
  if (f.accountHour >= LIMITS.loginFailuresPerAccountHour && f.pairHour > 0)
    return secondsUntil(f.accountOldest, HOUR_MINUTES);
  return null;
}

export type LoginAttempt = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/**
 * Takes one attempt (a password or a second-factor code) for this account and address before it is checked:
 * it counts as a failure until a success clears it. Counting and recording happen in one transaction under
 * advisory locks on the account and the address (in that order, so two attempts never wait on each other
 * crosswise): parallel requests, on one instance or many, cannot all read "under the limit" and all be tried.
 * A refusal is not a failure (it tried nothing), and makes at most one activity entry a window.
 */
export function reserveLoginAttempt(db: Db, email: string, ip: string): Promise<LoginAttempt> {
  return inTransaction(db, async (t) => {
    await t.execute(sql`select pg_advisory_xact_lock(hashtext(${`login-email:${email}`}))`);
    await t.execute(sql`select pg_advisory_xact_lock(hashtext(${`login-ip:${ip}`}))`);
    const wait = refusal(await failureCounts(t, email, ip));
    if (wait !== null) {
      await recordThrottled(t, email, ip, WINDOW_MINUTES);
      return { allowed: false, retryAfterSeconds: wait };
    }
    await t.insert(loginFailures).values({ email, ip });
    // Prune as we go so the table stays the size of the hour.
    await t.execute(sql`delete from login_failures where created_at < now() - make_interval(mins => ${HOUR_MINUTES})`);
    return { allowed: true };
  });
}

/**
 * A complete sign-in (both factors when two-factor is on): this account's failures from this address, its
 * reserved attempts included, are forgiven. Failures from elsewhere stay: the owner signing in does not give
 * an attacker elsewhere a fresh budget.
 */
export async function clearLoginFailures(db: Db, email: string, ip: string): Promise<void> {
  await db.delete(loginFailures).where(and(eq(loginFailures.email, email), eq(loginFailures.ip, ip)));
}
