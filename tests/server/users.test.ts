import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { enrollments, servicePurchases } from '@/server/db/schema';
import type { User } from '@/shared/schemas';
import { listedInOrder } from '../utils/api-expect';
import { makeEnrollment, makeService, makeUser } from '../utils/factories';
import { serverForThisFile } from '../utils/server-for-file';

const s = await serverForThisFile();

describe('GET /api/users', () => {
  it('lists users newest first in the wire shape, without password hashes', async () => {
    const older = await makeUser(s.db, { name: 'Older', createdAt: '2025-01-01T00:00:00.000Z' });
    const newer = await makeUser(s.db, { name: 'Newer', createdAt: '2026-06-01T00:00:00.000Z', age: 31 });
    const res = await s.api({ method: 'GET', url: '/api/users' });
    expect(res.statusCode).toBe(200);
    const { success, users } = res.json();
    expect(success).toBe(true);
    const [newerListed] = listedInOrder<User>(users, newer.id, older.id);
    expect(newerListed).toMatchObject({
      _id: newer.id,
      name: 'Newer',
      isVerified: true,
      age: 31,
      createdAt: '2026-06-01T00:00:00.000Z',
      role: 'user',
    });
    expect(res.body).not.toMatch(/password|scrypt/i);
  });
});

describe('GET /api/users/:id', () => {
  it('returns one user, 404 for an unknown id, 400 for a malformed one', async () => {
    const u = await makeUser(s.db, { name: 'Ann Lee' });
    const ok = await s.api({ method: 'GET', url: `/api/users/${u.id}` });
    expect(ok.json()).toMatchObject({ success: true, data: { _id: u.id, name: 'Ann Lee' } });
    expect((await s.api({ method: 'GET', url: '/api/users/00000000-0000-4000-8000-000000000000' })).statusCode).toBe(
      404,
    );
    expect((await s.api({ method: 'GET', url: '/api/users/not-an-id' })).statusCode).toBe(400);
  });
});

describe('DELETE /api/users/:id', () => {
  it('deletes the user but keeps their enrollments and purchases with the copied details', async () => {
    const u = await makeUser(s.db, { name: 'Leaving Soon' });
    const e = await makeEnrollment(s.db, { userId: u.id, userName: 'Leaving Soon' });
    const p = await makeService(s.db, { userId: u.id, customerName: 'Leaving Soon' });
    const res = await s.api({ method: 'DELETE', url: `/api/users/${u.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, showMessage: true, message: expect.any(String) });
    const [en] = await s.db.select().from(enrollments).where(eq(enrollments.id, e.id));
    expect(en).toMatchObject({ userId: null, userName: 'Leaving Soon' });
    const [sp] = await s.db.select().from(servicePurchases).where(eq(servicePurchases.id, p.id));
    expect(sp).toMatchObject({ userId: null, customerName: 'Leaving Soon' });
    expect((await s.api({ method: 'DELETE', url: `/api/users/${u.id}` })).statusCode).toBe(404);
  });

  it('refuses to delete the logged-in admin (409) and needs admin rights (403)', async () => {
    const me = await s.api({ method: 'GET', url: '/api/users/login-by-token' });
    const myId: string = me.json().data.userData._id;
    for (const id of [myId, myId.toUpperCase()]) {
      const res = await s.api({ method: 'DELETE', url: `/api/users/${id}` });
      expect(res.statusCode, id).toBe(409);
    }
    expect((await s.api({ method: 'GET', url: `/api/users/${myId}` })).statusCode).toBe(200);
    const u = await makeUser(s.db);
    expect((await s.api({ method: 'DELETE', url: `/api/users/${u.id}`, token: await s.userToken() })).statusCode).toBe(
      403,
    );
  });
});
