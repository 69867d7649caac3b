import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { batches, enrollments } from '@/server/db/schema';
import { expectRefused, listedInOrder } from '../utils/api-expect';
import { makeBatch, makeEnrollment, UNKNOWN_ID } from '../utils/factories';
import { serverForThisFile } from '../utils/server-for-file';

type WireBatch = { _id: string; batchName: string; enrollmentCount: number };

const s = await serverForThisFile();

describe('GET /api/batches', () => {
  it('lists batches oldest first with their enrollment counts', async () => {
    const older = await makeBatch(s.db, {
      batchName: 'Older',
      createdAt: '2020-01-01T00:00:00.000Z',
      endDate: '2020-03-01T00:00:00.000Z',
    });
    const newer = await makeBatch(s.db, { batchName: 'Newer', createdAt: '2020-02-01T00:00:00.000Z', isActive: false });
    await makeEnrollment(s.db, { batchId: older.id });
    await makeEnrollment(s.db, { batchId: older.id });
    await makeEnrollment(s.db, { batchId: null });
    const res = await s.api({ method: 'GET', url: '/api/batches' });
    expect(res.statusCode).toBe(200);
    const { success, batches: list } = res.json();
    expect(success).toBe(true);
    const [olderListed, newerListed] = listedInOrder<WireBatch>(list, older.id, newer.id);
    expect(olderListed).toEqual({
      _id: older.id,
      batchName: 'Older',
      startDate: '2026-01-01T00:00:00.000Z',
      endDate: '2020-03-01T00:00:00.000Z',
      isActive: true,
      createdAt: '2020-01-01T00:00:00.000Z',
      enrollmentCount: 2,
    });
    expect(newerListed).toMatchObject({
      endDate: null,
      isActive: false,
      enrollmentCount: 0,
    });
  });
});

