import type { FastifyInstance } from 'fastify';
import type { DbKind } from '@/server/db/client';

export function healthRoutes(app: FastifyInstance, kind: DbKind) {
  app.get('/api/health', async () => ({ status: 'ok', db: kind }));
}
