import type { FastifyInstance } from 'fastify';

/** What the PWA needs of the server's run-time configuration: set by the operator, no rebuild. */
export function siteConfigRoutes(app: FastifyInstance, siteUrl: string | null) {
  app.get('/api/config', async () => ({ success: true, data: { siteUrl } }));
}
