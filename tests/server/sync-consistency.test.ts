import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '@/server/db/client';
import { courses, enrollments, users } from '@/server/db/schema';
import { SYNC_LISTS, type SyncReply } from '@/shared/schemas';
import { createTestServer, type TestServer } from '../utils/build-server';
import { makeBatch, makeCourse, makeEnrollment, makeService, makeUser } from '../utils/factories';
import { pull, pullAll, serverLists, SyncCopy } from '../utils/sync-client';
import type { FastifyInstance } from 'fastify';

/**
 * "Never a missed change": concurrent writers on two server instances (PostgreSQL; one on PGlite, which
 * has a single connection) while simulated devices pull at random moments; every copy ends equal to the
 * server's lists, and no pull ever steps back or starts over.
 */
let s: TestServer;
let token: string;
let instances: FastifyInstance[];
beforeAll(async () => {
  s = await createTestServer();
  token = await s.adminToken();
  instances = s.kind === 'postgres' ? [s.app, await s.anotherInstance()] : [s.app];
});
afterAll(() => s.close());

/** A small seeded generator, so a failure can be replayed from the seed in its message. */
function random(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (n: number) => Math.floor(next() * n),
    pick: <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!,
  };
}

/** A short random pause, so writers and pulls interleave differently on every run. */
const jitter = (r: ReturnType<typeof random>, ms = 3) => new Promise((done) => setTimeout(done, r.next() * ms));

const rowsIn = (reply: SyncReply) =>
  SYNC_LISTS.reduce((n, l) => n + reply.changes[l].upserts.length + reply.changes[l].deletes.length, 0);

/** A delta cursor's place in the log, comparable: inside version v comes before all of v. */
function position(cursor: string): [number, number, string] | null {
  const c = JSON.parse(Buffer.from(cursor, 'base64url').toString()) as { v?: number; at?: [string, string] };
  if (c.v === undefined) return null; // a full sync under way
  return c.at ? [c.v, 0, c.at.join(':')] : [c.v, 1, ''];
}
const before = (a: [number, number, string], b: [number, number, string]) =>
  a[0] !== b[0] ? a[0] < b[0] : a[1] !== b[1] ? a[1] < b[1] : a[2] <= b[2];

