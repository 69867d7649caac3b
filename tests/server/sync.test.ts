import zlib from 'node:zlib';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '@/server/db/schema';
import { MESSAGES } from '@/shared/messages';
import {
  encodeSyncCursor,
  SYNC_LISTS,
  SYNC_NEXT_HEADER,
  SYNC_ORDER,
  SYNC_SCHEMA,
  type SyncReply,
} from '@/shared/schemas';
import { createTestServer, type TestServer } from '../utils/build-server';
import { makeBatch, makeCourse, makeEnrollment, makeService, makeUser } from '../utils/factories';
import { pull, pullAll, serverLists, SyncCopy } from '../utils/sync-client';

let s: TestServer;
let token: string;
beforeAll(async () => {
  s = await createTestServer();
  token = await s.adminToken();
  // A little of everything, so a full sync in pages of two crosses every list.
  for (let i = 0; i < 3; i++) await makeUser(s.db);
  const course = await makeCourse(s.db);
  await makeCourse(s.db);
  const batch = await makeBatch(s.db);
  await makeBatch(s.db);
  const user = await makeUser(s.db);
  for (let i = 0; i < 3; i++) await makeEnrollment(s.db, { userId: user.id, courseId: course.id, batchId: batch.id });
  await makeService(s.db, { userId: user.id });
  await makeService(s.db);
});
afterAll(() => s.close());

/** A copy brought up to date, and checked equal to the GET list routes, row by row. */
async function syncedCopy(limit?: number) {
  const copy = new SyncCopy();
  await pullAll(s.app, token, copy, limit);
  expect(copy.json()).toEqual(await serverLists(s.app, token));
  return copy;
}

const rowsIn = (reply: SyncReply) =>
  SYNC_LISTS.reduce((n, l) => n + reply.changes[l].upserts.length + reply.changes[l].deletes.length, 0);

/**
 * What a pull brought, as `list:id` for upserts and `-list:id` for deletes, sorted. The activity log's entries
 * that each write through the API adds are left out (tests/server/activity.test.ts checks them); the copies
 * are still compared whole, the activity list included.
 */
const summary = (replies: SyncReply[]) =>
  [
    ...new Set(
      replies.flatMap((r) =>
        SYNC_LISTS.filter((l) => l !== 'activity').flatMap((l) => [
          ...r.changes[l].upserts.map((row) => `${l}:${row._id}`),
          ...r.changes[l].deletes.map((id) => `-${l}:${id}`),
        ]),
      ),
    ),
  ].sort();

