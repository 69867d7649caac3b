import { newTotpSecret, totpSetup } from '@/server/auth/totp';
import type { ServerConfig } from '@/server/config';
import type { Db } from '@/server/db/client';
import { HttpError } from '@/server/errors';
import { takeAttempt } from '@/server/http/attempts';
import { toast } from '@/server/http/replies';
import { route } from '@/server/http/route';
import { clearLoginFailures } from '@/server/repositories/login-throttle-repo';
import { endOtherSessions, endSession, listSessions } from '@/server/repositories/sessions-repo';
import {
  checkSecondFactor,
  confirmEnrolment,
  disableTwoFactor,
  getTwoFactor,
  recoveryCodesLeft,
  replaceRecoveryCodes,
  startEnrolment,
} from '@/server/repositories/two-factor-repo';
import { API } from '@/shared/api-contract';
import { MESSAGES } from '@/shared/messages';
import type { TwoFactorStatus } from '@/shared/schemas';
import type { FastifyInstance, FastifyRequest } from 'fastify';

const M = MESSAGES.security;

/** The signed-in admin of a guarded route (the guard has loaded both). */
const me = (request: FastifyRequest) => ({ admin: request.admin!, tokenHash: request.tokenHash! });

/**
 * The signed-in admin's own security: two-factor sign-in and sessions. Codes typed here are throttled like
 * sign-in attempts (per account and address): a stolen session cannot guess its way to disabling the factor.
 */
export function accountRoutes(
  app: FastifyInstance,
  db: Db,
  config: Pick<ServerConfig, 'sessionIdleDays' | 'sessionMaxDays' | 'require2fa'>,
) {
  const checkedCode = async (request: FastifyRequest, code: string, check: (code: string) => Promise<unknown>) => {
    const { admin } = me(request);
    const email = admin.email.toLowerCase();
    await takeAttempt(db, email, request.ip);
    const result = await check(code);
    if (!result) throw new HttpError(400, M.wrongCode, { code: M.wrongCode });
    await clearLoginFailures(db, email, request.ip);
    return result;
  };

  route(app, API.twoFactorStatus, async (_input, request) => {
    const { admin } = me(request);
    const factor = await getTwoFactor(db, admin._id);
    const data: TwoFactorStatus = {
      enabled: Boolean(factor?.enabledAt),
      required: config.require2fa,
      recoveryCodesLeft: factor?.enabledAt ? await recoveryCodesLeft(db, admin._id) : 0,
    };
    return { success: true, data };
  });

  route(app, API.twoFactorSetup, async (_input, request) => {
    const { admin } = me(request);
    const secret = newTotpSecret();
    if (!(await startEnrolment(db, admin._id, secret))) throw new HttpError(409, M.alreadyEnabled);
    return { success: true, data: await totpSetup(admin.email, secret) };
  });

  route(app, API.twoFactorEnable, async ({ body }, request) => {
    const { admin } = me(request);
    const recoveryCodes = await checkedCode(request, body.code, (code) => confirmEnrolment(db, admin._id, code));
    return toast(M.enabled, { recoveryCodes });
  });

  route(app, API.recoveryCodes, async ({ body }, request) => {
    const { admin } = me(request);
    await checkedCode(request, body.code, (code) => checkSecondFactor(db, admin._id, code));
    const recoveryCodes = await replaceRecoveryCodes(db, admin._id);
    return toast(M.newCodes, { recoveryCodes });
  });

  route(app, API.twoFactorDisable, async ({ body }, request) => {
    const { admin } = me(request);
    await checkedCode(request, body.code, (code) => checkSecondFactor(db, admin._id, code));
    await disableTwoFactor(db, admin._id);
    return toast(config.require2fa ? M.disabledRequired : M.disabled);
  });

  route(app, API.sessions, async (_input, request) => {
    const { admin, tokenHash } = me(request);
    const data = await listSessions(db, admin._id, tokenHash, config.sessionIdleDays);
    return { success: true, data, idleDays: config.sessionIdleDays, maxDays: config.sessionMaxDays };
  });

  route(app, API.endSession, async ({ params: { id } }, request) => {
    const { admin } = me(request);
    if (!(await endSession(db, admin._id, id))) throw new HttpError(404, M.sessionGone);
    return toast(M.sessionEnded);
  });

  route(app, API.endOtherSessions, async (_input, request) => {
    const { admin, tokenHash } = me(request);
    const ended = await endOtherSessions(db, admin._id, tokenHash);
    return toast(M.othersEnded(ended));
  });
}