describe('never a missed change', () => {
  it('concurrent writers through every instance, devices pulling at random: every copy ends equal', async () => {
    const seed = Date.now() % 1_000_000;
    const r = random(seed);
    const onPostgres = s.kind === 'postgres';
    const people: { id: string }[] = [];
    for (let i = 0; i < 12; i++) people.push(await makeUser(s.db));
    const catalogue = [await makeCourse(s.db), await makeCourse(s.db)];
    const quiet = [await makeCourse(s.db), await makeCourse(s.db), await makeCourse(s.db)];
    const batches = [await makeBatch(s.db), await makeBatch(s.db), await makeBatch(s.db)];
    const enrolled: string[] = [];
    for (let i = 0; i < 30; i++)
      enrolled.push(
        (
          await makeEnrollment(s.db, {
            userId: r.pick(people).id,
            courseId: r.pick(catalogue).id,
            batchId: r.pick(batches).id,
          })
        ).id,
      );
    const purchases: string[] = [];
    for (let i = 0; i < 6; i++) purchases.push((await makeService(s.db, { userId: r.pick(people).id })).id);

    const call = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
      r.pick(instances).inject({ method, url, payload, headers: { authorization: `Bearer ${token}` } });
    const unexpected: string[] = [];
    const expectOk = async (what: string, res: Promise<{ statusCode: number; body: string }>) => {
      const { statusCode, body } = await res;
      // 404/409: a random pick of something another writer deleted meanwhile.
      if (![200, 201, 404, 409].includes(statusCode)) unexpected.push(`${what}: ${statusCode} ${body.slice(0, 200)}`);
      return statusCode < 300 ? (JSON.parse(body) as { data?: { _id: string } }) : null;
    };

    const actions: Array<() => Promise<unknown>> = [
      () => expectOk('approve', call('PUT', `/api/enrollments/approve/${r.pick(enrolled)}`)),
      () => expectOk('disapprove', call('PUT', `/api/enrollments/dis-approve/${r.pick(enrolled)}`)),
      async () => {
        const made = await expectOk(
          'enroll',
          call('POST', '/api/enrollment/enroll', {
            userId: r.pick(people).id,
            courseId: r.pick(catalogue).id,
            batchId: r.pick(batches).id,
            amount: 10 + r.int(90),
            currency: 'USD',
          }),
        );
        if (made?.data) enrolled.push(made.data._id);
      },
      () => expectOk('delete', call('DELETE', `/api/enrollments/${r.pick(enrolled)}`)),
      () => expectOk('move', call('PUT', `/api/enrollment/${r.pick(enrolled)}`, { batchId: r.pick(batches).id })),
      () =>
        expectOk(
          'bulk',
          call('POST', '/api/enrollments/bulk', {
            action: r.pick(['approve', 'disapprove', 'delete'] as const),
            items: [r.pick(enrolled), r.pick(enrolled), r.pick(enrolled)].map((id) => ({ id })),
          }),
        ),
      () => expectOk('verify', call('PATCH', `/api/services/${r.pick(purchases)}/verify`)),
      // The public site edits a user: the user, its enrollments and purchases change.
      () =>
        s.db
          .update(users)
          .set({ name: `Name ${r.int(1e6)}` })
          .where(eq(users.id, r.pick(people).id)),
      // A slow transaction: takes its version with its write and commits late, while writers of other lists
      // (which share no other lock with it) go on. Its courses change nowhere else, so a change of it that
      // a pull skipped would never be mended by a later one.
      () =>
        s.db.transaction(async (tx) => {
          await tx
            .update(courses)
            .set({ cardTitle: `Title ${r.int(1e6)}` })
            .where(eq(courses.id, r.pick(quiet).id));
          await jitter(r, 20);
        }),
    ];
    // Two users leave mid-way: their enrollments and purchases are set null.
    const leaving = people.splice(0, 2);

    let writing = true;
    const writers = Array.from({ length: onPostgres ? 6 : 3 }, async (_, w) => {
      for (let round = 0; round < (onPostgres ? 40 : 25); round++) {
        await jitter(r);
        if (w === 0 && round === 10) await expectOk('delete user', call('DELETE', `/api/users/${leaving[0]!.id}`));
        if (w === 1 && round === 20) await expectOk('delete user', call('DELETE', `/api/users/${leaving[1]!.id}`));
        await r.pick(actions)();
      }
    });

    // Two devices are in sync when the writing starts; the third makes its first (full) sync meanwhile.
    const devices = Array.from({ length: 3 }, () => ({ copy: new SyncCopy(), replies: [] as SyncReply[] }));
    for (const device of devices.slice(1)) device.replies.push(...(await pullAll(s.app, token, device.copy)));
    const pulling = devices.map(async (device) => {
      while (writing) {
        await jitter(r, 4);
        const app = r.pick(instances);
        const reply = await pull(app, token, device.copy.cursor, r.pick([1, 3, 10, 2000]));
        device.copy.apply(reply);
        device.replies.push(reply);
      }
    });
    await Promise.all(writers);
    writing = false;
    await Promise.all(pulling);
    expect(unexpected, `seed ${seed}`).toEqual([]);

    const server = await serverLists(s.app, token);
    for (const [i, device] of devices.entries()) {
      const app = instances[i % instances.length]!;
      device.replies.push(...(await pullAll(app, token, device.copy)));
      expect(device.copy.json(), `device ${i}, seed ${seed}`).toEqual(server);
      // One full sync at the start, never another; delta positions only move forward.
      expect(device.replies.map((x) => x.reset).lastIndexOf(true), `seed ${seed}`).toBe(0);
      const positions = device.replies.map((x) => position(x.cursor)).filter((p) => p !== null);
      for (let k = 1; k < positions.length; k++)
        expect(before(positions[k - 1]!, positions[k]!), `seed ${seed}`).toBe(true);
    }
    expect(devices.reduce((n, d) => n + d.replies.filter((x) => rowsIn(x) > 0).length, 0)).toBeGreaterThan(3);
  });

  it('a write whose transaction took its version first and commits last is still seen, once', async () => {
    const copy = new SyncCopy();
    await pullAll(s.app, token, copy);
    const first = await makeEnrollment(s.db);
    const second = await makeService(s.db);
    await pullAll(s.app, token, copy);
    const reader = instances.at(-1)!;
    const read = (cursor: string | null) => pull(reader, token, cursor);
    const seen = (replies: SyncReply[], id: string) =>
      replies.filter((x) => SYNC_LISTS.some((l) => x.changes[l].upserts.some((e) => e._id === id))).length;

    if (s.kind === 'postgres') {
      // A raw connection opens a transaction and writes: it holds version N until it commits.
      const raw = new pg.Client({ connectionString: s.databaseUrl! });
      await raw.connect();
      try {
        await raw.query('begin');
        await raw.query('update enrollments set progress = 42 where id = $1', [first.id]);
        // Another instance's write to another list: it waits for that version's lock rather than committing
        // ahead of it (with a plain sequence it would commit first, and a pull now would move past N).
        let settled = false;
        const second$ = instances[0]!.inject({
          method: 'PATCH',
          url: `/api/services/${second.id}/verify`,
          headers: { authorization: `Bearer ${token}` },
        });
        void second$.finally(() => (settled = true));
        for (;;) {
          const [w] = await rows<{ n: number }>(
            s.db,
            sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
          );
          if (w!.n > 0 || settled) break;
        }
        const during = await read(copy.cursor);
        expect(rowsIn(during)).toBe(0);
        copy.apply(during);
        await raw.query('commit');
        expect((await second$).statusCode).toBe(200);
        const after = await pullAll(reader, token, copy);
        expect(seen([during, ...after], first.id)).toBe(1);
        expect(seen([during, ...after], second.id)).toBe(1);
      } finally {
        await raw.end();
      }
      const versions = await rows<{ row_id: string; version: string }>(
        s.db,
        sql`select row_id::text, max(version) as version from sync_changes where row_id in (${first.id}, ${second.id}) group by row_id`,
      );
      const v = Object.fromEntries(versions.map((x) => [x.row_id, Number(x.version)]));
      expect(v[first.id]!).toBeLessThan(v[second.id]!);
    } else {
      // PGlite has one connection: a pull asked for while a write transaction is open runs after its commit.
      let release = () => {};
      const gate = new Promise<void>((done) => (release = done));
      let entered = () => {};
      const inside = new Promise<void>((done) => (entered = done));
      const writing = s.db.transaction(async (tx) => {
        await tx.update(enrollments).set({ progress: 42 }).where(eq(enrollments.id, first.id));
        entered();
        await gate;
      });
      await inside;
      const during$ = read(copy.cursor);
      release();
      await writing;
      const during = await during$;
      const after = await read(during.cursor);
      expect(seen([during, after], first.id)).toBe(1);
    }
  });
});
