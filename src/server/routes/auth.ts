import { hashToken, newToken, verifyPassword } from '@/server/auth/passwords';
import { newTotpSecret, totpSetup } from '@/server/auth/totp';
import type { ServerConfig } from '@/server/config';
import type { Db } from '@/server/db/client';
import { HttpError } from '@/server/errors';
import { takeAttempt } from '@/server/http/attempts';
import { route } from '@/server/http/route';
import { signIn, signOut, signOutOffline } from '@/server/repositories/sign-in-repo';
import {
  challengeUser,
  checkSecondFactor,
  confirmEnrolment,
  createChallenge,
  endChallenge,
  getTwoFactor,
  startEnrolment,
  takeChallengeTry,
} from '@/server/repositories/two-factor-repo';
import { findUserByEmail, getUser } from '@/server/repositories/users-repo';
import { API } from '@/shared/api-contract';
import { MESSAGES } from '@/shared/messages';
import type { TwoFactorChallenge } from '@/shared/schemas';
import type { FastifyInstance, FastifyRequest } from 'fastify';

type AuthConfig = Pick<ServerConfig, 'sessionMaxDays' | 'require2fa'>;

export function authRoutes(app: FastifyInstance, db: Db, config: AuthConfig) {
  const signInFrom = (request: FastifyRequest, user: { id: string; email: string }) =>
    signIn(db, user, { ip: request.ip, userAgent: request.headers['user-agent'] ?? '' }, config.sessionMaxDays);

  route(app, API.login, async ({ body: { email, password } }, request) => {
    await takeAttempt(db, email, request.ip);

    const user = await findUserByEmail(db, email);
    const ok = await verifyPassword(password, user?.passwordHash ?? null);
    // The reserved attempt stays a failure.
    if (!user || !ok) throw new HttpError(401, MESSAGES.server.invalidCredentials);
    if (user.role !== 'admin') throw new HttpError(403, MESSAGES.server.notAdmin);

    // With two-factor sign-in on (or required), the password alone gives no token, only the way to the code.
    // The attempt stays counted until the code is right: a known password does not buy fresh code guesses.
    const factor = await getTwoFactor(db, user.id);
    if (factor?.enabledAt || config.require2fa) {
      const challenge = newToken();
      await createChallenge(db, user.id, hashToken(challenge));
      const data: TwoFactorChallenge = { twoFactor: factor?.enabledAt ? 'code' : 'enrol', challenge };
      return { success: true, data };
    }
    return { success: true, data: await signInFrom(request, { id: user.id, email }) };
  });

  // REQUIRE_2FA and no key yet: the password step's challenge gets a key to add to the app.
  route(app, API.loginTwoFactorSetup, async ({ body: { challenge } }) => {
    const userId = await challengeUser(db, hashToken(challenge));
    const user = userId ? await getUser(db, userId) : null;
    if (!user) throw new HttpError(401, MESSAGES.security.challengeExpired);
    const secret = newTotpSecret();
    if (!(await startEnrolment(db, user._id, secret))) throw new HttpError(409, MESSAGES.security.alreadyEnabled);
    return { success: true, data: await totpSetup(user.email, secret) };
  });

  route(app, API.loginCode, async ({ body: { challenge, code } }, request) => {
    const challengeHash = hashToken(challenge);
    const userId = await takeChallengeTry(db, challengeHash);
    const user = userId ? await getUser(db, userId) : null;
    if (!user) throw new HttpError(401, MESSAGES.security.challengeExpired);
    await takeAttempt(db, user.email, request.ip);

    const factor = await getTwoFactor(db, user._id);
    let recoveryCodes: string[] | undefined;
    if (factor?.enabledAt) {
      if (!(await checkSecondFactor(db, user._id, code))) throw new HttpError(401, MESSAGES.security.wrongCode);
    } else {
      // Enrolment at sign-in: the code confirms the key just shown.
      const codes = await confirmEnrolment(db, user._id, code);
      if (!codes) throw new HttpError(401, MESSAGES.security.wrongCode);
      recoveryCodes = codes;
    }
    await endChallenge(db, challengeHash);
    const data = await signInFrom(request, { id: user._id, email: user.email });
    return { success: true, data: recoveryCodes ? { ...data, recoveryCodes } : data };
  });

  route(app, API.loginByToken, async (_input, request) => {
    // The guard has already checked the token and loaded the admin.
    return {
      success: true,
      data: { authToken: request.headers.authorization?.replace(/^Bearer\s+/i, ''), userData: request.admin },
    };
  });

  route(app, API.logout, async (_input, request) => {
    const { tokenHash, admin } = request;
    if (tokenHash && admin) {
      await signOut(db, tokenHash, admin);
    }
    return { success: true, message: MESSAGES.logout.success };
  });

  // A logout made offline, sent at the next connection: the device kept only the token's hash, which cannot
  // sign in. No token is needed (that one may be expired by now); a hash nobody has seen ends nothing.
  route(app, API.logoutOffline, async ({ body: { tokenHashes } }) => {
    await signOutOffline(db, tokenHashes);
    return { success: true };
  });
}
