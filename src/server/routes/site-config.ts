import { route } from '@/server/http/route';
import { API } from '@/shared/api-contract';
import type { FastifyInstance } from 'fastify';

/** What the PWA needs of the server's run-time configuration: set by the operator, no rebuild. */
export function siteConfigRoutes(app: FastifyInstance, siteUrl: string | null) {
  route(app, API.siteConfig, async () => ({ success: true, data: { siteUrl } }));
}
