import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { servicePurchases } from '@/server/db/schema';
import type { Service } from '@/shared/schemas';
import { listedInOrder } from '../utils/api-expect';
import { makeService, makeUser, UNKNOWN_ID } from '../utils/factories';
import { serverForThisFile } from '../utils/server-for-file';

const newService = {
  serviceDetails: { title: 'SEO Audit', description: 'A full audit.', image: '/uploads/seo-audit.png' },
  userDetails: { name: 'Mia Chen', email: 'mia@test.dev', phone: '555-0199' },
  amount: 150.5,
  currency: 'USD',
  paymentMethod: 'card',
  transactionId: 'svc_1',
};

const s = await serverForThisFile();

describe('GET /api/services', () => {
  it('lists newest first with the full user populated, or null once the user is deleted', async () => {
    const user = await makeUser(s.db, { name: 'Linked User', age: 40 });
    const gone = await makeUser(s.db);
    const older = await makeService(s.db, { userId: user.id, createdAt: '2024-01-01T00:00:00.000Z' });
    const newer = await makeService(s.db, {
      userId: gone.id,
      customerName: 'Keeps Name',
      createdAt: '2025-01-01T00:00:00.000Z',
    });
    await s.api({ method: 'DELETE', url: `/api/users/${gone.id}` });
    const res = await s.api({ method: 'GET', url: '/api/services' });
    expect(res.statusCode).toBe(200);
    const [newerListed, olderListed] = listedInOrder(res.json().data as Service[], newer.id, older.id);
    expect(olderListed).toEqual({
      _id: older.id,
      serviceDetails: { title: 'SEO Audit', description: 'A full audit.', image: '/uploads/seo-audit.png' },
      userDetails: { name: older.customerName, email: older.customerEmail, phone: '555-0102' },
      userId: expect.objectContaining({
        _id: user.id,
        name: 'Linked User',
        age: 40,
        contactNo: '555-0100',
        role: 'user',
      }),
      amount: 150,
      currency: 'USD',
      paymentMethod: 'card',
      transactionId: older.transactionId,
      isVerified: false,
      createdAt: '2024-01-01T00:00:00.000Z',
      updatedAt: expect.any(String),
    });
    expect(newerListed).toMatchObject({ userId: null, userDetails: { name: 'Keeps Name' } });
    expect(res.body).not.toMatch(/password|scrypt/i);
  });
});

describe('GET /api/services/user/:id', () => {
  it("returns only that user's purchases, newest first; 404 unknown user, 400 malformed id", async () => {
    const user = await makeUser(s.db);
    const a = await makeService(s.db, { userId: user.id, createdAt: '2024-01-01T00:00:00.000Z' });
    const b = await makeService(s.db, { userId: user.id, createdAt: '2024-06-01T00:00:00.000Z' });
    await makeService(s.db);
    const res = await s.api({ method: 'GET', url: `/api/services/user/${user.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.map((p: Service) => p._id)).toEqual([b.id, a.id]);
    const none = await s.api({ method: 'GET', url: `/api/services/user/${(await makeUser(s.db)).id}` });
    expect(none.json()).toEqual({ success: true, data: [] });
    expect((await s.api({ method: 'GET', url: `/api/services/user/${UNKNOWN_ID}` })).statusCode).toBe(404);
    expect((await s.api({ method: 'GET', url: '/api/services/user/12' })).statusCode).toBe(400);
  });
});

describe('POST /api/services', () => {
  it('creates a purchase (201), with or without a linked user', async () => {
    const anonymous = await s.api({ method: 'POST', url: '/api/services', payload: newService });
    expect(anonymous.statusCode).toBe(201);
    expect(anonymous.json()).toMatchObject({ success: true, data: { ...newService, userId: null, isVerified: false } });
    const user = await makeUser(s.db);
    const linked = await s.api({ method: 'POST', url: '/api/services', payload: { ...newService, userId: user.id } });
    expect(linked.statusCode).toBe(201);
    expect(linked.json().data.userId).toMatchObject({ _id: user.id, email: user.email });
  });

  it('answers 404 for an unknown user and 400 for a bad body', async () => {
    const unknown = await s.api({
      method: 'POST',
      url: '/api/services',
      payload: { ...newService, userId: UNKNOWN_ID },
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toContain('User');
    const bad = await s.api({
      method: 'POST',
      url: '/api/services',
      payload: {
        ...newService,
        serviceDetails: { ...newService.serviceDetails, image: 'http://x/y.png' },
        userDetails: { name: '', email: 'nope' },
        currency: 'BTC',
      },
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors).sort()).toEqual([
      'currency',
      'serviceDetails.image',
      'userDetails.email',
      'userDetails.name',
    ]);
  });
});

describe('PATCH /api/services/:id/verify', () => {
  it('flips isVerified each time and returns the new copy', async () => {
    const p = await makeService(s.db, { updatedAt: '2024-01-01T00:00:00.000Z' });
    const first = await s.api({ method: 'PATCH', url: `/api/services/${p.id}/verify` });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      success: true,
      showMessage: true,
      message: 'Service approved.',
      data: { _id: p.id, isVerified: true },
    });
    expect(first.json().data.updatedAt > '2024-01-01T00:00:00.000Z').toBe(true);
    const second = await s.api({ method: 'PATCH', url: `/api/services/${p.id}/verify` });
    expect(second.json()).toMatchObject({ message: 'Service disapproved.', data: { isVerified: false } });
  });
});

describe('DELETE /api/services/:id', () => {
  it('deletes the purchase', async () => {
    const p = await makeService(s.db);
    const res = await s.api({ method: 'DELETE', url: `/api/services/${p.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true });
    expect(await s.db.select().from(servicePurchases).where(eq(servicePurchases.id, p.id))).toHaveLength(0);
  });
});

describe('service routes', () => {
  const byId = (id: string) =>
    [
      { method: 'PATCH', url: `/api/services/${id}/verify` },
      { method: 'DELETE', url: `/api/services/${id}` },
    ] as const;

  it.each(byId(UNKNOWN_ID))('$method $url: 404 for an unknown id', async (call) => {
    const res = await s.api(call);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Service not found. It may have been deleted.');
  });

  it.each(byId('x1'))('$method $url: 400 for a malformed id', async (call) => {
    expect((await s.api(call)).statusCode).toBe(400);
  });

  const all = [
    { method: 'GET', url: '/api/services' },
    { method: 'GET', url: `/api/services/user/${UNKNOWN_ID}` },
    { method: 'POST', url: '/api/services', payload: newService },
    ...byId(UNKNOWN_ID),
  ] as const;

  it.each(all)('$method $url: 401 without a token, 403 for a non-admin', async (call) => {
    expect((await s.api({ ...call, token: null })).statusCode).toBe(401);
    expect((await s.api({ ...call, token: await s.userToken() })).statusCode).toBe(403);
  });
});
