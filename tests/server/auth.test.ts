import { describe, expect, it } from 'vitest';
import { loginFailures } from '@/server/db/schema';
import { expectRefused } from '../utils/api-expect';
import { ADMIN } from '../utils/build-server';
import { serverForThisFile } from '../utils/server-for-file';

const s = await serverForThisFile();

describe('health', () => {
  it('answers without a token and names the database', async () => {
    const res = await s.api({ method: 'GET', url: '/api/health', token: null });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', db: s.kind });
  });
});

describe('POST /api/users/login-admin', () => {
  it('logs an admin in with a token and the user data, never the hash', async () => {
    const res = await s.login({ email: ADMIN.email.toUpperCase(), password: ADMIN.password });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.success).toBe(true);
    expect(body.data.authToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(body.data.userData).toMatchObject({ email: ADMIN.email, role: 'admin' });
    expect(res.body).not.toMatch(/scrypt|password/i);
  });

  it('gives the same 401 for a wrong password and an unknown email', async () => {
    const wrong = await s.login({ email: ADMIN.email, password: 'nope' });
    const unknown = await s.login({ email: 'ghost@test.dev', password: 'nope' });
    expectRefused(wrong, 401, { message: 'Invalid email or password' });
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json()).toEqual(wrong.json());
  });

  it('rejects a bad body with 400 and the field errors', async () => {
    const res = await s.login({ email: 'not-an-email' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toMatchObject({ email: expect.any(String), password: 'Password is required.' });
  });

  it('answers 400 for malformed JSON and 413 for a body over 1 MB', async () => {
    const bad = await s.postRawJson('/api/users/login-admin', '{"email":');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ success: false, message: 'The request body is not valid JSON.' });
    const big = await s.postRawJson(
      '/api/users/login-admin',
      JSON.stringify({ email: 'a@b.co', password: 'x'.repeat(1_100_000) }),
    );
    expect(big.statusCode).toBe(413);
    expect(big.json()).toMatchObject({ success: false, message: 'The request body is larger than 1 MB.' });
  });

  it('refuses a non-admin with 403', async () => {
    const { makeUser } = await import('../utils/factories');
    const { hashPassword } = await import('@/server/auth/passwords');
    await makeUser(s.db, { email: 'learner@test.dev', passwordHash: await hashPassword('learner-pass') });
    const res = await s.login({ email: 'learner@test.dev', password: 'learner-pass' });
    expect(res.statusCode).toBe(403);
  });
});

describe('login throttling', () => {
  it('answers 429 with Retry-After after 10 failures for one email, without locking out another admin on the same address', async () => {
    const victim = 'victim@test.dev';
    for (let i = 0; i < 10; i++) {
      const r = await s.login({ email: victim, password: `guess${i}` });
      expect(r.statusCode).toBe(401);
    }
    const blocked = await s.login({ email: victim, password: 'guess' });
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(blocked.json().message).toMatch(/^Too many failed login attempts/);

    const other = await s.login(ADMIN);
    expect(other.statusCode).toBe(200);
  });

  it('parallel guesses cannot slip past the limit: of 25 at once, 10 are tried and 15 refused', async () => {
    const guesses = Array.from({ length: 25 }, (_, i) =>
      s.login({ email: 'burst@test.dev', password: `guess${i}` }, { remoteAddress: '10.9.9.9' }),
    );
    const codes = (await Promise.all(guesses)).map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 401)).toHaveLength(10);
    expect(codes.filter((c) => c === 429)).toHaveLength(15);
  });

  it('failures from one address never keep the owner out from another address', async () => {
    const attacker = { remoteAddress: '203.0.113.66' };
    const codes = [];
    for (let i = 0; i < 40; i++) codes.push((await s.login({ ...ADMIN, password: `guess${i}` }, attacker)).statusCode);
    expect(codes.filter((c) => c === 401)).toHaveLength(10);
    expect(codes.filter((c) => c === 429)).toHaveLength(30);
    const owner = await s.login(ADMIN, { remoteAddress: '198.51.100.7' });
    expect(owner.statusCode).toBe(200);
    // The owner's sign-in does not forgive the attacker's address.
    expect((await s.login(ADMIN, attacker)).statusCode).toBe(429);
  });

  /** Failures recorded as failed logins record them (one HTTP login each would cost a password hash each). */
  const failures = (email: (i: number) => string, ip: (i: number) => string, n: number) =>
    s.db.insert(loginFailures).values(Array.from({ length: n }, (_, i) => ({ email: email(i), ip: ip(i) })));

  it('one address trying many accounts is refused after 100 failures, for every account', async () => {
    const from = { remoteAddress: '192.0.2.10' };
    await failures(
      (i) => `spray${i % 20}@test.dev`,
      () => from.remoteAddress,
      99,
    );
    expect((await s.login({ email: 'spray99@test.dev', password: 'guess' }, from)).statusCode).toBe(401);
    const refused = await s.login(ADMIN, from);
    expectRefused(refused, 429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await s.login(ADMIN, { remoteAddress: '192.0.2.11' })).statusCode).toBe(200);
  });

  it('past 100 failures an hour for one account, addresses that failed wait; a clean address is still tried', async () => {
    const email = 'target@test.dev';
    const { makeUser } = await import('../utils/factories');
    const { hashPassword } = await import('@/server/auth/passwords');
    await makeUser(s.db, { email, role: 'admin', passwordHash: await hashPassword('the right one') });
    // 99 failures spread over 20 addresses, under each address's own limit; the 100th through the API.
    await failures(
      () => email,
      (i) => `198.18.0.${i % 20}`,
      99,
    );
    expect((await s.login({ email, password: 'guess' }, { remoteAddress: '198.18.0.19' })).statusCode).toBe(401);
    // An address with a failure waits now, even with the right password (the hourly budget is spent)…
    const slowed = await s.login({ email, password: 'the right one' }, { remoteAddress: '198.18.0.3' });
    expectRefused(slowed, 429);
    expect(Number(slowed.headers['retry-after'])).toBeGreaterThan(0);
    // …a clean address is tried: a wrong password counts, and a right one signs in. The account never locks.
    const clean = await s.login({ email, password: 'guess' }, { remoteAddress: '198.18.1.1' });
    expect(clean.statusCode).toBe(401);
    expect((await s.login({ email, password: 'guess' }, { remoteAddress: '198.18.1.1' })).statusCode).toBe(429);
    expect((await s.login({ email, password: 'the right one' }, { remoteAddress: '198.18.1.2' })).statusCode).toBe(200);
  });

  it('a successful login forgives the earlier failures of that email', async () => {
    const attempt = (password: string) =>
      s.login({ email: ADMIN.email, password }, { remoteAddress: '10.8.8.8' }).then((r) => r.statusCode);
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < 9; i++) expect(await attempt('wrong')).toBe(401);
      expect(await attempt(ADMIN.password)).toBe(200);
    }
  });
});

