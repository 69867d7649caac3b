import type { Db } from '@/server/db/client';
import { parse } from '@/server/errors';
import { activityPage } from '@/server/repositories/activity-repo';
import { activityQuery } from '@/shared/schemas';
import type { FastifyInstance } from 'fastify';

/**
 * The activity log, read only and a page at a time, newest first, filtered on the server (docs/activity.md):
 * no route edits or deletes an entry (ACTIVITY_RETENTION_DAYS prunes them).
 */
export function activityRoutes(app: FastifyInstance, db: Db) {
  app.get('/api/activity', async (request, reply) => {
    const page = await activityPage(db, parse(activityQuery, request.query));
    // The rows are the database's JSON texts, passed through unparsed.
    return reply
      .type('application/json; charset=utf-8')
      .send(`{"success":true,"data":[${page.rows.join(',')}],"nextCursor":${JSON.stringify(page.nextCursor)}}`);
  });
}
