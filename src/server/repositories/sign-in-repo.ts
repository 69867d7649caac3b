import { hashToken, newToken } from '@/server/auth/passwords';
import type { Db } from '@/server/db/client';
import { inTransaction } from '@/server/db/transaction';
import type { User } from '@/shared/schemas';
import { recordSession } from './activity-repo';
import { clearLoginFailures } from './login-throttle-repo';
import { createSession, revokeSessions } from './sessions-repo';
import { getUser } from './users-repo';

/** Where a sign-in comes from, as the Sessions screen shows it. */
export interface SignInOrigin {
  ip: string;
  userAgent: string;
}

/**
 * Both factors passed: in one transaction, the session, its entry in the activity log, and this address's
 * failures forgiven. Returns the new token (shown once, stored only as its hash) and the admin.
 */
export function signIn(
  db: Db,
  user: { id: string; email: string },
  origin: SignInOrigin,
  sessionMaxDays: number,
): Promise<{ authToken: string; userData: User }> {
  const authToken = newToken();
  return inTransaction(db, async (t) => {
    await clearLoginFailures(t, user.email.toLowerCase(), origin.ip);
    await createSession(t, { userId: user.id, tokenHash: hashToken(authToken), ...origin }, sessionMaxDays);
    const admin = (await getUser(t, user.id))!;
    await recordSession(t, admin, 'login');
    return { authToken, userData: admin };
  });
}

/** Ends the session of `tokenHash` and logs the logout, in one transaction. */
export function signOut(db: Db, tokenHash: string, admin: Pick<User, '_id' | 'name' | 'email'>): Promise<void> {
  return inTransaction(db, async (t) => {
    await revokeSessions(t, [tokenHash]);
    await recordSession(t, admin, 'logout');
  });
}

/** Ends the sessions of hashes a device kept from offline logouts; a hash nobody has seen ends nothing. */
export function signOutOffline(db: Db, tokenHashes: string[]): Promise<void> {
  return inTransaction(db, async (t) => {
    for (const userId of await revokeSessions(t, tokenHashes)) {
      const admin = await getUser(t, userId);
      if (admin) await recordSession(t, admin, 'logout');
    }
  });
}