describe('tokens', () => {
  it('login-by-token returns the admin; logout revokes the token', async () => {
    const token = await s.adminToken();
    const me = await s.api({ method: 'GET', url: '/api/users/login-by-token', token });
    expect(me.statusCode).toBe(200);
    expect(me.json().data).toMatchObject({ authToken: token, userData: { email: ADMIN.email } });

    const out = await s.api({ method: 'POST', url: '/api/users/logout', token });
    expect(out.statusCode).toBe(200);
    const after = await s.api({ method: 'GET', url: '/api/users/login-by-token', token });
    expectRefused(after, 401);
  });

  it('401 without a token or with a garbage one; 403 for a non-admin token', async () => {
    expect((await s.api({ method: 'GET', url: '/api/users', token: null })).statusCode).toBe(401);
    expect((await s.api({ method: 'GET', url: '/api/users', token: 'garbage' })).statusCode).toBe(401);
    expect((await s.api({ method: 'GET', url: '/api/users', token: await s.userToken() })).statusCode).toBe(403);
  });

  it('another spelling of an /api address reaches the same route and the same guard', async () => {
    // The router decodes %61 to "a": /%61pi/users is /api/users, and must not skip the token check.
    for (const url of ['/%61pi/users', '/%61%70%69/users', '/api/%75sers']) {
      const res = await s.api({ method: 'GET', url, token: null });
      expect(res.statusCode, url).toBe(401);
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
    const { makeUser } = await import('../utils/factories');
    const u = await makeUser(s.db);
    expect((await s.api({ method: 'DELETE', url: `/%61pi/users/${u.id}`, token: null })).statusCode).toBe(401);
    expect((await s.api({ method: 'GET', url: `/api/users/${u.id}` })).statusCode).toBe(200);
    // With a token, the other spelling works like the plain one.
    expect((await s.api({ method: 'GET', url: '/%61pi/users' })).statusCode).toBe(200);
  });

  it('checks the token before reading the body: no token is a 401 even for malformed or oversized JSON', async () => {
    const malformed = await s.postRawJson('/api/batches/start', '{"batchName":');
    expect(malformed.statusCode).toBe(401);
    const big = await s.postRawJson('/api/batches/start', JSON.stringify({ batchName: 'x'.repeat(1_100_000) }));
    expect(big.statusCode).toBe(401);
  });

  it('unknown /api routes are a JSON 404', async () => {
    const res = await s.api({ method: 'GET', url: '/api/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ success: false, message: 'There is no such API route.' });
  });
});

describe('addresses and bodies the server cannot read', () => {
  it('a broken percent-escape or an over-long id is a 400 in the envelope', async () => {
    for (const url of ['/api/users/%E0%A4%A', `/api/users/${'a'.repeat(150)}`]) {
      const res = await s.api({ method: 'GET', url });
      expect(res.statusCode, url).toBe(400);
      expect(res.json(), url).toEqual({ success: false, message: 'The address is not valid.', showMessage: true });
    }
  });

  it('a body that is not JSON is a 400 that says to send JSON', async () => {
    const token = await s.adminToken();
    const post = (headers: Record<string, string>, payload: string) =>
      s.app.inject({
        method: 'POST',
        url: '/api/batches/start',
        headers: { authorization: `Bearer ${token}`, ...headers },
        payload,
      });
    const form = await post({ 'content-type': 'application/x-www-form-urlencoded' }, 'batchName=A');
    expect(form.statusCode).toBe(400);
    expect(form.json()).toEqual({
      success: false,
      message: 'Send the request body as JSON (content-type: application/json).',
      showMessage: true,
    });
    const encoded = await post({ 'content-type': 'application/json', 'content-encoding': 'foo' }, '{}');
    expect(encoded.statusCode).toBe(400);
    expect(encoded.json()).toMatchObject({
      success: false,
      message: 'The request body is compressed in a way the server does not read (use gzip, deflate or br).',
    });
    // Plain text is read as a string, which the body schema refuses.
    const text = await post({ 'content-type': 'text/plain' }, 'batchName=A');
    expectRefused(text, 400);
  });
});

describe('database errors from bad input', () => {
  it('a NUL byte in text is a 400, not a 500', async () => {
    const res = await s.api({
      method: 'POST',
      url: '/api/batches/start',
      payload: { batchName: 'A\u0000B', startDate: '2026-01-01' },
    });
    expectRefused(res, 400);
  });
});