describe('POST /api/batches/start', () => {
  it('creates an active batch (201) and returns it with every batch', async () => {
    const res = await s.api({
      method: 'POST',
      url: '/api/batches/start',
      payload: { batchName: '  Spring 2026 ', startDate: '2026-03-01', endDate: '' },
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({
      success: true,
      showMessage: true,
      message: expect.stringContaining('Spring 2026'),
      data: {
        batchName: 'Spring 2026',
        startDate: '2026-03-01T00:00:00.000Z',
        endDate: null,
        isActive: true,
        enrollmentCount: 0,
      },
    });
    expect(body.allBatches.at(-1)).toEqual(body.data);
  });

  it('rejects a blank name, a bad date and an end before the start (400 naming the field)', async () => {
    const blank = await s.api({
      method: 'POST',
      url: '/api/batches/start',
      payload: { batchName: '  ', startDate: '2026-03-01' },
    });
    expectRefused(blank, 400, { errors: { batchName: expect.any(String) } });
    for (const startDate of ['soon', '+275760-09-13T00:00:00.000Z']) {
      const badDate = await s.api({
        method: 'POST',
        url: '/api/batches/start',
        payload: { batchName: 'X', startDate },
      });
      expect(badDate.statusCode).toBe(400);
      expect(badDate.json().errors).toEqual({ startDate: 'Start date must be a valid date.' });
    }
    const reversed = await s.api({
      method: 'POST',
      url: '/api/batches/start',
      payload: { batchName: 'X', startDate: '2026-03-01', endDate: '2026-02-01' },
    });
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().errors).toEqual({ endDate: 'End date cannot be before the start date.' });
  });
});

describe('PUT /api/batches/update/:id', () => {
  it('updates name and dates, keeps isActive when it is not sent, and returns all batches', async () => {
    const b = await makeBatch(s.db, { isActive: false, endDate: '2026-05-01T00:00:00.000Z' });
    await makeEnrollment(s.db, { batchId: b.id });
    const res = await s.api({
      method: 'PUT',
      url: `/api/batches/update/${b.id}`,
      payload: { batchName: 'Renamed', startDate: '2026-02-01T09:30:00Z', endDate: '2026-06-30' },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.data).toMatchObject({
      _id: b.id,
      batchName: 'Renamed',
      startDate: '2026-02-01T09:30:00.000Z',
      endDate: '2026-06-30T00:00:00.000Z',
      isActive: false,
      enrollmentCount: 1,
    });
    expect(body.allBatches.find((x: WireBatch) => x._id === b.id)).toEqual(body.data);
    const activated = await s.api({
      method: 'PUT',
      url: `/api/batches/update/${b.id}`,
      payload: { batchName: 'Renamed', startDate: '2026-02-01', endDate: null, isActive: true },
    });
    expect(activated.json().data).toMatchObject({ isActive: true, endDate: null });
  });

  it('answers 404 for an unknown id, 400 for a malformed id or body', async () => {
    const payload = { batchName: 'X', startDate: '2026-01-01' };
    expect((await s.api({ method: 'PUT', url: `/api/batches/update/${UNKNOWN_ID}`, payload })).statusCode).toBe(404);
    expect((await s.api({ method: 'PUT', url: '/api/batches/update/42', payload })).statusCode).toBe(400);
    const b = await makeBatch(s.db);
    const bad = await s.api({
      method: 'PUT',
      url: `/api/batches/update/${b.id}`,
      payload: { ...payload, isActive: 'yes' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toHaveProperty('isActive');
  });
});

describe('DELETE /api/batches/delete/:id', () => {
  it('deletes an empty batch and returns the remaining batches', async () => {
    const b = await makeBatch(s.db);
    const res = await s.api({ method: 'DELETE', url: `/api/batches/delete/${b.id}` });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.success).toBe(true);
    expect(body.allBatches.map((x: WireBatch) => x._id)).not.toContain(b.id);
    expect((await s.api({ method: 'DELETE', url: `/api/batches/delete/${b.id}` })).statusCode).toBe(404);
    expect((await s.api({ method: 'DELETE', url: '/api/batches/delete/nope' })).statusCode).toBe(400);
  });

  it('refuses (409) to delete a batch that still has enrollments, saying how many, and keeps them', async () => {
    const b = await makeBatch(s.db);
    const kept = await Promise.all([1, 2, 3].map(() => makeEnrollment(s.db, { batchId: b.id })));
    const res = await s.api({ method: 'DELETE', url: `/api/batches/delete/${b.id}` });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      success: false,
      showMessage: true,
      message: 'This batch still has 3 enrollments. Move or delete them first.',
    });
    expect(await s.db.select().from(batches).where(eq(batches.id, b.id))).toHaveLength(1);
    const left = await s.db.select({ id: enrollments.id }).from(enrollments).where(eq(enrollments.batchId, b.id));
    expect(left.map((e) => e.id).sort()).toEqual(kept.map((e) => e.id).sort());

    const single = await makeBatch(s.db);
    await makeEnrollment(s.db, { batchId: single.id });
    const one = await s.api({ method: 'DELETE', url: `/api/batches/delete/${single.id}` });
    expect(one.json().message).toBe('This batch still has 1 enrollment. Move or delete it first.');
  });
});

describe('batch routes need an admin', () => {
  const calls = [
    { method: 'GET', url: '/api/batches' },
    { method: 'POST', url: '/api/batches/start', payload: { batchName: 'X', startDate: '2026-01-01' } },
    { method: 'PUT', url: `/api/batches/update/${UNKNOWN_ID}`, payload: { batchName: 'X', startDate: '2026-01-01' } },
    { method: 'DELETE', url: `/api/batches/delete/${UNKNOWN_ID}` },
  ] as const;

  it.each(calls)('$method $url: 401 without a token, 403 for a non-admin', async (call) => {
    expectRefused(await s.api({ ...call, token: null }), 401);
    expect((await s.api({ ...call, token: await s.userToken() })).statusCode).toBe(403);
  });
});
