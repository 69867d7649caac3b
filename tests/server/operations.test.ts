import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildApp } from '@/server/app';
import { loadConfig } from '@/server/config';
import { openDatabase, type Database } from '@/server/db/client';
import { createTestServer, testConfig, type TestServer } from '../utils/build-server';

let s: TestServer | null = null;
afterEach(async () => {
  await s?.close();
  s = null;
});

describe('GET /api/health', () => {
  it('answers ok with the database kind while the database answers', async () => {
    s = await createTestServer();
    const res = await s.api({ method: 'GET', url: '/api/health', token: null });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', db: s.kind });
  });

  it('answers 503 once the database cannot be reached, so the balancer sends traffic elsewhere', async () => {
    // The embedded database, closed under a running app: the query fails as a lost connection would.
    const database = await openDatabase({ databaseUrl: null, dataDir: null });
    let closed = false;
    const closeOnce: Database = { ...database, close: async () => void (closed || (await database.close())) };
    const { app } = await buildApp(testConfig({ adminEmail: null, adminPassword: null }), closeOnce);
    await database.close();
    closed = true;
    const res = await app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ status: 'unavailable', db: 'pglite' });
    expect(res.headers['cache-control']).toBe('no-store');
    await app.close();
  });
});

describe('Cache-Control: no-store on every /api reply', () => {
  it('covers successes, errors of every kind, and unknown API paths', async () => {
    s = await createTestServer();
    const token = await s.adminToken();
    const replies = await Promise.all([
      s.api({ method: 'GET', url: '/api/users', token }),
      s.api({ method: 'GET', url: '/api', token: null }),
      s.api({ method: 'GET', url: '/api/no-such-thing', token }),
      s.api({ method: 'GET', url: '/api/users', token: null }), // 401
      s.api({ method: 'GET', url: '/api/users', token: await s.userToken() }), // 403
      s.api({ method: 'GET', url: '/api/users/not-an-id', token }), // 400
      s.api({ method: 'GET', url: '/api/users/%E0%A4%A', token }), // unreadable address
      s.api({
        method: 'POST',
        url: '/api/batches/start',
        token,
        headers: { 'content-type': 'application/json' },
        payload: 'x'.repeat(1024 * 1024 + 10),
      }), // 413
    ]);
    expect(replies.map((r) => r.statusCode)).toEqual([200, 404, 404, 401, 403, 400, 400, 413]);
    for (const r of replies) expect(r.headers['cache-control'], `${r.statusCode} ${r.body}`).toBe('no-store');
  });
});

describe('X-Forwarded-For from an address TRUST_PROXY does not name', () => {
  it('logs one warning that names TRUST_PROXY, however many such requests come', async () => {
    s = await createTestServer();
    const warn = vi.spyOn(s.app.log, 'warn');
    for (let i = 0; i < 3; i++)
      await s.api({ method: 'GET', url: '/api/health', token: null, headers: { 'x-forwarded-for': '203.0.113.9' } });
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]![0])).toMatch(/X-Forwarded-For.*TRUST_PROXY/);
  });

  it('stays quiet when the proxy is trusted, and when nothing is forwarded', async () => {
    s = await createTestServer({ trustProxy: '127.0.0.1' });
    const warn = vi.spyOn(s.app.log, 'warn');
    await s.api({ method: 'GET', url: '/api/health', token: null, headers: { 'x-forwarded-for': '203.0.113.9' } });
    await s.api({ method: 'GET', url: '/api/health', token: null });
    expect(warn).not.toHaveBeenCalled();
  });
});

describe('SITE_URL, the public site address', () => {
  it('is read at run time, loses a trailing slash, and refuses what is not an http(s) address', () => {
    expect(loadConfig({}).siteUrl).toBeNull();
    expect(loadConfig({ SITE_URL: ' https://courses.example/ ' }).siteUrl).toBe('https://courses.example');
    for (const bad of ['courses.example', 'ftp://courses.example', 'javascript:alert(1)'])
      expect(() => loadConfig({ SITE_URL: bad }), bad).toThrow(/SITE_URL must be the public site's/);
  });

  it('reaches admins through GET /api/config, null when not set', async () => {
    s = await createTestServer({ siteUrl: 'https://courses.example' });
    expect((await s.api({ method: 'GET', url: '/api/config' })).json()).toEqual({
      success: true,
      data: { siteUrl: 'https://courses.example' },
    });
    expect((await s.api({ method: 'GET', url: '/api/config', token: null })).statusCode).toBe(401);
    await s.close();
    s = await createTestServer();
    expect((await s.api({ method: 'GET', url: '/api/config' })).json().data).toEqual({ siteUrl: null });
  });
});
