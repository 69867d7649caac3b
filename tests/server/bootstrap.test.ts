import { afterEach, describe, expect, it } from 'vitest';
import { bootstrap } from '@/server/bootstrap';
import { DEMO_ADMIN } from '@/server/db/seed/demo';
import { createTestServer, testConfig, type TestServer } from '../utils/build-server';
import type { FastifyBaseLogger } from 'fastify';

let s: TestServer | null = null;
afterEach(async () => {
  await s?.close();
  s = null;
});

const loginDemo = (server: TestServer) => server.login({ email: DEMO_ADMIN.email, password: DEMO_ADMIN.password });

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
    s = await createTestServer({
      seedDemo: true,
      adminEmail: 'Boss@Example.com',
      adminPassword: 'a long enough secret',
    });
    expect((await loginDemo(s)).statusCode).toBe(401);
    const res = await s.login({ email: 'boss@example.com', password: 'a long enough secret' });
    expect(res.statusCode).toBe(200);
    // The operator who configures their own admin still gets the demo business to try.
    const token = res.json().data.authToken;
    expect((await s.api({ method: 'GET', url: '/api/users', token })).json().users.length).toBeGreaterThan(50);
    expect((await s.api({ method: 'GET', url: '/api/courses', token })).json().data.length).toBeGreaterThan(0);
  });

  it('seeds a database that holds only an admin (no business yet), and never seeds one that has a business', async () => {
    s = await createTestServer({ seedDemo: false });
    const count = async () => (await s!.api({ method: 'GET', url: '/api/users' })).json().users.length as number;
    expect(await count()).toBe(1);
    await bootstrap(s.db, testConfig({ seedDemo: true, adminEmail: null, adminPassword: null }), s.app.log);
    const seeded = await count();
    expect(seeded).toBeGreaterThan(50);
    await bootstrap(s.db, testConfig({ seedDemo: true, adminEmail: null, adminPassword: null }), s.app.log);
    expect(await count()).toBe(seeded);
  });
});

describe('the demo admin on a network', () => {
  /** What the start-up says, as the operator reads it. */
  const heard = () => {
    const lines: string[] = [];
    const log = { info: (m: string) => lines.push(m), warn: (m: string) => lines.push(m) };
    return { lines, log: log as unknown as FastifyBaseLogger };
  };

  it('is not made with a non-loopback HOST, and the start-up says why', async () => {
    s = await createTestServer({ seedDemo: false, adminEmail: null, adminPassword: null });
    const { lines, log } = heard();
    await bootstrap(
      s.db,
      testConfig({ seedDemo: true, adminEmail: null, adminPassword: null, host: '0.0.0.0', demoAdmin: false }),
      log,
    );
    expect((await loginDemo(s)).statusCode).toBe(401);
    expect(lines).toContain(
      'No demo admin was created: HOST=0.0.0.0 lets other machines reach this server, and the README publishes ' +
        'the demo password. Set ADMIN_EMAIL and ADMIN_PASSWORD to create an admin (DEMO_ADMIN=1 creates the demo admin anyway).',
    );
  });

  it('made earlier on this machine, it stops being an admin when the server moves onto a network', async () => {
    s = await createTestServer({ seedDemo: true, adminEmail: null, adminPassword: null });
    const demoToken = (await loginDemo(s)).json().data.authToken;
    const { lines, log } = heard();
    await bootstrap(
      s.db,
      testConfig({ seedDemo: true, adminEmail: null, adminPassword: null, host: '0.0.0.0', demoAdmin: false }),
      log,
    );
    expect((await loginDemo(s)).statusCode).toBe(403);
    expect((await s.api({ method: 'GET', url: '/api/users/login-by-token', token: demoToken })).statusCode).toBe(401);
    expect(lines.join('\n')).toMatch(/still had the published demo password and HOST=0\.0\.0\.0/);
  });
});

describe('restarts with a configured admin', () => {
  const login = (server: TestServer, email: string, password: string) => server.login({ email, password });
  const me = (server: TestServer, token: string) =>
    server.api({ method: 'GET', url: '/api/users/login-by-token', token });
  const restart = (server: TestServer, adminEmail: string, adminPassword: string) =>
    bootstrap(server.db, testConfig({ seedDemo: false, adminEmail, adminPassword }), server.app.log);

  it('the same password keeps the sessions; a new one revokes them', async () => {
    s = await createTestServer({ seedDemo: false, adminEmail: 'boss@example.com', adminPassword: 'first secret 1' });
    const token = (await login(s, 'boss@example.com', 'first secret 1')).json().data.authToken;
    await restart(s, 'boss@example.com', 'first secret 1');
    expect((await me(s, token)).statusCode).toBe(200);

    await restart(s, 'boss@example.com', 'second secret 2');
    expect((await me(s, token)).statusCode).toBe(401);
    expect((await login(s, 'boss@example.com', 'first secret 1')).statusCode).toBe(401);
    expect((await login(s, 'boss@example.com', 'second secret 2')).statusCode).toBe(200);
  });

  it('a configured admin retires the demo admin that still has the published password', async () => {
    s = await createTestServer({ seedDemo: true, adminEmail: null, adminPassword: null });
    const demoToken = (await loginDemo(s)).json().data.authToken;
    await restart(s, 'boss@example.com', 'a long enough secret');
    expect((await me(s, demoToken)).statusCode).toBe(401);
    expect((await loginDemo(s)).statusCode).toBe(403);
    expect((await login(s, 'boss@example.com', 'a long enough secret')).statusCode).toBe(200);
  });

  it('two instances starting at once make one admin, and neither fails', async () => {
    s = await createTestServer({ seedDemo: false, adminEmail: null, adminPassword: null });
    await Promise.all([
      restart(s, 'twin@example.com', 'twin secret 1'),
      restart(s, 'twin@example.com', 'twin secret 1'),
    ]);
    const token = (await login(s, 'twin@example.com', 'twin secret 1')).json().data.authToken;
    const list = await s.api({ method: 'GET', url: '/api/users', token });
    expect(list.json().users.filter((u: { email: string }) => u.email === 'twin@example.com')).toHaveLength(1);
  });
});
