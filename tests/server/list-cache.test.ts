import zlib from 'node:zlib';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '@/server/db/schema';
import { pickEncoding } from '@/server/http/encoding';
import { makeEnrollment, makeUser } from '../utils/factories';
import { serverForThisFile } from '../utils/server-for-file';

const s = await serverForThisFile();

const names = async (url: string, key: string) => {
  const list = (await s.api({ method: 'GET', url })).json()[key] as {
    name?: string;
    userId?: { name: string } | null;
  }[];
  return list.map((x) => x.name ?? x.userId?.name);
};

describe('cached list replies', () => {
  it('serve the same list until a write, and the write shows at once', async () => {
    const before = await names('/api/users', 'users');
    expect(await names('/api/users', 'users')).toEqual(before);
    await makeUser(s.db, { name: 'Fresh Face' });
    expect(await names('/api/users', 'users')).toContain('Fresh Face');
  });

  it('a change to a user refreshes the lists that embed users (enrollments)', async () => {
    const u = await makeUser(s.db, { name: 'Old Name' });
    await makeEnrollment(s.db, { userId: u.id });
    expect(await names('/api/enrollments', 'data')).toContain('Old Name');
    await s.db.update(users).set({ name: 'New Name' }).where(eq(users.id, u.id));
    const after = await names('/api/enrollments', 'data');
    expect(after).toContain('New Name');
    expect(after).not.toContain('Old Name');
  });

  it('are compressed for the client: br, gzip or none, and never kept by the browser cache', async () => {
    const br = await s.api({ method: 'GET', url: '/api/users', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('no-store');
    expect(JSON.parse(zlib.brotliDecompressSync(br.rawPayload).toString()).success).toBe(true);
    const gz = await s.api({ method: 'GET', url: '/api/users', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(gz.rawPayload).toString()).users.length).toBeGreaterThan(0);
    const plain = await s.api({ method: 'GET', url: '/api/users', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json().success).toBe(true);
  });

  it('an empty list is still an array', async () => {
    const res = await s.api({ method: 'GET', url: '/api/services' });
    expect(res.json()).toEqual({ success: true, data: [] });
  });
});

describe('pickEncoding', () => {
  it('prefers br, then gzip, and honours q=0', () => {
    expect(pickEncoding('gzip, deflate, br')).toBe('br');
    expect(pickEncoding('gzip, br;q=0')).toBe('gzip');
    expect(pickEncoding('*')).toBe('br');
    expect(pickEncoding(undefined)).toBe('identity');
    expect(pickEncoding('deflate')).toBe('identity');
  });
});
