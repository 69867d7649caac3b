import { activityListRows } from '@/server/repositories/activity-repo';
import type { FastifyInstance } from 'fastify';

/** The activity log, read only: no route edits or deletes an entry (ACTIVITY_RETENTION_DAYS prunes them). */
export function activityRoutes(app: FastifyInstance) {
  app.get('/api/activity', (_request, reply) => reply.sendList('activity', 'data', activityListRows));
}
