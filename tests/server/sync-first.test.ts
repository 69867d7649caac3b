import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { computeStats } from '@/app/features/dashboard/dashboard-stats';
import { enrollments, users } from '@/server/db/schema';
import { MESSAGES } from '@/shared/messages';
import {
  decodeSyncCursor,
  encodeSyncCursor,
  SYNC_LISTS,
  SYNC_ORDER,
  SYNC_SCHEMA,
  syncSummarySchema,
  type SyncList,
  type SyncReply,
} from '@/shared/schemas';
import { createTestServer, type TestServer } from '../utils/build-server';
import { makeBatch, makeCourse, makeEnrollment, makeService, makeUser } from '../utils/factories';
import { pullAll, serverLists, SyncCopy, type ListsJson } from '../utils/sync-client';

let s: TestServer;
let token: string;
beforeAll(async () => {
  s = await createTestServer();
  token = await s.adminToken();
  // Every list several pages long at limit=2, and revenue in every kind of currency computeStats meets.
  const user = await makeUser(s.db);
  for (let i = 0; i < 4; i++) await makeUser(s.db, { isVerified: i % 2 === 0 });
  const course = await makeCourse(s.db);
  for (let i = 0; i < 2; i++) await makeCourse(s.db);
  const batch = await makeBatch(s.db);
  await makeBatch(s.db, { isActive: false });
  await makeBatch(s.db);
  const enrollment = (over: Parameters<typeof makeEnrollment>[1]) =>
    makeEnrollment(s.db, { userId: user.id, courseId: course.id, batchId: batch.id, ...over });
  await enrollment({ isVerified: true, currency: 'INR', amount: '0.10' });
  await enrollment({ isVerified: true, currency: 'INR', amount: '0.20' });
  await enrollment({ isVerified: true, currency: null, amount: '10.00' });
  await enrollment({ isVerified: true, currency: 'EUR', amount: null });
  await enrollment({ isVerified: false, currency: 'GBP', amount: '999.00' });
  // Two currencies CURRENCIES does not name: computeStats keeps them in the order it meets them.
  // (not in the alphabet's order: the newer enrollment's CHF first, the purchases' BRL last).
  await enrollment({ isVerified: true, currency: 'AUD', amount: '1.25' });
  await enrollment({ isVerified: true, currency: 'CHF', amount: '5.55' });
  await makeService(s.db, { userId: user.id, isVerified: true, currency: 'GBP', amount: '150.00' });
  await makeService(s.db, { isVerified: true, currency: 'BRL', amount: '7.00' });
  await makeService(s.db, { isVerified: false });
});
afterAll(() => s.close());

/** One pull with `first`, as the PWA sends it (the reply checked against the shared schema). */
async function pull(cursor: string | null, limit: number, first?: SyncList): Promise<SyncReply> {
  const query = new URLSearchParams({ limit: String(limit) });
  if (cursor) query.set('cursor', cursor);
  if (first) query.set('first', first);
  const res = await s.api({ method: 'GET', url: `/api/sync?${query}` });
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  return res.json() as SyncReply;
}

/** A whole sync from nothing, `firstOf(page)` chosen for each page; every reply, in order. */
async function syncWith(copy: SyncCopy, limit: number, firstOf: (page: number) => SyncList | undefined) {
  const replies: SyncReply[] = [];
  for (let page = 0; page < 1000; page++) {
    const reply = await pull(copy.cursor, limit, firstOf(page));
    copy.apply(reply);
    replies.push(reply);
    if (!reply.hasMore) return replies;
  }
  throw new Error('the sync never settled');
}

/** Each upsert of a full sync's pages as `list:id`, in the order they came. */
const sent = (replies: SyncReply[]) =>
  replies
    .filter((r) => r.progress)
    .flatMap((r) => SYNC_LISTS.flatMap((l) => r.changes[l].upserts.map((row) => `${l}:${row._id}`)));

const sizes = (lists: ListsJson) => Object.fromEntries(SYNC_LISTS.map((l) => [l, Object.keys(lists[l]).length]));

/** Asserts each list came in its screen order, however its pages were spread among the others. */
function expectScreenOrder(replies: SyncReply[]) {
  for (const list of SYNC_LISTS) {
    const times = replies.flatMap((r) =>
      r.changes[list].upserts.map((row) => (row as { createdAt: string }).createdAt),
    );
    const sign = SYNC_ORDER[list] === 'newestFirst' ? -1 : 1;
    expect(times, list).toEqual([...times].sort((a, b) => (a < b ? -sign : a > b ? sign : 0)));
  }
}

