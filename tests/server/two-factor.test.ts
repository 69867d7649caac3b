import { generate } from 'otplib';
import { describe, expect, it } from 'vitest';
import { hashPassword } from '@/server/auth/passwords';
import { expectRefused } from '../utils/api-expect';
import { createTestServer } from '../utils/build-server';
import { makeUser } from '../utils/factories';
import { serverForThisFile } from '../utils/server-for-file';

const s = await serverForThisFile();

/**
 * A code of the app for `steps` time steps from now. A code is spent once, so a test that needs two codes of one
 * key takes the next step's (accepted: one step of clock drift is allowed).
 */
const codeOf = (secret: string, steps = 0) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });

/** A fresh admin of its own per test: codes and recovery codes are spent per account. */
async function newAdmin(server = s) {
  const email = `two-${Math.random().toString(36).slice(2, 8)}@test.dev`;
  const password = 'a long enough secret';
  await makeUser(server.db, { email, role: 'admin', passwordHash: await hashPassword(password) });
  const res = await server.login({ email, password });
  const token = res.json().data.authToken as string;
  return { email, password, token };
}

/** Enrols the admin of `token`: the key, and the ten recovery codes of its confirmation. */
async function enrol(token: string) {
  const setup = await s.api({ method: 'POST', url: '/api/account/two-factor/setup', token });
  expect(setup.statusCode).toBe(200);
  const { secret, otpauthUri, qrSvg } = setup.json().data;
  const on = await s.api({
    method: 'POST',
    url: '/api/account/two-factor/enable',
    token,
    payload: { code: await codeOf(secret) },
  });
  expect(on.statusCode, on.body).toBe(200);
  return { secret, otpauthUri, qrSvg, recoveryCodes: on.json().data.recoveryCodes as string[] };
}

const status = async (token: string) =>
  (await s.api({ method: 'GET', url: '/api/account/two-factor', token })).json().data;
const secondStep = (challenge: string, code: string, remoteAddress = '127.0.0.1') =>
  s.app.inject({ method: 'POST', url: '/api/users/login-2fa', payload: { challenge, code }, remoteAddress });

describe('enrolment', () => {
  it('gives a QR code and the key as text; a code of the app turns it on with ten single-use recovery codes', async () => {
    const admin = await newAdmin();
    expect(await status(admin.token)).toEqual({ enabled: false, required: false, recoveryCodesLeft: 0 });
    const { secret, otpauthUri, qrSvg, recoveryCodes } = await enrol(admin.token);
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauthUri).toBe(
      `otpauth://totp/Coursedesk:${encodeURIComponent(admin.email)}?secret=${secret}&issuer=Coursedesk`,
    );
    expect(qrSvg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const code of recoveryCodes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    expect(await status(admin.token)).toEqual({ enabled: true, required: false, recoveryCodesLeft: 10 });
  });

  it('stores the recovery codes hashed, and the key nowhere the sync or the activity log reads', async () => {
    const admin = await newAdmin();
    const { secret, recoveryCodes } = await enrol(admin.token);
    const { rows } = await import('@/server/db/client');
    const { sql } = await import('drizzle-orm');
    const stored = await rows<{ code_hash: string }>(s.db, sql`select code_hash from recovery_codes`);
    for (const code of recoveryCodes) expect(stored.map((r) => r.code_hash)).not.toContain(code);
    const sync = await s.api({ method: 'GET', url: '/api/sync?limit=5000', token: admin.token });
    expect(sync.body).not.toContain(secret);
    expect((await s.api({ method: 'GET', url: '/api/activity', token: admin.token })).body).not.toContain(secret);
  });

  it('refuses a wrong code (400) and a second setup while it is on (409)', async () => {
    const admin = await newAdmin();
    await s.api({ method: 'POST', url: '/api/account/two-factor/setup', token: admin.token });
    const wrong = await s.api({
      method: 'POST',
      url: '/api/account/two-factor/enable',
      token: admin.token,
      payload: { code: '000000' },
    });
    expectRefused(wrong, 400, { errors: { code: expect.any(String) } });
    expect((await status(admin.token)).enabled).toBe(false);
    await enrol(admin.token);
    expectRefused(await s.api({ method: 'POST', url: '/api/account/two-factor/setup', token: admin.token }), 409);
  });
});

