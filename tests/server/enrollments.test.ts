import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { enrollments } from '@/server/db/schema';
import type { Enrollment } from '@/shared/schemas';
import { UNPAID_ENROLLMENT } from '../mocks/fixtures';
import { expectRefused, listedInOrder } from '../utils/api-expect';
import { makeBatch, makeCourse, makeEnrollment, makeUser, UNKNOWN_ID } from '../utils/factories';
import { serverForThisFile } from '../utils/server-for-file';

const s = await serverForThisFile();

async function listed(id: string): Promise<Enrollment | undefined> {
  const res = await s.api({ method: 'GET', url: '/api/enrollments' });
  return (res.json().data as Enrollment[]).find((e) => e._id === id);
}

describe('POST /api/enrollment/enroll', () => {
  const enroll = (payload: object) => s.api({ method: 'POST', url: '/api/enrollment/enroll', payload });

  it('creates the enrollment (201) with user and course details copied by the server', async () => {
    const user = await makeUser(s.db, {
      name: 'Ravi Kumar',
      email: 'ravi@test.dev',
      contactNo: '+91 98765',
      interest: 'AI',
      pastExperience: 'None',
    });
    const course = await makeCourse(s.db, {
      title: 'Data Science',
      description: 'Numbers and models.',
      slug: 'data-science',
    });
    const batch = await makeBatch(s.db);
    const res = await enroll({
      userId: user.id,
      courseId: course.id,
      batchId: batch.id,
      amount: '1999.5',
      currency: 'INR',
      paymentMethod: 'upi',
      transactionId: 'tx_1',
    });
    expect(res.statusCode).toBe(201);
    const { success, data } = res.json();
    expect(success).toBe(true);
    expect(data).toEqual({
      _id: expect.any(String),
      batchId: batch.id,
      userId: {
        _id: user.id,
        name: 'Ravi Kumar',
        email: 'ravi@test.dev',
        phone: '+91 98765',
        occupation: 'Engineer',
        interest: 'AI',
        pastExperience: 'None',
      },
      userDetails: { name: 'Ravi Kumar', email: 'ravi@test.dev', phone: '+91 98765' },
      courseDetails: {
        title: 'Data Science',
        description: 'Numbers and models.',
        slug: 'data-science',
        availableDays: null,
      },
      amount: 1999.5,
      currency: 'INR',
      paymentMethod: 'upi',
      transactionId: 'tx_1',
      ...UNPAID_ENROLLMENT,
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      updatedAt: expect.any(String),
    });
    expect(await listed(data._id)).toEqual(data);
  });

  it('answers 404 naming the unknown user, course or batch, and 400 for a bad body', async () => {
    const [user, course, batch] = [await makeUser(s.db), await makeCourse(s.db), await makeBatch(s.db)];
    const base = { userId: user.id, courseId: course.id, batchId: batch.id, amount: 10, currency: 'USD' };
    for (const [field, what] of [
      ['userId', 'User'],
      ['courseId', 'Course'],
      ['batchId', 'Batch'],
    ] as const) {
      const res = await enroll({ ...base, [field]: UNKNOWN_ID });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toContain(what);
    }
    const bad = await enroll({ ...base, userId: 'x', amount: -1, currency: 'JPY' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['amount', 'currency', 'userId']);
  });
});

describe('GET /api/enrollments', () => {
  it('lists newest first; a deleted user leaves userId null and the copied userDetails intact', async () => {
    const user = await makeUser(s.db, { name: 'Gone Soon' });
    const older = await makeEnrollment(s.db, { createdAt: '2024-01-01T00:00:00.000Z', amount: null, currency: null });
    const newer = await makeEnrollment(s.db, {
      createdAt: '2025-01-01T00:00:00.000Z',
      userId: user.id,
      userName: 'Gone Soon',
      userEmail: 'gone@test.dev',
    });
    expect((await s.api({ method: 'DELETE', url: `/api/users/${user.id}` })).statusCode).toBe(200);
    const res = await s.api({ method: 'GET', url: '/api/enrollments' });
    expect(res.statusCode).toBe(200);
    const [newerListed, olderListed] = listedInOrder(res.json().data as Enrollment[], newer.id, older.id);
    expect(newerListed).toMatchObject({
      userId: null,
      userDetails: { name: 'Gone Soon', email: 'gone@test.dev', phone: '555-0101' },
      amount: 49,
    });
    expect(olderListed).toMatchObject({ amount: null, currency: null, batchId: null });
  });
});

describe('enrollment state changes', () => {
  it('sets progress (0..100) and bumps updatedAt', async () => {
    const e = await makeEnrollment(s.db, { updatedAt: '2024-01-01T00:00:00.000Z' });
    const res = await s.api({
      method: 'PUT',
      url: `/api/enrollment/enrollments/${e.id}/progress`,
      payload: { progress: '40' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ _id: e.id, progress: 40, completed: false });
    expect(res.json().data.updatedAt > '2024-01-01T00:00:00.000Z').toBe(true);
    const out = await s.api({
      method: 'PUT',
      url: `/api/enrollment/enrollments/${e.id}/progress`,
      payload: { progress: 101 },
    });
    expect(out.statusCode).toBe(400);
    expect(out.json().errors).toEqual({ progress: 'Progress must be between 0 and 100.' });
    const fraction = await s.api({
      method: 'PUT',
      url: `/api/enrollment/enrollments/${e.id}/progress`,
      payload: { progress: 40.5 },
    });
    expect(fraction.statusCode).toBe(400);
    expect(fraction.json().errors).toHaveProperty('progress');
  });

  it('marks the course completed with progress 100', async () => {
    const e = await makeEnrollment(s.db, { progress: 30 });
    const res = await s.api({ method: 'PUT', url: `/api/enrollments/${e.id}/complete` });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ _id: e.id, completed: true, progress: 100 });
  });

  it('approves (isVerified, verifiedAt now) and disapproves (verifiedAt null)', async () => {
    const e = await makeEnrollment(s.db);
    const before = Date.now();
    const approved = await s.api({ method: 'PUT', url: `/api/enrollments/approve/${e.id}` });
    const after = Date.now();
    expect(approved.statusCode).toBe(200);
    const data = approved.json().data as Enrollment;
    expect(data.isVerified).toBe(true);
    // Stamped during the request: between the moments just before and just after it, however slow the machine.
    expect(Date.parse(data.verifiedAt!)).toBeGreaterThanOrEqual(before);
    expect(Date.parse(data.verifiedAt!)).toBeLessThanOrEqual(after);
    expect(await listed(e.id)).toMatchObject({ isVerified: true, verifiedAt: data.verifiedAt });
    const disapproved = await s.api({ method: 'PUT', url: `/api/enrollments/dis-approve/${e.id}` });
    expect(disapproved.statusCode).toBe(200);
    expect(disapproved.json()).toMatchObject({
      success: true,
      data: { _id: e.id, isVerified: false, verifiedAt: null },
    });
  });

  it('updates any subset of the editable fields', async () => {
    const e = await makeEnrollment(s.db);
    const batch = await makeBatch(s.db);
    const payload = {
      paymentId: 'pay_9',
      amountPaid: '49.99',
      currency: 'EUR',
      paymentStatus: 'completed',
      progress: 75,
      certificateIssued: true,
      isApproved: true,
      batchId: batch.id,
    };
    const res = await s.api({ method: 'PUT', url: `/api/enrollment/${e.id}`, payload });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      ...payload,
      amountPaid: 49.99,
      completed: false,
      amount: 49,
      transactionId: e.transactionId,
    });
    const partial = await s.api({ method: 'PUT', url: `/api/enrollment/${e.id}`, payload: { completed: true } });
    expect(partial.json().data).toMatchObject({ completed: true, progress: 75, paymentId: 'pay_9' });
  });

  it('rejects an unknown batch (404), a negative amount and an empty body (400)', async () => {
    const e = await makeEnrollment(s.db);
    const unknownBatch = await s.api({
      method: 'PUT',
      url: `/api/enrollment/${e.id}`,
      payload: { batchId: UNKNOWN_ID },
    });
    expect(unknownBatch.statusCode).toBe(404);
    expect(unknownBatch.json().message).toContain('Batch');
    const negative = await s.api({
      method: 'PUT',
      url: `/api/enrollment/${e.id}`,
      payload: { amountPaid: -5, paymentStatus: 'done' },
    });
    expect(negative.statusCode).toBe(400);
    expect(negative.json().errors).toMatchObject({
      amountPaid: 'Amount paid cannot be negative.',
      paymentStatus: expect.any(String),
    });
    expect((await s.api({ method: 'PUT', url: `/api/enrollment/${e.id}`, payload: {} })).statusCode).toBe(400);
  });

  it('deletes and returns the deleted enrollment', async () => {
    const user = await makeUser(s.db);
    const e = await makeEnrollment(s.db, { userId: user.id });
    const res = await s.api({ method: 'DELETE', url: `/api/enrollments/${e.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, data: { _id: e.id, userId: { _id: user.id } } });
    expect(await s.db.select().from(enrollments).where(eq(enrollments.id, e.id))).toHaveLength(0);
    expect((await s.api({ method: 'DELETE', url: `/api/enrollments/${e.id}` })).statusCode).toBe(404);
  });
});

describe('enrollment routes by id', () => {
  const byId = (id: string) =>
    [
      { method: 'PUT', url: `/api/enrollment/enrollments/${id}/progress`, payload: { progress: 10 } },
      { method: 'PUT', url: `/api/enrollments/${id}/complete` },
      { method: 'PUT', url: `/api/enrollment/${id}`, payload: { progress: 10 } },
      { method: 'PUT', url: `/api/enrollments/approve/${id}` },
      { method: 'PUT', url: `/api/enrollments/dis-approve/${id}` },
      { method: 'DELETE', url: `/api/enrollments/${id}` },
    ] as const;

  it.each(byId(UNKNOWN_ID))('$method $url: 404 for an unknown id', async (call) => {
    expectRefused(await s.api(call), 404, { message: 'Enrollment not found. It may have been deleted.' });
  });

  it.each(byId('not-a-uuid'))('$method $url: 400 for a malformed id', async (call) => {
    const res = await s.api(call);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toHaveProperty('id');
  });

  const all = [
    { method: 'GET', url: '/api/enrollments' },
    { method: 'POST', url: '/api/enrollment/enroll', payload: {} },
    ...byId(UNKNOWN_ID),
  ] as const;

  it.each(all)('$method $url: 401 without a token, 403 for a non-admin', async (call) => {
    expect((await s.api({ ...call, token: null })).statusCode).toBe(401);
    expect((await s.api({ ...call, token: await s.userToken() })).statusCode).toBe(403);
  });
});