describe('GET /api/sync: the dashboard’s summary', () => {
  // First in the file: the tests after it write.
  it('comes on the second page of a full sync only, equal to computeStats over the GET lists', async () => {
    const replies = await pullAll(s.app, token, new SyncCopy(), 3);
    // Not on the first page, which a new device's first screen waits for.
    expect(replies.length).toBeGreaterThan(2);
    expect(replies.filter((r) => r.summary)).toEqual([replies[1]]);
    const summary = syncSummarySchema.parse(replies[1]!.summary);
    const lists = await serverLists(s.app, token);
    const rows = (list: SyncList) => Object.values(lists[list]).map((j) => JSON.parse(j) as never);
    // The GET lists in their screen order, as the device holds them.
    const { newestEnrollments: _, ...stats } = computeStats(
      rows('users'),
      rows('courses'),
      rows('enrollments'),
      rows('batches'),
      rows('services'),
    );
    expect(summary).toEqual(stats);
    // The data above names every case: rounding to cents, null as USD, a null amount, others after CURRENCIES.
    expect(summary.revenue.map((r) => r.currency)).toEqual(['INR', 'USD', 'GBP', 'CHF', 'AUD', 'BRL']);
    expect(summary.revenue[0]).toEqual({ currency: 'INR', amount: 0.3 });
  });

  it('is not sent when the first or the second page makes the copy whole', async () => {
    const { total } = (await pull(null, 1)).progress!;
    // A page with room left over ends its lists (a full page is followed by one more).
    for (const [limit, pages] of [
      [total + 1, 1],
      [Math.ceil(total / 2) + 1, 2],
    ] as const) {
      const replies = await pullAll(s.app, token, new SyncCopy(), limit);
      expect(replies.filter((r) => r.progress)).toHaveLength(pages);
      expect(replies.filter((r) => r.summary)).toEqual([]);
    }
  });
});