describe('GET /api/sync: the full sync', () => {
  it('comes in pages of at most `limit` rows, counts progress, and ends equal to the GET list routes', async () => {
    const copy = new SyncCopy();
    const replies = await pullAll(s.app, token, copy, 2);
    expect(replies[0]!.reset).toBe(true);
    expect(replies.slice(1).every((r) => !r.reset)).toBe(true);
    expect(replies.every((r) => rowsIn(r) <= 2)).toBe(true);
    const total = replies[0]!.progress!.total;
    expect(replies.length).toBeGreaterThanOrEqual(Math.ceil(total / 2));
    expect(replies.at(-1)!.progress).toMatchObject({ done: total, total });
    const progress = replies.map((r) => r.progress!.done);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect(copy.json()).toEqual(await serverLists(s.app, token));
    expect(total).toBe(Object.values(copy.json()).reduce((n, list) => n + Object.keys(list).length, 0));
  });

  it('names the next page in a header ahead of the body (the same cursor), and no page after the last', async () => {
    let cursor: string | null = null;
    let pages = 0;
    for (;;) {
      const query = new URLSearchParams({ limit: '2', ...(cursor ? { cursor } : {}) });
      const res = await s.api({ method: 'GET', url: `/api/sync?${query}` });
      const body = res.json() as SyncReply;
      pages++;
      expect(res.headers[SYNC_NEXT_HEADER]).toBe(body.hasMore ? body.cursor : undefined);
      if (!body.hasMore) break;
      cursor = body.cursor;
    }
    expect(pages).toBeGreaterThan(2);
  });

  it('sends each list in its screen order (SYNC_ORDER), across pages, so the device stores it as shown', async () => {
    // The users but the admin made at one instant: the id decides between them.
    await s.db.execute(sql`update users set created_at = '2026-01-01T00:00:00.123456Z' where role <> 'admin'`);
    const replies = await pullAll(s.app, token, new SyncCopy(), 2);
    for (const list of SYNC_LISTS) {
      const sent = replies.flatMap((r) => r.changes[list].upserts as { _id: string; createdAt: string }[]);
      const sign = SYNC_ORDER[list] === 'newestFirst' ? -1 : 1;
      expect(sent.length, list).toBeGreaterThan(0);
      // Rows apart by less than the wire's millisecond may come either way; the database knows their order.
      const times = sent.map((r) => r.createdAt);
      expect(times, list).toEqual([...times].sort((a, b) => (a < b ? -sign : a > b ? sign : 0)));
    }
    const tied = replies.flatMap((r) => r.changes.users.upserts).filter((u) => u.role !== 'admin');
    expect(tied.length).toBeGreaterThan(2);
    expect(tied.map((u) => u._id)).toEqual(
      tied
        .map((u) => u._id)
        .sort()
        .reverse(),
    );
  });

  it('resumes from a cursor taken mid-way, not from zero, and writes made meanwhile arrive after it', async () => {
    const first = new SyncCopy();
    first.apply(await pull(s.app, token, null, 3));
    first.apply(await pull(s.app, token, first.cursor, 3));
    const sent = SYNC_LISTS.reduce((n, l) => n + first.lists[l].size, 0);
    expect(sent).toBe(6);

    // While the device is away: a user already sent is renamed, one is deleted, a new one arrives.
    const plain = [...first.lists.users.values()].map((j) => JSON.parse(j)).filter((u) => u.role !== 'admin');
    const [renamed, deleted] = plain.map((u: { _id: string }) => u._id);
    await s.db.update(users).set({ name: 'Renamed During Sync' }).where(eq(users.id, renamed!));
    await s.api({ method: 'DELETE', url: `/api/users/${deleted}` });
    const added = await makeUser(s.db, { name: 'Added During Sync' });

    // The same device resumes with its stored cursor.
    const next = await pull(s.app, token, first.cursor, 3);
    expect(next.reset).toBe(false);
    expect(next.progress!.done).toBe(9);
    first.apply(next);
    await pullAll(s.app, token, first, 3);
    const server = await serverLists(s.app, token);
    expect(first.json()).toEqual(server);
    expect(server.users[deleted!]).toBeUndefined();
    expect(JSON.parse(server.users[renamed!]!).name).toBe('Renamed During Sync');
    expect(server.users[added.id]).toBeDefined();
  });

  it('is compressed for clients that accept br or gzip, and never kept by the browser cache', async () => {
    const plain = await s.api({ method: 'GET', url: '/api/sync?limit=50' });
    const br = await s.api({ method: 'GET', url: '/api/sync?limit=50', headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('no-store');
    expect(JSON.parse(zlib.brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());
    const gz = await s.api({ method: 'GET', url: '/api/sync?limit=50', headers: { 'accept-encoding': 'gzip' } });
    expect(JSON.parse(zlib.gunzipSync(gz.rawPayload).toString())).toEqual(plain.json());
  });

  it('is all ASCII: text past it travels as JSON escapes and reads back exactly as written', async () => {
    const name = 'Zoë Ñúñez-Łukasz 李 🎓';
    const user = await makeUser(s.db, { name });
    const res = await s.api({ method: 'GET', url: '/api/sync?limit=5000' });
    expect([...res.rawPayload].every((byte) => byte < 0x80)).toBe(true);
    expect(res.body).toContain('Zo\\u00eb');
    const reply = res.json() as SyncReply;
    expect(reply.changes.users.upserts.find((u) => u._id === user.id)?.name).toBe(name);
    await s.db.delete(users).where(eq(users.id, user.id));
  });

  it('a page fills across lists, so small lists do not each cost a pull', async () => {
    const reply = await pull(s.app, token, null, 5000);
    expect(reply).toMatchObject({ reset: true, hasMore: false });
    expect(SYNC_LISTS.every((l) => reply.changes[l].upserts.length > 0)).toBe(true);
  });
});

describe('GET /api/sync: deltas', () => {
  it('nothing changed: empty lists and no more to pull, in a few hundred bytes', async () => {
    const copy = await syncedCopy();
    const res = await s.api({ method: 'GET', url: `/api/sync?cursor=${copy.cursor}` });
    const reply = res.json() as SyncReply;
    expect(reply).toMatchObject({ success: true, reset: false, hasMore: false });
    expect(rowsIn(reply)).toBe(0);
    expect(Object.keys(reply.changes).sort()).toEqual([...SYNC_LISTS].sort());
    expect(res.rawPayload.length).toBeLessThan(1024);
    // Asking again with the new cursor is the same.
    expect(rowsIn(await pull(s.app, token, reply.cursor))).toBe(0);
  });

  it('after each kind of write brings what changed, derived rows included, and stays equal to the lists', async () => {
    const copy = await syncedCopy();
    const step = async (write: () => Promise<unknown>) => {
      await write();
      const replies = await pullAll(s.app, token, copy);
      expect(copy.json()).toEqual(await serverLists(s.app, token));
      return summary(replies);
    };
    const user = await makeUser(s.db);
    const course = await makeCourse(s.db);
    const batch = await makeBatch(s.db);
    const other = await makeBatch(s.db);
    await pullAll(s.app, token, copy);

    let enrollmentId = '';
    expect(
      await step(async () => {
        const res = await s.api({
          method: 'POST',
          url: '/api/enrollment/enroll',
          payload: { userId: user.id, courseId: course.id, batchId: batch.id, amount: 12.5, currency: 'USD' },
        });
        enrollmentId = res.json().data._id;
      }),
    ).toEqual([`batches:${batch.id}`, `enrollments:${enrollmentId}`].sort());

    expect(await step(() => s.api({ method: 'PUT', url: `/api/enrollments/approve/${enrollmentId}` }))).toEqual([
      `enrollments:${enrollmentId}`,
    ]);
    expect(
      await step(() =>
        s.api({ method: 'PUT', url: `/api/enrollment/${enrollmentId}`, payload: { batchId: other.id } }),
      ),
    ).toEqual([`batches:${batch.id}`, `batches:${other.id}`, `enrollments:${enrollmentId}`].sort());

    const purchase = await makeService(s.db, { userId: user.id });
    await pullAll(s.app, token, copy);
    expect(await step(() => s.db.update(users).set({ occupation: 'Pilot' }).where(eq(users.id, user.id)))).toEqual(
      [`enrollments:${enrollmentId}`, `services:${purchase.id}`, `users:${user.id}`].sort(),
    );
    expect(await step(() => s.api({ method: 'PATCH', url: `/api/services/${purchase.id}/verify` }))).toEqual([
      `services:${purchase.id}`,
    ]);
    expect(
      await step(() =>
        s.api({
          method: 'POST',
          url: '/api/courses/syllabus/add',
          payload: { courseId: course.id, week: 1, topic: 'Start', details: 'Setup' },
        }),
      ),
    ).toEqual([`courses:${course.id}`]);

    // Deletes travel as deletes; the enrollment's batch count travels as an upsert.
    expect(await step(() => s.api({ method: 'DELETE', url: `/api/enrollments/${enrollmentId}` }))).toEqual(
      [`-enrollments:${enrollmentId}`, `batches:${other.id}`].sort(),
    );
    expect(JSON.parse(copy.lists.batches.get(other.id)!).enrollmentCount).toBe(0);
    expect(await step(() => s.api({ method: 'DELETE', url: `/api/users/${user.id}` }))).toEqual(
      [`-users:${user.id}`, `services:${purchase.id}`].sort(),
    );
    expect(JSON.parse(copy.lists.services.get(purchase.id)!).userId).toBeNull();
    expect(await step(() => s.api({ method: 'DELETE', url: `/api/batches/delete/${batch.id}` }))).toEqual([
      `-batches:${batch.id}`,
    ]);
    expect(await step(() => s.api({ method: 'DELETE', url: `/api/courses/${course.id}` }))).toEqual([
      `-courses:${course.id}`,
    ]);
  });

  it('a write larger than a page comes in pages of `limit`, each row once', async () => {
    const copy = await syncedCopy();
    const batch = await makeBatch(s.db);
    const list = [];
    for (let i = 0; i < 7; i++) list.push(await makeEnrollment(s.db, { batchId: batch.id }));
    await pullAll(s.app, token, copy);
    await s.api({
      method: 'POST',
      url: '/api/enrollments/bulk',
      payload: { action: 'approve', items: list.map((e) => ({ id: e.id })) },
    });
    const replies = await pullAll(s.app, token, copy, 3);
    // 7 enrollments and their 7 activity entries.
    expect(replies.map(rowsIn)).toEqual([3, 3, 3, 3, 2]);
    expect(summary(replies)).toEqual(list.map((e) => `enrollments:${e.id}`).sort());
    expect(copy.json()).toEqual(await serverLists(s.app, token));
  });

  it('rows equal the GET list routes field by field, for every list', async () => {
    const copy = await syncedCopy(4);
    for (const list of SYNC_LISTS) expect(copy.lists[list].size).toBeGreaterThan(0);
  });
});

describe('GET /api/sync: cursors it cannot serve', () => {
  const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

  it('a malformed cursor is a 400 in the error envelope', async () => {
    const copy = await syncedCopy();
    const bad = [
      'not base64!',
      b64('a string'),
      Buffer.from('{not json').toString('base64url'),
      b64({ v: 3 }),
      b64({ s: SYNC_SCHEMA, v: 3 }),
      b64({ s: SYNC_SCHEMA, e: 'x', v: -1 }),
      b64({ ...JSON.parse(Buffer.from(copy.cursor!, 'base64url').toString()), extra: 1 }),
      b64({ s: SYNC_SCHEMA, e: '00000000-0000-4000-8000-000000000000', v: 1, at: ['nope', 'x'] }),
      'A'.repeat(1001),
    ];
    for (const cursor of bad) {
      const res = await s.api({ method: 'GET', url: `/api/sync?cursor=${encodeURIComponent(cursor)}` });
      expect(res.statusCode, cursor).toBe(400);
      expect(res.json()).toMatchObject({ success: false, message: MESSAGES.sync.badCursor });
    }
  });

  it('a cursor of another sync schema, another database, from the future or below the pruning mark starts over', async () => {
    const copy = await syncedCopy();
    const mine = JSON.parse(Buffer.from(copy.cursor!, 'base64url').toString()) as { e: string; v: number };
    const cursors = [
      b64({ s: SYNC_SCHEMA + 1, anything: true }),
      encodeSyncCursor({ s: SYNC_SCHEMA, e: '00000000-0000-4000-8000-000000000000', v: mine.v }),
      encodeSyncCursor({ s: SYNC_SCHEMA, e: mine.e, v: mine.v + 1000 }),
    ];
    for (const cursor of cursors) expect((await pull(s.app, token, cursor, 2)).reset, cursor).toBe(true);

    const older = copy.cursor!;
    await makeUser(s.db);
    await s.db.execute(sql`update sync_state set pruned_below = version`);
    const reply = await pull(s.app, token, older, 2);
    expect(reply.reset).toBe(true);
    // A full sync started before the mark moved cannot finish with a delta: it starts over too.
    const midway = reply.cursor;
    await makeUser(s.db);
    await s.db.execute(sql`update sync_state set pruned_below = version`);
    expect((await pull(s.app, token, midway, 2)).reset).toBe(true);
  });

  it('no bad query is a 500: each is a 400 naming the field', async () => {
    const bad = ['limit=0', 'limit=5001', 'limit=-1', 'limit=1.5', 'limit=abc', 'limit=', 'limit=1&limit=2'];
    bad.push(`limit=${'9'.repeat(400)}`, 'cursor=', 'cursor=a&cursor=b', `cursor=${'A'.repeat(5000)}`);
    for (const query of bad) {
      const res = await s.api({ method: 'GET', url: `/api/sync?${query}` });
      expect(res.statusCode, query).toBe(400);
      expect(res.json().success).toBe(false);
      expect(Object.keys(res.json().errors), query).toEqual([query.split('=')[0]]);
    }
    expect((await s.api({ method: 'GET', url: '/api/sync?limit=5000&unknown=1' })).statusCode).toBe(200);
  });

  it('is described with its query in the OpenAPI document', async () => {
    const doc = (await s.api({ method: 'GET', url: '/api/openapi.json' })).json();
    const op = doc.paths['/api/sync'].get as { parameters: { name: string; in: string; required: boolean }[] };
    expect(op.parameters).toMatchObject([
      { name: 'cursor', in: 'query', required: false },
      { name: 'limit', in: 'query', required: false },
      { name: 'first', in: 'query', required: false },
    ]);
  });

  it('is for admins only', async () => {
    expect((await s.api({ method: 'GET', url: '/api/sync', token: null })).statusCode).toBe(401);
    expect((await s.api({ method: 'GET', url: '/api/sync', token: await s.userToken() })).statusCode).toBe(403);
  });
});
