import { hashToken, newToken, verifyPassword } from '@/server/auth/passwords';
import type { Db } from '@/server/db/client';
import { HttpError, parse } from '@/server/errors';
import { recordSession } from '@/server/repositories/activity-repo';
import {
  clearLoginFailures,
  createSession,
  reserveLoginAttempt,
  revokeSession,
} from '@/server/repositories/sessions-repo';
import { findUserByEmail, getUser } from '@/server/repositories/users-repo';
import { MESSAGES } from '@/shared/messages';
import { loginBody } from '@/shared/schemas';
import type { FastifyInstance } from 'fastify';

export function authRoutes(app: FastifyInstance, db: Db) {
  app.post('/api/users/login-admin', async (request) => {
    const { email: rawEmail, password } = parse(loginBody, request.body);
    const email = rawEmail.toLowerCase();
    const ip = request.ip;

    // Throttle per email (10 in the window) and, much higher, per address: one attacked account
    // does not lock out another admin behind the same address.
    const attempt = await reserveLoginAttempt(db, email, ip);
    if (!attempt.allowed) {
      const seconds = attempt.retryAfterSeconds;
      throw new HttpError(429, MESSAGES.server.tooManyAttempts(Math.ceil(seconds / 60)), undefined, {
        'retry-after': String(seconds),
      });
    }

    const user = await findUserByEmail(db, email);
    const ok = await verifyPassword(password, user?.passwordHash ?? null);
    // The reserved attempt stays a failure.
    if (!user || !ok) throw new HttpError(401, MESSAGES.server.invalidCredentials);
    if (user.role !== 'admin') throw new HttpError(403, MESSAGES.server.notAdmin);

    const authToken = newToken();
    // The session and its entry in the activity log, in one transaction.
    const userData = await db.transaction(async (tx) => {
      const t = tx as unknown as Db;
      await clearLoginFailures(t, email);
      await createSession(t, user.id, hashToken(authToken));
      const admin = (await getUser(t, user.id))!;
      await recordSession(t, admin, 'login');
      return admin;
    });
    return { success: true, data: { authToken, userData } };
  });

  app.get('/api/users/login-by-token', async (request) => {
    // The guard has already checked the token and loaded the admin.
    return {
      success: true,
      data: { authToken: request.headers.authorization?.replace(/^Bearer\s+/i, ''), userData: request.admin },
    };
  });

  app.post('/api/users/logout', async (request) => {
    const { tokenHash, admin } = request;
    if (tokenHash && admin) {
      await db.transaction(async (tx) => {
        const t = tx as unknown as Db;
        await revokeSession(t, tokenHash);
        await recordSession(t, admin, 'logout');
      });
    }
    return { success: true, message: MESSAGES.logout.success };
  });
}
