import { PassThrough } from 'node:stream';
import type { Database } from '@/server/db/client';
import { HttpError } from '@/server/errors';
import { pickEncoding } from '@/server/http/encoding';
import { route } from '@/server/http/route';
import { findSessionUser } from '@/server/repositories/sessions-repo';
import { pullSync, syncReplyBody } from '@/server/repositories/sync-repo';
import { currentSyncVersion, SyncAnnouncer } from '@/server/sync/announcer';
import { cachedPull } from '@/server/sync/cached-pull';
import type { SyncPageCache } from '@/server/sync/page-cache';
import { sendCachedPage, sendJsonCompressed } from '@/server/sync/send-json';
import { API } from '@/shared/api-contract';
import { MESSAGES } from '@/shared/messages';
import { decodeSyncCursor, encodeSyncCursor, SYNC_NEXT_HEADER, SYNC_PAGE } from '@/shared/schemas';
import type { FastifyInstance } from 'fastify';

const STALLED_BYTES = 64 * 1024;
/** Open streams one session may hold on one instance: a browser keeps one (its tabs share it), so a few is slack. */
export const STREAMS_PER_SESSION = 3;

/** The PWA's sync (docs/sync.md): the delta pull, and the stream that says when to pull. Admin only. */
export function syncRoutes(
  app: FastifyInstance,
  database: Database,
  heartbeatMs: number,
  idleDays: number,
  pages: SyncPageCache,
) {
  const { db } = database;

  route(app, API.sync, async ({ query }, request, reply) => {
    let cursor = null;
    if (query.cursor !== undefined) {
      const decoded = decodeSyncCursor(query.cursor);
      if (decoded.kind === 'malformed')
        throw new HttpError(400, MESSAGES.sync.badCursor, { cursor: MESSAGES.sync.badCursor });
      // A cursor of another sync schema starts a full sync, as no cursor does.
      if (decoded.kind === 'ok') cursor = decoded.cursor;
    }
    const limit = query.limit ?? SYNC_PAGE.default;
    if (pages.enabled) {
      // A full sync's page from the in-process cache, or built once for every device asking for it meanwhile.
      const cached = await cachedPull(
        db,
        pages,
        cursor,
        limit,
        query.first,
        pickEncoding(request.headers['accept-encoding']),
      );
      if (cached) return sendCachedPage(request, reply, cached);
    }
    const page = await pullSync(db, cursor, limit, query.first);
    // The next page's cursor ahead of the body: the client asks for that page while it reads this one.
    if (page.hasMore) reply.header(SYNC_NEXT_HEADER, encodeSyncCursor(page.cursor));
    return sendJsonCompressed(request, reply, syncReplyBody(page));
  });

  const announcer = new SyncAnnouncer(database);
  // The stream's session checks and versions read through the priority connections: a stream whose
  // heartbeat queued behind a long write would look dead to the client and to any proxy.
  const quick = database.priorityDb;
  /** Ends every open stream: on close, so the server does not wait for them. */
  const open = new Set<() => void>();
  /** Open streams by session (token hash), capped so that no client can exhaust the server. */
  const perSession = new Map<string, number>();
  app.addHook('preClose', async () => {
    for (const end of open) end();
    await announcer.close();
  });

  /**
   * Server-sent events over a plain streamed reply (the PWA reads it with fetch, so the token travels in
   * the Authorization header, never in a URL): `event: change` with `{"version":N}` when the sync clock
   * moves on any instance, first once on opening; a `: ping` comment every heartbeat, which also checks
   * the session and ends the stream once it is over (the client's reconnect then gets the 401).
   */
  route(
    app,
    API.syncStream,
    async (_input, request, reply) => {
      const tokenHash = request.tokenHash!;
      const held = perSession.get(tokenHash) ?? 0;
      if (held >= STREAMS_PER_SESSION) throw new HttpError(429, MESSAGES.sync.tooManyStreams(STREAMS_PER_SESSION));
      perSession.set(tokenHash, held + 1);
      const out = new PassThrough();
      let ended = false;
      // A client that stops reading is let go rather than buffered for without end.
      const write = (text: string) =>
        ended ? undefined : out.writableLength > STALLED_BYTES ? end() : out.write(text);
      const change = (version: number) => write(`event: change\ndata: {"version":${version}}\n\n`);
      let unsubscribe = () => {};
      const end = () => {
        if (ended) return;
        ended = true;
        clearInterval(heartbeat);
        unsubscribe();
        open.delete(end);
        const left = (perSession.get(tokenHash) ?? 1) - 1;
        if (left > 0) perSession.set(tokenHash, left);
        else perSession.delete(tokenHash);
        out.end();
      };
      const heartbeat = setInterval(() => {
        findSessionUser(quick, tokenHash, idleDays).then(
          (user) => (user?.role === 'admin' ? write(': ping\n\n') : end()),
          // The database is unreachable for a moment: the session is not judged, the stream stays.
          () => write(': ping\n\n'),
        );
      }, heartbeatMs);
      heartbeat.unref();
      open.add(end);
      reply.raw.on('close', end);

      try {
        unsubscribe = await announcer.subscribe(change);
        change(await currentSyncVersion(quick));
      } catch (err) {
        end();
        throw err;
      }
      return reply
        .type('text/event-stream; charset=utf-8')
        .header('x-accel-buffering', 'no')
        .header('connection', 'close')
        .send(out);
    },
    { compress: false },
  );
}
