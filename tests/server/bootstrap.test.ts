import { afterEach, describe, expect, it } from 'vitest';
import { DEMO_ADMIN } from '../../src/server/db/seed/demo';
import { createTestServer, type TestServer } from '../utils/build-server';

let s: TestServer | null = null;
afterEach(async () => {
  await s?.close();
  s = null;
});

const loginDemo = (server: TestServer) =>
  server.api({ method: 'POST', url: '/api/users/login-admin', payload: { email: DEMO_ADMIN.email, password: DEMO_ADMIN.password }, token: null });

describe('start-up data', () => {
  it('seeds the demo business with its demo admin into an empty database', async () => {
    s = await createTestServer({ seedDemo: true, adminEmail: null, adminPassword: null });
    const res = await loginDemo(s);
    expect(res.statusCode).toBe(200);
    const token = res.json().data.authToken;
    const list = await s.api({ method: 'GET', url: '/api/users', token });
    expect(list.json().users.length).toBeGreaterThan(50);
  });

  it('creates no demo admin when demo data is off, and no admin exists', async () => {
    s = await createTestServer({ seedDemo: false, adminEmail: null, adminPassword: null });
    expect((await loginDemo(s)).statusCode).toBe(401);
  });

  it('with ADMIN_EMAIL and ADMIN_PASSWORD the configured admin exists and no demo admin is made', async () => {
    s = await createTestServer({ seedDemo: true, adminEmail: 'Boss@Example.com', adminPassword: 'a long enough secret' });
    expect((await loginDemo(s)).statusCode).toBe(401);
    const res = await s.api({ method: 'POST', url: '/api/users/login-admin', payload: { email: 'boss@example.com', password: 'a long enough secret' }, token: null });
    expect(res.statusCode).toBe(200);
  });
});
