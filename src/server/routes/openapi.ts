import { route } from '@/server/http/route';
import { buildOpenApiDocument } from '@/server/openapi/openapi-document';
import { API } from '@/shared/api-contract';
import type { FastifyInstance } from 'fastify';

/** Admin only, like every /api route: the description names every route an attacker could try. */
export function openApiRoutes(app: FastifyInstance, version: string) {
  let document: ReturnType<typeof buildOpenApiDocument> | null = null;
  route(app, API.openapi, async () => (document ??= buildOpenApiDocument(version)));
}