describe('GET /api/sync?first=: the screen’s list first', () => {
  it('sends the `first` list whole before any other, then the others in the default order', async () => {
    const copy = new SyncCopy();
    const replies = await syncWith(copy, 2, () => 'batches');
    const order = [...new Set(sent(replies).map((k) => k.split(':')[0]))];
    expect(order).toEqual(['batches', ...SYNC_LISTS.filter((l) => l !== 'batches')]);
    expect(replies[0]!.reset).toBe(true);
    expect(replies[0]!.changes.batches.upserts).toHaveLength(2);
    expectScreenOrder(replies);
    expect(copy.json()).toEqual(await serverLists(s.app, token));
  });

  it('sends the users before a `first` list that embeds them, then the others in the default order', async () => {
    for (const first of ['enrollments', 'services'] as const) {
      const copy = new SyncCopy();
      const replies = await syncWith(copy, 2, () => first);
      const order = [...new Set(sent(replies).map((k) => k.split(':')[0]))];
      expect(order).toEqual(['users', first, ...SYNC_LISTS.filter((l) => l !== 'users' && l !== first)]);
      expectScreenOrder(replies);
      expect(copy.json()).toEqual(await serverLists(s.app, token));
    }
  });

  it('resumes every list where it stood when `first` changes mid-sync', async () => {
    const copy = new SyncCopy();
    // The users (three pages: the lists below embed them), two pages of enrollments, one of services, enrollments
    // again, then the default order.
    const plan: (SyncList | undefined)[] = [
      'users',
      'users',
      'users',
      'enrollments',
      'enrollments',
      'services',
      'enrollments',
    ];
    const replies = await syncWith(copy, 2, (page) => plan[page]);
    const lists = replies.map((r) => SYNC_LISTS.filter((l) => r.changes[l].upserts.length > 0));
    expect(lists.slice(0, 7)).toEqual([
      ['users'],
      ['users'],
      ['users'],
      ['enrollments'],
      ['enrollments'],
      ['services'],
      ['enrollments'],
    ]);
    // The services not sent yet come in their turn, after the ones sent, in their order.
    expect(replies[7]!.changes.services.upserts).toEqual([]);
    const keys = sent(replies);
    expect(new Set(keys).size).toBe(keys.length);
    expectScreenOrder(replies);
    expect(copy.json()).toEqual(await serverLists(s.app, token));
  });

  it('brings every row exactly once with `first` switching on every page, and counts each list’s progress', async () => {
    const server = await serverLists(s.app, token);
    const total = sizes(server);
    for (const limit of [1, 2, 3]) {
      const copy = new SyncCopy();
      const choices = [...SYNC_LISTS, undefined];
      const replies = await syncWith(copy, limit, (page) => choices[(page * 5) % choices.length]);
      const keys = sent(replies);
      expect(keys.length, `limit ${limit}`).toBe(Object.values(total).reduce((a, b) => a + b, 0));
      expect(new Set(keys).size).toBe(keys.length);
      expectScreenOrder(replies);
      expect(copy.json()).toEqual(server);

      // Each page's counts are the rows of each list sent so far, of the list's size when the sync began.
      const so = Object.fromEntries(SYNC_LISTS.map((l) => [l, 0]));
      for (const reply of replies) {
        for (const l of SYNC_LISTS) so[l] = (so[l] ?? 0) + reply.changes[l].upserts.length;
        const p = reply.progress!;
        expect(p.lists).toEqual(Object.fromEntries(SYNC_LISTS.map((l) => [l, { done: so[l], total: total[l] }])));
        expect(p.done).toBe(Object.values(so).reduce((a, b) => a + b, 0));
        expect(p.total).toBe(keys.length);
      }
      // Every cursor of a full sync stays well inside the 1000-character cap.
      expect(Math.max(...replies.map((r) => r.cursor.length))).toBeLessThan(1000);
    }
  });

  it('writes made while `first` moves between lists still arrive: the copy ends equal to the lists', async () => {
    const copy = new SyncCopy();
    copy.apply(await pull(null, 2, 'users'));
    // The users come before the enrollments that embed them.
    while (copy.lists.enrollments.size === 0) copy.apply(await pull(copy.cursor, 2, 'enrollments'));
    // A user already sent renamed, an enrollment already sent approved, one not sent yet deleted, one added.
    const [sentUser] = [...copy.lists.users.keys()];
    const [sentEnrollment] = [...copy.lists.enrollments.keys()];
    await s.db.update(users).set({ name: 'Renamed Mid-Sync' }).where(eq(users.id, sentUser!));
    await s.api({ method: 'PUT', url: `/api/enrollments/approve/${sentEnrollment}` });
    const [unsent] = await s.db
      .select({ id: enrollments.id })
      .from(enrollments)
      .where(
        sql`${enrollments.id} not in (${sql.join(
          [...copy.lists.enrollments.keys()].map((id) => sql`${id}::uuid`),
          sql`, `,
        )})`,
      )
      .limit(1);
    await s.api({ method: 'DELETE', url: `/api/enrollments/${unsent!.id}` });
    const added = await makeEnrollment(s.db);
    const replies = await syncWith(copy, 2, (page) => (['courses', 'activity', undefined] as const)[page % 3]);
    const server = await serverLists(s.app, token);
    expect(copy.json()).toEqual(server);
    expect(JSON.parse(server.users[sentUser!]!).name).toBe('Renamed Mid-Sync');
    expect(server.enrollments[unsent!.id]).toBeUndefined();
    expect(copy.lists.enrollments.has(added.id)).toBe(true);
    // The full sync ends with a delta from its start: the writes come in it.
    const delta = replies.filter((r) => !r.progress);
    expect(delta.length).toBeGreaterThan(0);
    expect(delta.flatMap((r) => r.changes.users.upserts.map((u) => u._id))).toContain(sentUser);
  });

  it('is ignored on a delta page', async () => {
    const copy = new SyncCopy();
    await pullAll(s.app, token, copy, 5000);
    const user = await makeUser(s.db);
    const plain = await pull(copy.cursor, 50);
    const withFirst = await pull(copy.cursor, 50, 'activity');
    expect(withFirst).toEqual(plain);
    expect(plain.progress).toBeUndefined();
    expect(plain.changes.users.upserts.map((u) => u._id)).toEqual([user.id]);
  });

  it('an unknown `first` is a 400 naming it, in the error envelope', async () => {
    for (const query of ['first=nope', 'first=', 'first=Users', 'first=users&first=courses', 'first=activity%00']) {
      const res = await s.api({ method: 'GET', url: `/api/sync?${query}` });
      expect(res.statusCode, query).toBe(400);
      expect(res.json()).toMatchObject({ success: false, errors: { first: MESSAGES.sync.badFirst } });
    }
  });
});

describe('GET /api/sync: cursors of the previous shape', () => {
  const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

  it('start a full sync (reset), never a 400 that would strand a device mid-sync', async () => {
    const copy = new SyncCopy();
    await pullAll(s.app, token, copy, 5000);
    const { e, v } = JSON.parse(Buffer.from(copy.cursor!, 'base64url').toString()) as { e: string; v: number };
    const old = [
      // A full sync under way, as schema 4 wrote it (one position for the whole sync).
      b64({ s: 4, e, r: { v, list: 'courses', after: null, done: 7, total: 40 } }),
      // A delta cursor of schema 4.
      b64({ s: 4, e, v }),
    ];
    for (const cursor of old) {
      const reply = await pull(cursor, 2);
      expect(reply.reset, cursor).toBe(true);
      expect(reply.progress!.done).toBe(2);
    }
  });

  it('a full sync’s cursor at its largest is under the cap and reads back', () => {
    const big = 2 ** 31;
    const cursor = encodeSyncCursor({
      s: SYNC_SCHEMA,
      e: '00000000-0000-4000-8000-000000000000',
      r: {
        v: Number.MAX_SAFE_INTEGER,
        l: SYNC_LISTS.map(() => [
          big,
          big,
          [-Number.MAX_SAFE_INTEGER, '00000000-0000-4000-8000-000000000000'],
        ]) as never,
      },
    });
    expect(cursor.length).toBeLessThan(1000);
    expect(decodeSyncCursor(cursor).kind).toBe('ok');
  });
});
