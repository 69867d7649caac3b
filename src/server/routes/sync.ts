import type { Db } from '@/server/db/client';
import { HttpError, parse } from '@/server/errors';
import { pullSync, syncReplyJson } from '@/server/repositories/sync-repo';
import { MESSAGES } from '@/shared/messages';
import { decodeSyncCursor, SYNC_PAGE, syncQuery } from '@/shared/schemas';
import type { FastifyInstance } from 'fastify';

/** GET /api/sync: the PWA's delta pull (docs/sync.md). Admin only, like every /api route. */
export function syncRoutes(app: FastifyInstance, db: Db) {
  app.get('/api/sync', async (request, reply) => {
    const query = parse(syncQuery, request.query);
    let cursor = null;
    if (query.cursor !== undefined) {
      const decoded = decodeSyncCursor(query.cursor);
      if (decoded.kind === 'malformed')
        throw new HttpError(400, MESSAGES.sync.badCursor, { cursor: MESSAGES.sync.badCursor });
      // A cursor of another sync schema starts a full sync, as no cursor does.
      if (decoded.kind === 'ok') cursor = decoded.cursor;
    }
    const page = await pullSync(db, cursor, query.limit ?? SYNC_PAGE.default);
    return reply.type('application/json; charset=utf-8').send(syncReplyJson(page));
  });
}
