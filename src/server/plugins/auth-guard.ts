import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MESSAGES } from '../../shared/messages';
import type { User } from '../../shared/schemas';
import { hashToken } from '../auth/passwords';
import type { Db } from '../db/client';
import { HttpError } from '../errors';
import { findSessionUser } from '../repositories/sessions-repo';

declare module 'fastify' {
  interface FastifyRequest {
    admin: User | null;
    tokenHash: string | null;
  }
}

/** Routes under /api that answer without a token. */
const PUBLIC = new Set(['/api/health', '/api/users/login-admin']);

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  const match = header?.match(/^Bearer\s+(\S+)$/i);
  return match?.[1] ?? null;
}

/** Every /api route but the public ones needs a live token of an admin: 401 without one, 403 for other roles. */
export function registerAuthGuard(app: FastifyInstance, db: Db) {
  app.decorateRequest('admin', null);
  app.decorateRequest('tokenHash', null);
  app.addHook('preHandler', async (request) => {
    const path = request.url.split('?')[0] ?? '';
    if (!path.startsWith('/api/') || PUBLIC.has(path) || !request.routeOptions.url) return;
    const token = bearerToken(request);
    if (!token || token.length > 200) throw new HttpError(401, MESSAGES.server.unauthorized);
    const tokenHash = hashToken(token);
    const user = await findSessionUser(db, tokenHash);
    if (!user) throw new HttpError(401, MESSAGES.server.unauthorized);
    if (user.role !== 'admin') throw new HttpError(403, MESSAGES.server.forbidden);
    request.admin = user;
    request.tokenHash = tokenHash;
  });
}
