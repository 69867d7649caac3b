import { hashToken } from '@/server/auth/passwords';
import type { Db } from '@/server/db/client';
import { HttpError } from '@/server/errors';
import { findSessionUser, touchSession } from '@/server/repositories/sessions-repo';
import { MESSAGES } from '@/shared/messages';
import type { User } from '@/shared/schemas';
import type { FastifyInstance, FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyRequest {
    admin: User | null;
    tokenHash: string | null;
  }
}

/** Routes under /api that answer without a token. */
const PUBLIC = new Set([
  '/api/health',
  '/api/users/login-admin',
  '/api/users/login-2fa',
  '/api/users/login-2fa/setup',
  '/api/users/logout-offline',
]);

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  const match = header?.match(/^Bearer\s+(\S+)$/i);
  return match?.[1] ?? null;
}

/** The /api route a request matched, whatever form its URL took (`/%61pi/users`, `http://host/api/users`). */
export const matchedApiRoute = (request: FastifyRequest): string | null => {
  const route = request.routeOptions.url;
  return route?.startsWith('/api/') ? route : null;
};

/** A request for the API: a matched /api route, or any path under /api (unknown ones too). */
export function isApiRequest(request: FastifyRequest): boolean {
  if (matchedApiRoute(request)) return true;
  const path = request.url.split('?')[0] ?? '';
  let decoded = path;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    // A broken escape: judge the raw path.
  }
  return /^\/api(\/|$)/i.test(decoded);
}

/**
 * Every /api route but the public ones needs a live token of an admin (not revoked, not idle beyond
 * SESSION_IDLE_DAYS, within SESSION_MAX_DAYS of its sign-in): 401 without one, 403 for other
 * roles. It decides on the route the router matched, never on the raw URL, which can spell the same
 * route differently; and it runs on request, so nobody learns anything from body errors without a token.
 */
export function registerAuthGuard(app: FastifyInstance, db: Db, idleDays: number) {
  app.decorateRequest('admin', null);
  app.decorateRequest('tokenHash', null);
  app.addHook('onRequest', async (request) => {
    const route = matchedApiRoute(request);
    if (!route || PUBLIC.has(route)) return;
    const token = bearerToken(request);
    if (!token || token.length > 200) throw new HttpError(401, MESSAGES.server.unauthorized);
    const tokenHash = hashToken(token);
    const user = await findSessionUser(db, tokenHash, idleDays);
    if (!user) throw new HttpError(401, MESSAGES.server.unauthorized);
    if (user.role !== 'admin') throw new HttpError(403, MESSAGES.server.forbidden);
    await touchSession(db, tokenHash);
    request.admin = user;
    request.tokenHash = tokenHash;
  });
}
