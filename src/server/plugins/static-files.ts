import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { MESSAGES } from '@/shared/messages';
import { isApiRequest } from './auth-guard';
import { sendError } from './error-handler';
import type { FastifyInstance } from 'fastify';

/**
 * Serves the built PWA. Hashed assets are cached for a year; index.html, the service worker and the
 * manifest are revalidated on every load so a new version is found. Every non-/api GET that is not a
 * file gets index.html (the SPA decides what to show, including its 404 page).
 */
export async function registerStatic(app: FastifyInstance, staticDir: string | null) {
  const hasBuild = staticDir !== null && fs.existsSync(path.join(staticDir, 'index.html'));
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: staticDir,
      wildcard: false,
      index: false,
      // Our own cache-control below, not send's default `public, max-age=0`.
      cacheControl: false,
      setHeaders(res, filePath) {
        const rel = path.relative(staticDir, filePath);
        res.setHeader(
          'cache-control',
          rel.startsWith('assets' + path.sep) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    if (!isApiRequest(request) && hasBuild && (request.method === 'GET' || request.method === 'HEAD')) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return sendError(reply, 404, MESSAGES.server.routeNotFound);
  });
}
