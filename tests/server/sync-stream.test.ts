import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '@/server/db/client';
import { STREAMS_PER_SESSION } from '@/server/routes/sync';
import { MESSAGES } from '@/shared/messages';
import { createTestServer, type TestServer } from '../utils/build-server';
import { makeEnrollment } from '../utils/factories';
import { syncVersion } from '../utils/sync-log';
import type { FastifyInstance } from 'fastify';
import type { AddressInfo } from 'node:net';

/**
 * GET /api/sync/stream against really listening servers, read as the PWA reads it: fetch with the token in
 * a header and the body as a stream. On PostgreSQL a second instance shows that NOTIFY crosses instances.
 */
let s: TestServer;
let token: string;
let writer: FastifyInstance;
let announcer: FastifyInstance;
beforeAll(async () => {
  s = await createTestServer({ syncHeartbeatMs: 100 });
  token = await s.adminToken();
  writer = s.app;
  announcer = s.kind === 'postgres' ? await s.anotherInstance() : s.app;
  for (const app of new Set([writer, announcer])) await app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  // fetch's connection pool opens spare connections it may never send a request on, and a close waits for
  // those until Node's headers timeout (60 s). Cleanup ends them; how streams end with the server is tested below.
  for (const app of new Set([writer, announcer])) app.server.closeAllConnections();
  await s.close();
});

const address = (app: FastifyInstance) => `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

interface Message {
  event?: string;
  data?: string;
  comment?: string;
}

/** An open stream: its reply, and its messages one by one as they arrive; `next()` is null once it ends. */
async function openStream(app: FastifyInstance, bearer = token, headers: Record<string, string> = {}) {
  const res = await fetch(`${address(app)}/api/sync/stream`, {
    headers: { authorization: `Bearer ${bearer}`, ...headers },
  });
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  const next = async (): Promise<Message | null> => {
    for (;;) {
      const end = buffer.indexOf('\n\n');
      if (end >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const message: Message = {};
        for (const line of block.split('\n')) {
          if (line.startsWith(':')) message.comment = line.slice(1).trim();
          else if (line.startsWith('event: ')) message.event = line.slice(7);
          else if (line.startsWith('data: ')) message.data = line.slice(6);
        }
        return message;
      }
      const chunk = await reader.read();
      if (chunk.done) return null;
      buffer += chunk.value;
    }
  };
  /** The next change event announcing at least `version` (heartbeats and older versions skipped). */
  const changeAtLeast = async (version: number) => {
    for (;;) {
      const m = await next();
      if (m === null) throw new Error('the stream ended');
      if (m.event === 'change' && (JSON.parse(m.data!) as { version: number }).version >= version) return m;
    }
  };
  return { res, next, changeAtLeast, close: () => reader.cancel() };
}

describe('GET /api/sync/stream', () => {
  it('is an uncompressed, uncached event stream that starts with the current version', async () => {
    const stream = await openStream(announcer, token, { 'accept-encoding': 'gzip, br' });
    expect(stream.res.status).toBe(200);
    expect(stream.res.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(stream.res.headers.get('content-encoding')).toBeNull();
    expect(stream.res.headers.get('cache-control')).toBe('no-store');
    const first = await stream.next();
    expect(first).toEqual({ event: 'change', data: JSON.stringify({ version: await syncVersion(s.db) }) });
    await stream.close();
  });

  it('announces a write committed through another instance', async () => {
    const stream = await openStream(announcer);
    await stream.next();
    const enrollment = await makeEnrollment(s.db);
    const res = await writer.inject({
      method: 'PUT',
      url: `/api/enrollments/approve/${enrollment.id}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.statusCode).toBe(200);
    const version = await syncVersion(s.db);
    const change = await stream.changeAtLeast(version);
    expect(JSON.parse(change.data!)).toEqual({ version });
    await stream.close();
  });

  it('sends a heartbeat comment', async () => {
    const stream = await openStream(announcer);
    let m = await stream.next();
    while (m && m.comment === undefined) m = await stream.next();
    expect(m).toEqual({ comment: 'ping' });
    await stream.close();
  });

  it('ends once its session is logged out (the reconnect then gets the 401)', async () => {
    const own = await s.adminToken();
    const stream = await openStream(announcer, own);
    await stream.next();
    const out = await writer.inject({
      method: 'POST',
      url: '/api/users/logout',
      headers: { authorization: `Bearer ${own}` },
    });
    expect(out.statusCode).toBe(200);
    while ((await stream.next()) !== null);
    expect(
      (await fetch(`${address(announcer)}/api/sync/stream`, { headers: { authorization: `Bearer ${own}` } })).status,
    ).toBe(401);
  });

  // PostgreSQL only: PGlite runs in this process, there is no connection to lose.
  if (process.env.TEST_DB === 'postgres') {
    it('survives losing its LISTEN connection: it reconnects and announces what it may have missed', async () => {
      const stream = await openStream(announcer);
      await stream.next();
      const [killed] = await rows<{ n: number }>(
        s.db,
        sql`select count(pg_terminate_backend(pid))::int as n from pg_stat_activity
            where datname = current_database() and query ilike 'LISTEN%'`,
      );
      expect(killed!.n).toBeGreaterThan(0);
      // Written while no instance listens: its NOTIFY reaches nobody.
      await makeEnrollment(s.db);
      const version = await syncVersion(s.db);
      await stream.changeAtLeast(version);
      await stream.close();
    });
  }

  it('refuses a session more than a few streams at once, saying why, and takes one again when another ends', async () => {
    const own = await s.adminToken();
    const streams = [];
    for (let i = 0; i < STREAMS_PER_SESSION; i++) {
      streams.push(await openStream(announcer, own));
      expect((await streams.at(-1)!.next())?.event).toBe('change');
    }
    const refused = await fetch(`${address(announcer)}/api/sync/stream`, {
      headers: { authorization: `Bearer ${own}` },
    });
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({
      success: false,
      message: MESSAGES.sync.tooManyStreams(STREAMS_PER_SESSION),
    });
    const other = await openStream(announcer); // another session is not counted with this one
    expect((await other.next())?.event).toBe('change');
    await streams[0]!.close();
    await expect
      .poll(async () => {
        const again = await openStream(announcer, own);
        const status = again.res.status;
        await again.close();
        return status;
      })
      .toBe(200);
    for (const stream of [...streams.slice(1), other]) await stream.close();
  });

  it('is for admins only', async () => {
    expect((await s.api({ method: 'GET', url: '/api/sync/stream', token: null })).statusCode).toBe(401);
    expect((await s.api({ method: 'GET', url: '/api/sync/stream', token: await s.userToken() })).statusCode).toBe(403);
  });

  it('ends with the server: closing the app ends open streams and the listener, and does not hang', async () => {
    const other = await createTestServer();
    await other.app.listen({ port: 0, host: '127.0.0.1' });
    const stream = await openStream(other.app, await other.adminToken());
    expect((await stream.next())?.event).toBe('change');
    await other.close();
    expect(await stream.next()).toBeNull();
  });
});
