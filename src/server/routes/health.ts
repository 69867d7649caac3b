import type { DbKind } from '@/server/db/client';
import type { FastifyInstance } from 'fastify';

export function healthRoutes(app: FastifyInstance, kind: DbKind) {
  app.get('/api/health', async () => ({ status: 'ok', db: kind }));
}
