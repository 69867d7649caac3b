import type { Db } from '@/server/db/client';
import { HttpError } from '@/server/errors';
import { route } from '@/server/http/route';
import { activityPage, type PagePosition } from '@/server/repositories/activity-repo';
import { API } from '@/shared/api-contract';
import { MESSAGES } from '@/shared/messages';
import type { FastifyInstance } from 'fastify';

const BAD_CURSOR = MESSAGES.activity.query.badCursor;

/** The cursor is opaque to clients: base64url of the position's microseconds and id. */
const encodeCursor = (p: PagePosition) => Buffer.from(`${p.micros}.${p.id}`).toString('base64url');
function decodeCursor(text: string): PagePosition {
  // At most 16 digits: a time PostgreSQL can hold, so no cursor makes a 500.
  const m = /^(-?\d{1,16})\.([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/.exec(
    Buffer.from(text, 'base64url').toString('latin1'),
  );
  if (!m) throw new HttpError(400, BAD_CURSOR, { cursor: BAD_CURSOR });
  return { micros: m[1]!, id: m[2]! };
}

/**
 * The activity log, read only and a page at a time, newest first, filtered on the server (docs/activity.md):
 * no route edits or deletes an entry (ACTIVITY_RETENTION_DAYS prunes them).
 */
export function activityRoutes(app: FastifyInstance, db: Db) {
  route(app, API.activity, async ({ query: { cursor, ...filter } }, _request, reply) => {
    const page = await activityPage(db, filter, cursor === undefined ? null : decodeCursor(cursor));
    const next = page.last ? encodeCursor(page.last) : null;
    // The rows are the database's JSON texts, passed through unparsed.
    return reply
      .type('application/json; charset=utf-8')
      .send(`{"success":true,"data":[${page.rows.join(',')}],"nextCursor":${JSON.stringify(next)}}`);
  });
}
