import { inArray, sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { rows } from '@/server/db/client';
import { enrollments, servicePurchases, users } from '@/server/db/schema';
import type { BulkReply, Enrollment, Service } from '@/shared/schemas';
import { makeEnrollment, makeService, makeUser, UNKNOWN_ID } from '../utils/factories';
import { serverForThisFile } from '../utils/server-for-file';

const s = await serverForThisFile();

const bulk = (path: string, payload: object) => s.api({ method: 'POST', url: path, payload });
const enrollmentList = async () =>
  (await s.api({ method: 'GET', url: '/api/enrollments' })).json().data as Enrollment[];

describe('POST /api/enrollments/bulk', () => {
  it('approves many in one request, keeps the approval time of those already approved, and says so', async () => {
    const pending = await Promise.all([1, 2, 3].map(() => makeEnrollment(s.db)));
    const approved = await makeEnrollment(s.db, { isVerified: true, verifiedAt: '2024-05-01T00:00:00.000Z' });
    const res = await bulk('/api/enrollments/bulk', {
      action: 'approve',
      items: [...pending, approved].map((e) => ({ id: e.id })),
    });
    expect(res.statusCode).toBe(200);
    const body = res.json<BulkReply>();
    expect(body.done.sort()).toEqual([...pending, approved].map((e) => e.id).sort());
    expect(body.refused).toEqual([]);
    expect(body).toMatchObject({ message: 'Approved 4 enrollments.', showMessage: true });
    const list = await enrollmentList();
    for (const e of pending) expect(list.find((x) => x._id === e.id)).toMatchObject({ isVerified: true });
    expect(list.find((x) => x._id === approved.id)?.verifiedAt).toBe('2024-05-01T00:00:00.000Z');
  });

  it("replies with the changed records' new updatedAt, so a second action with it is not refused as changed", async () => {
    const [a, b] = await Promise.all([makeEnrollment(s.db), makeEnrollment(s.db)]);
    const first = (
      await bulk('/api/enrollments/bulk', { action: 'approve', items: [a!, b!].map((e) => ({ id: e.id })) })
    ).json<BulkReply>();
    const list = await enrollmentList();
    for (const e of [a!, b!])
      expect(list.find((x) => x._id === e.id)).toMatchObject({
        updatedAt: first.updatedAt,
        verifiedAt: first.updatedAt,
      });
    const second = await bulk('/api/enrollments/bulk', {
      action: 'disapprove',
      items: [a!, b!].map((e) => ({ id: e.id, updatedAt: first.updatedAt })),
    });
    expect(second.json<BulkReply>()).toMatchObject({ done: expect.arrayContaining([a!.id, b!.id]), refused: [] });
    const del = await bulk('/api/enrollments/bulk', { action: 'delete', items: [a!, b!].map((e) => ({ id: e.id })) });
    expect(del.json<BulkReply>().updatedAt).toBeNull();
  });

  it('refuses a record another admin changed since it was loaded, and one that is gone, and does the rest', async () => {
    const [a, b] = await Promise.all([makeEnrollment(s.db), makeEnrollment(s.db)]);
    const seen = (await enrollmentList()).find((e) => e._id === a!.id)!.updatedAt;
    const seenB = (await enrollmentList()).find((e) => e._id === b!.id)!.updatedAt;
    await s.api({ method: 'PUT', url: `/api/enrollments/approve/${b!.id}` }); // someone else, meanwhile
    const res = await bulk('/api/enrollments/bulk', {
      action: 'approve',
      items: [{ id: a!.id, updatedAt: seen }, { id: b!.id, updatedAt: seenB }, { id: UNKNOWN_ID }],
    });
    const body = res.json<BulkReply>();
    expect(body.done).toEqual([a!.id]);
    expect(body.refused).toEqual(
      expect.arrayContaining([
        { id: b!.id, reason: 'changed', message: 'Someone changed it after you loaded it. Check it and try again.' },
        { id: UNKNOWN_ID, reason: 'missing', message: 'It no longer exists.' },
      ]),
    );
    expect(body.message).toBe('Approved 1 enrollment. 2 enrollments could not be changed: see why below.');
  });

  it('disapproves and deletes, in one transaction each', async () => {
    const list = await Promise.all([1, 2].map(() => makeEnrollment(s.db, { isVerified: true })));
    const ids = list.map((e) => e.id);
    const off = await bulk('/api/enrollments/bulk', { action: 'disapprove', items: ids.map((id) => ({ id })) });
    expect(off.json<BulkReply>().done.sort()).toEqual([...ids].sort());
    const rows = await s.db.select().from(enrollments).where(inArray(enrollments.id, ids));
    expect(rows.every((r) => !r.isVerified && r.verifiedAt === null)).toBe(true);
    const del = await bulk('/api/enrollments/bulk', { action: 'delete', items: ids.map((id) => ({ id })) });
    expect(del.json<BulkReply>()).toMatchObject({ message: 'Deleted 2 enrollments.', refused: [] });
    expect(await s.db.select().from(enrollments).where(inArray(enrollments.id, ids))).toEqual([]);
  });

  it('refuses bad bodies with a clear 400 and changes nothing', async () => {
    const e = await makeEnrollment(s.db);
    const cases: [object, string][] = [
      [{ action: 'approve', items: [] }, 'Select at least one record.'],
      [{ action: 'archive', items: [{ id: e.id }] }, 'Action must be one of approve, disapprove, delete.'],
      [{ action: 'approve', items: [{ id: 'nope' }] }, 'Must be a valid id.'],
      [{ action: 'approve', items: [{ id: e.id, updatedAt: 'yesterday' }] }, 'updatedAt must be an ISO date-time.'],
      [
        { action: 'approve', items: Array.from({ length: 10_001 }, () => ({ id: UNKNOWN_ID })) },
        'At most 10,000 records at once.',
      ],
    ];
    for (const [payload, message] of cases) {
      const res = await bulk('/api/enrollments/bulk', payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect((await enrollmentList()).find((x) => x._id === e.id)?.isVerified).toBe(false);
  });

  it('is for admins only', async () => {
    const payload = { action: 'approve', items: [{ id: UNKNOWN_ID }] };
    expect((await s.api({ method: 'POST', url: '/api/enrollments/bulk', payload, token: null })).statusCode).toBe(401);
    const token = await s.userToken();
    expect((await s.api({ method: 'POST', url: '/api/enrollments/bulk', payload, token })).statusCode).toBe(403);
  });
});

/**
 * Runs `bulk` while another transaction holds the lock of the rows `change` writes, and commits the change
 * while the bulk waits: on PostgreSQL a second connection; on PGlite (one connection) a transaction the
 * bulk queues behind.
 */
async function whileAnotherWrites(change: string, params: string[], bulk: () => Promise<{ json(): unknown }>) {
  if (s.kind === 'postgres') {
    const raw = new pg.Client({ connectionString: s.databaseUrl! });
    await raw.connect();
    try {
      await raw.query('begin');
      await raw.query(change, params);
      let settled = false;
      const reply = bulk().finally(() => (settled = true));
      for (;;) {
        const [w] = await rows<{ n: number }>(
          s.db,
          sql`select count(*)::int as n from pg_stat_activity
            where datname = current_database() and wait_event_type = 'Lock'`,
        );
        if (w!.n > 0 || settled) break;
      }
      expect(settled).toBe(false); // the bulk is waiting on the row lock
      await raw.query('commit');
      return (await reply).json() as BulkReply;
    } finally {
      await raw.end();
    }
  }
  let release = () => {};
  const gate = new Promise<void>((done) => (release = done));
  let entered = () => {};
  const inside = new Promise<void>((done) => (entered = done));
  const writing = s.db.transaction(async (tx) => {
    await tx.execute(sql.raw(change.replace('$1', `'${params[0]}'`)));
    entered();
    await gate;
  });
  await inside;
  const reply = bulk();
  release();
  await writing;
  return (await reply).json() as BulkReply;
}

describe('bulk actions beside another writer', () => {
  const CHANGE = `update enrollments set amount_paid = 777, updated_at = updated_at + interval '1 second' where id = $1`;
  const loaded = async (...ids: string[]) => {
    const list = await enrollmentList();
    return ids.map((id) => ({ id, updatedAt: list.find((e) => e._id === id)!.updatedAt }));
  };

  it('refuses, as changed, a record another admin changes while the bulk approve waits for its lock', async () => {
    const [a, b] = await Promise.all([makeEnrollment(s.db), makeEnrollment(s.db)]);
    const items = await loaded(a!.id, b!.id);
    const reply = await whileAnotherWrites(CHANGE, [b!.id], () =>
      bulk('/api/enrollments/bulk', { action: 'approve', items }),
    );
    expect(reply.done).toEqual([a!.id]);
    expect(reply.refused).toEqual([expect.objectContaining({ id: b!.id, reason: 'changed' })]);
    const rowsNow = await s.db
      .select()
      .from(enrollments)
      .where(inArray(enrollments.id, [a!.id, b!.id]));
    expect(rowsNow.find((r) => r.id === b!.id)).toMatchObject({ isVerified: false, amountPaid: '777.00' });
    expect(rowsNow.find((r) => r.id === a!.id)?.isVerified).toBe(true);
  });

  it('keeps a record changed while the bulk delete waits, and says one deleted meanwhile is gone', async () => {
    const [a, b, c] = await Promise.all([makeEnrollment(s.db), makeEnrollment(s.db), makeEnrollment(s.db)]);
    const items = await loaded(a!.id, b!.id);
    const changed = await whileAnotherWrites(CHANGE, [b!.id], () =>
      bulk('/api/enrollments/bulk', { action: 'delete', items }),
    );
    expect(changed.done).toEqual([a!.id]);
    expect(changed.refused).toEqual([expect.objectContaining({ id: b!.id, reason: 'changed' })]);
    const left = await s.db
      .select()
      .from(enrollments)
      .where(inArray(enrollments.id, [a!.id, b!.id]));
    expect(left.map((r) => r.id)).toEqual([b!.id]);

    const seenC = await loaded(c!.id);
    const gone = await whileAnotherWrites('delete from enrollments where id = $1', [c!.id], () =>
      bulk('/api/enrollments/bulk', { action: 'approve', items: seenC }),
    );
    expect(gone).toMatchObject({ done: [], refused: [expect.objectContaining({ id: c!.id, reason: 'missing' })] });
  });
});

describe('POST /api/services/bulk', () => {
  it('approves, disapproves and deletes purchases', async () => {
    const list = await Promise.all([1, 2].map(() => makeService(s.db)));
    const items = list.map((p) => ({ id: p.id }));
    expect((await bulk('/api/services/bulk', { action: 'approve', items })).json<BulkReply>().message).toBe(
      'Approved 2 service purchases.',
    );
    const after = (await s.api({ method: 'GET', url: '/api/services' })).json().data as Service[];
    expect(after.filter((p) => items.some((i) => i.id === p._id)).every((p) => p.isVerified)).toBe(true);
    await bulk('/api/services/bulk', { action: 'disapprove', items });
    const ids = items.map((i) => i.id);
    expect(
      (await s.db.select().from(servicePurchases).where(inArray(servicePurchases.id, ids))).map((p) => p.isVerified),
    ).toEqual([false, false]);
    await bulk('/api/services/bulk', { action: 'delete', items });
    expect(await s.db.select().from(servicePurchases).where(inArray(servicePurchases.id, ids))).toEqual([]);
  });
});

describe('POST /api/users/bulk', () => {
  it("deletes users, keeps their enrollments with userId null, and refuses the admin's own account", async () => {
    const [a, b] = await Promise.all([makeUser(s.db), makeUser(s.db)]);
    const kept = await makeEnrollment(s.db, { userId: a!.id });
    const me = (await s.api({ method: 'GET', url: '/api/users/login-by-token' })).json().data.userData._id as string;
    const res = await bulk('/api/users/bulk', { action: 'delete', items: [{ id: a!.id }, { id: b!.id }, { id: me }] });
    const body = res.json<BulkReply>();
    expect(body.done.sort()).toEqual([a!.id, b!.id].sort());
    expect(body.refused).toEqual([
      { id: me, reason: 'self', message: 'You cannot delete your own account while logged in with it.' },
    ]);
    expect(
      await s.db
        .select()
        .from(users)
        .where(inArray(users.id, [a!.id, b!.id])),
    ).toEqual([]);
    expect((await enrollmentList()).find((e) => e._id === kept.id)?.userId).toBeNull();
    const approve = await bulk('/api/users/bulk', { action: 'approve', items: [{ id: a!.id }] });
    expect(approve.statusCode).toBe(400);
  });
});
