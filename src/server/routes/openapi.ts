import { buildOpenApiDocument } from '@/server/openapi/openapi-document';
import type { FastifyInstance } from 'fastify';

/** Admin only, like every /api route: the description names every route an attacker could try. */
export function openApiRoutes(app: FastifyInstance, version: string) {
  let document: ReturnType<typeof buildOpenApiDocument> | null = null;
  app.get('/api/openapi.json', async () => (document ??= buildOpenApiDocument(version)));
}