describe('sign-in with two-factor on', () => {
  it('the password alone gives no token, only a challenge; the code of the app completes the sign-in', async () => {
    const admin = await newAdmin();
    const { secret } = await enrol(admin.token);
    const first = await s.login({ email: admin.email, password: admin.password });
    expect(first.statusCode).toBe(200);
    const data = first.json().data;
    expect(data).toEqual({ twoFactor: 'code', challenge: expect.any(String) });
    expect(first.body).not.toContain('authToken');
    const done = await secondStep(data.challenge, await codeOf(secret, 1));
    expect(done.statusCode, done.body).toBe(200);
    const token = done.json().data.authToken;
    expect(done.json().data.userData.email).toBe(admin.email);
    expect((await s.api({ method: 'GET', url: '/api/users/login-by-token', token })).statusCode).toBe(200);
    // The challenge is spent.
    expectRefused(await secondStep(data.challenge, await codeOf(secret, 1)), 401);
  });

  it('a code is spent once: the same code cannot sign in twice', async () => {
    const admin = await newAdmin();
    const { secret } = await enrol(admin.token);
    const challenge = async () =>
      (await s.login({ email: admin.email, password: admin.password })).json().data.challenge;
    const code = await codeOf(secret, 1);
    expect((await secondStep(await challenge(), code)).statusCode).toBe(200);
    expectRefused(await secondStep(await challenge(), code), 401, {
      message: 'That code is not right. Check that your phone’s clock is correct, or use a recovery code.',
    });
  });

  it('a recovery code signs in once', async () => {
    const admin = await newAdmin();
    const { recoveryCodes } = await enrol(admin.token);
    const challenge = async () =>
      (await s.login({ email: admin.email, password: admin.password })).json().data.challenge;
    // As people type it: upper case, a space for the dash.
    const typed = recoveryCodes[3]!.toUpperCase().replace('-', ' ');
    expect((await secondStep(await challenge(), typed)).statusCode).toBe(200);
    expectRefused(await secondStep(await challenge(), recoveryCodes[3]!), 401);
    expect((await status(admin.token)).recoveryCodesLeft).toBe(9);
  });

  it('a challenge allows five tries, then the sign-in starts again with the password', async () => {
    const admin = await newAdmin();
    const { secret } = await enrol(admin.token);
    const { challenge } = (await s.login({ email: admin.email, password: admin.password })).json().data;
    for (let i = 0; i < 5; i++) expectRefused(await secondStep(challenge, `00000${i}`), 401);
    expectRefused(await secondStep(challenge, await codeOf(secret, 1)), 401, {
      message: 'This sign-in has expired or had too many wrong codes. Sign in again with your password.',
    });
  });

  it('code attempts count with the password failures of that account and address: new challenges do not reset them', async () => {
    const admin = await newAdmin();
    const { secret } = await enrol(admin.token);
    const from = { remoteAddress: '203.0.113.9' };
    const statuses: number[] = [];
    // Each round: the right password (one attempt, kept until the code is right) and wrong codes.
    for (let round = 0; round < 3; round++) {
      const first = await s.login({ email: admin.email, password: admin.password }, from);
      if (first.statusCode !== 200) {
        statuses.push(first.statusCode);
        continue;
      }
      for (let i = 0; i < 4; i++)
        statuses.push((await secondStep(first.json().data.challenge, `12345${i}`, from.remoteAddress)).statusCode);
    }
    expect(statuses).toContain(429);
    // Ten attempts of the pair in the window: 2 passwords + 8 wrong codes, then refusals.
    expect(statuses.filter((c) => c === 401)).toHaveLength(8);
    // Another address signs in.
    const other = await s.login({ email: admin.email, password: admin.password }, { remoteAddress: '203.0.113.10' });
    const done = await secondStep(other.json().data.challenge, await codeOf(secret, 1), '203.0.113.10');
    expect(done.statusCode).toBe(200);
  });
});

describe('turning it off', () => {
  it('needs a right code; then the password alone signs in again', async () => {
    const admin = await newAdmin();
    const { recoveryCodes } = await enrol(admin.token);
    const off = (code: string) =>
      s.api({ method: 'POST', url: '/api/account/two-factor/disable', token: admin.token, payload: { code } });
    expectRefused(await off('999999'), 400);
    expect((await status(admin.token)).enabled).toBe(true);
    const done = await off(recoveryCodes[0]!);
    expect(done.statusCode).toBe(200);
    expect(done.json().message).toBe('Two-factor sign-in is off.');
    const again = await s.login({ email: admin.email, password: admin.password });
    expect(again.json().data.authToken).toEqual(expect.any(String));
  });

  it('new recovery codes replace the old ones', async () => {
    const admin = await newAdmin();
    const { secret, recoveryCodes } = await enrol(admin.token);
    const res = await s.api({
      method: 'POST',
      url: '/api/account/two-factor/recovery-codes',
      token: admin.token,
      payload: { code: await codeOf(secret, 1) },
    });
    expect(res.statusCode).toBe(200);
    const fresh: string[] = res.json().data.recoveryCodes;
    expect(fresh).toHaveLength(10);
    const { challenge } = (await s.login({ email: admin.email, password: admin.password })).json().data;
    expectRefused(await secondStep(challenge, recoveryCodes[1]!), 401);
    expect((await secondStep(challenge, fresh[1]!)).statusCode).toBe(200);
  });
});

describe('REQUIRE_2FA=1', () => {
  it('an admin without a key enrols at sign-in: key, code, then the token and the recovery codes', async () => {
    const strict = await createTestServer({ require2fa: true });
    try {
      const email = 'strict@test.dev';
      const password = 'a long enough secret';
      await makeUser(strict.db, { email, role: 'admin', passwordHash: await hashPassword(password) });
      const first = await strict.login({ email, password });
      expect(first.json().data).toEqual({ twoFactor: 'enrol', challenge: expect.any(String) });
      const { challenge } = first.json().data;
      const post = (url: string, payload: object) => strict.app.inject({ method: 'POST', url, payload });
      const setup = await post('/api/users/login-2fa/setup', { challenge });
      expect(setup.statusCode).toBe(200);
      const { secret, qrSvg } = setup.json().data;
      expect(qrSvg).toContain('<svg');
      expectRefused(await post('/api/users/login-2fa', { challenge, code: '000000' }), 401);
      const done = await post('/api/users/login-2fa', { challenge, code: await codeOf(secret) });
      expect(done.statusCode, done.body).toBe(200);
      expect(done.json().data).toMatchObject({ authToken: expect.any(String), userData: { email } });
      expect(done.json().data.recoveryCodes).toHaveLength(10);
      // The next sign-in asks for the code.
      expect((await strict.login({ email, password })).json().data.twoFactor).toBe('code');
      // A token issued before the rule still works: only a sign-in asks for the code.
      const token = done.json().data.authToken;
      const me = await strict.api({ method: 'GET', url: '/api/users/login-by-token', token });
      expect(me.statusCode).toBe(200);
      expect((await strict.api({ method: 'GET', url: '/api/account/two-factor', token })).json().data.required).toBe(
        true,
      );
    } finally {
      await strict.close();
    }
  });
});
