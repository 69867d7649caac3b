import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@/shared/messages';
import { expectRefused } from '../utils/api-expect';
import { createTestServer, type TestServer } from '../utils/build-server';
import { makeEnrollment } from '../utils/factories';
import type { AddressInfo } from 'node:net';

/**
 * A hard day (issue 21): one long write holds what every writer needs, while approves, token checks, the
 * sync stream and /api/health keep coming. The long write is held open by the test rather than made long by
 * seeding (`npm run bench:hardday` does the full size): on PostgreSQL another connection holds the sync
 * clock's row lock, which every write takes; on PGlite a transaction holds its one connection. Short
 * timeouts keep the test quick; without them the approves would wait as long as the write does.
 */
// Waiting on the lock outlasts waiting for a connection: the approves hold the whole pool for a while.
const TIMEOUTS = { statementMs: 30_000, lockMs: 1000, poolWaitMs: 300 };
const APPROVES = 12; // more than the pool's 10 connections

let s: TestServer;
let token: string;
beforeAll(async () => {
  s = await createTestServer({ dbTimeouts: TIMEOUTS });
  token = await s.adminToken();
});
afterAll(() => s.close());

/** Starts a long write that lasts until the returned function is called. */
async function holdLongWrite(server: TestServer): Promise<() => Promise<void>> {
  if (server.databaseUrl) {
    const other = new pg.Client({ connectionString: server.databaseUrl });
    await other.connect();
    await other.query('begin');
    await other.query('select version from sync_state where id = 1 for update');
    return async () => {
      await other.query('rollback');
      await other.end();
    };
  }
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let holding!: () => void;
  const held = new Promise<void>((resolve) => (holding = resolve));
  const transaction = server.db.transaction(async (tx) => {
    await tx.execute(sql`select version from sync_state where id = 1 for update`);
    holding();
    await released;
  });
  await held;
  return async () => {
    release();
    await transaction;
  };
}

const approve = (server: TestServer, id: string) =>
  server.api({ method: 'PUT', url: `/api/enrollments/approve/${id}`, token });
const health = (server: TestServer) => server.api({ method: 'GET', url: '/api/health', token: null });

describe('a long write holds the database', () => {
  it('every approve ends in the retryable 503, never waits for the write; /api/health stays 200', async () => {
    const rows = [];
    for (let i = 0; i < APPROVES; i++) rows.push(await makeEnrollment(s.db));
    const release = await holdLongWrite(s);
    try {
      let settled = false;
      const approves = Promise.all(rows.map((row) => approve(s, row.id))).finally(() => (settled = true));
      const healths = [];
      // One health check after another until the approves have settled, each after a turn of the event loop
      // (as requests from the network would come), so the approves' timers can run.
      do {
        healths.push((await health(s)).statusCode);
        await new Promise((resolve) => setImmediate(resolve));
      } while (!settled);
      for (const res of await approves) {
        expectRefused(res, 503, { message: MESSAGES.server.busy });
        expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      }
      expect(new Set(healths)).toEqual(new Set([200]));
    } finally {
      await release();
    }
    // Nothing of a refused approve was kept; tried again once the write is over, each one goes through.
    for (const row of rows) expect((await approve(s, row.id)).statusCode).toBe(200);
  });

  it('the sync stream still opens on PostgreSQL; PGlite, whose one connection the write holds, refuses it as busy', async () => {
    await s.app.listen({ port: 0, host: '127.0.0.1' });
    const url = `http://127.0.0.1:${(s.app.server.address() as AddressInfo).port}/api/sync/stream`;
    const release = await holdLongWrite(s);
    try {
      const res = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
      if (s.kind === 'postgres') {
        expect(res.status).toBe(200);
        const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
        expect((await reader.read()).value).toMatch(/^event: change\ndata: \{"version":\d+\}/);
        await reader.cancel();
      } else {
        expect(res.status).toBe(503);
        expect(res.headers.get('retry-after')).not.toBeNull();
        expect(await res.json()).toMatchObject({ success: false, message: MESSAGES.server.busy });
      }
    } finally {
      await release();
    }
  });
});

describe('a statement that outlasts DB_STATEMENT_TIMEOUT_MS', () => {
  it('is cancelled with the retryable 503 on PostgreSQL; on PGlite, which cannot cancel it, health turns 503', async () => {
    const strict = await createTestServer({ dbTimeouts: { statementMs: 300, lockMs: 60_000, poolWaitMs: 300 } });
    try {
      const row = await makeEnrollment(strict.db);
      const strictToken = await strict.adminToken();
      const release = await holdLongWrite(strict);
      try {
        if (strict.kind === 'postgres') {
          // The approve waits on the lock: only the statement timeout ends that wait.
          const res = await strict.api({
            method: 'PUT',
            url: `/api/enrollments/approve/${row.id}`,
            token: strictToken,
          });
          expectRefused(res, 503, { message: MESSAGES.server.busy });
        } else {
          await expect.poll(async () => (await health(strict)).statusCode, { timeout: 10_000 }).toBe(503);
        }
      } finally {
        await release();
      }
      expect((await health(strict)).statusCode).toBe(200);
    } finally {
      await strict.close();
    }
  });
});
