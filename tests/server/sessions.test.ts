import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { hashToken } from '@/server/auth/passwords';
import { rows } from '@/server/db/client';
import { expectRefused } from '../utils/api-expect';
import { ADMIN, createTestServer } from '../utils/build-server';
import { serverForThisFile } from '../utils/server-for-file';

const s = await serverForThisFile();

const CHROME_MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const FIREFOX_ANDROID = 'Mozilla/5.0 (Android 14; Mobile; rv:133.0) Gecko/133.0 Firefox/133.0';

const signIn = async (userAgent: string, remoteAddress: string) => {
  const res = await s.login(ADMIN, { headers: { 'user-agent': userAgent }, remoteAddress });
  return res.json().data.authToken as string;
};
const sessionsOf = async (token: string) =>
  (await s.api({ method: 'GET', url: '/api/account/sessions', token })).json();
const alive = async (token: string) =>
  (await s.api({ method: 'GET', url: '/api/users/login-by-token', token })).statusCode === 200;

describe('the sessions of an admin', () => {
  it('lists each device: user agent, address, sign-in and last use, this one marked, with the lifetimes', async () => {
    const laptop = await signIn(CHROME_MAC, '198.51.100.20');
    const phone = await signIn(FIREFOX_ANDROID, '198.51.100.21');
    const reply = await sessionsOf(laptop);
    expect(reply).toMatchObject({ success: true, idleDays: 7, maxDays: 30 });
    const mine = reply.data.filter((x: { userAgent: string }) => [CHROME_MAC, FIREFOX_ANDROID].includes(x.userAgent));
    expect(mine).toEqual(
      expect.arrayContaining([
        {
          _id: expect.any(String),
          userAgent: CHROME_MAC,
          ip: '198.51.100.20',
          startedAt: expect.stringMatching(/Z$/),
          lastUsedAt: expect.stringMatching(/Z$/),
          current: true,
        },
        expect.objectContaining({ userAgent: FIREFOX_ANDROID, ip: '198.51.100.21', current: false }),
      ]),
    );
    expect(await alive(phone)).toBe(true);
  });

  it('ends another session: that device must sign in again, this one goes on', async () => {
    const laptop = await signIn(CHROME_MAC, '198.51.100.30');
    const phone = await signIn(FIREFOX_ANDROID, '198.51.100.31');
    const target = (await sessionsOf(laptop)).data.find((x: { ip: string }) => x.ip === '198.51.100.31');
    const res = await s.api({ method: 'DELETE', url: `/api/account/sessions/${target._id}`, token: laptop });
    expect(res.json()).toMatchObject({ success: true, message: 'Session ended.' });
    expect(await alive(phone)).toBe(false);
    expect(await alive(laptop)).toBe(true);
    expectRefused(await s.api({ method: 'DELETE', url: `/api/account/sessions/${target._id}`, token: laptop }), 404);
  });

  it("cannot end another admin's session", async () => {
    const mine = await signIn(CHROME_MAC, '198.51.100.40');
    const { makeUser } = await import('../utils/factories');
    const { hashPassword } = await import('@/server/auth/passwords');
    await makeUser(s.db, { email: 'other@test.dev', role: 'admin', passwordHash: await hashPassword('other secret') });
    const theirs = (await s.login({ email: 'other@test.dev', password: 'other secret' })).json().data.authToken;
    const [their] = (await sessionsOf(theirs)).data;
    expectRefused(await s.api({ method: 'DELETE', url: `/api/account/sessions/${their._id}`, token: mine }), 404);
    expect(await alive(theirs)).toBe(true);
  });

  it('ends all but this one', async () => {
    const a = await signIn(CHROME_MAC, '198.51.100.50');
    const b = await signIn(FIREFOX_ANDROID, '198.51.100.51');
    const c = await signIn(FIREFOX_ANDROID, '198.51.100.52');
    const res = await s.api({ method: 'POST', url: '/api/account/sessions/end-others', token: a });
    expect(res.json().message).toMatch(/^\d+ other sessions ended\.$/);
    expect([await alive(a), await alive(b), await alive(c)]).toEqual([true, false, false]);
    expect((await sessionsOf(a)).data).toHaveLength(1);
  });
});

describe('lifetimes', () => {
  it('a session unused for SESSION_IDLE_DAYS ends; use refreshes it', async () => {
    const token = await signIn(CHROME_MAC, '198.51.100.60');
    const age = (days: number) =>
      s.db.execute(sql`update sessions set last_used_at = now() - make_interval(days => ${days})
        where token_hash = ${hashToken(token)}`);
    await age(6);
    expect(await alive(token)).toBe(true);
    // That use made it fresh again.
    const [row] = await rows<{ fresh: boolean }>(
      s.db,
      sql`select last_used_at > now() - interval '1 minute' as fresh from sessions where token_hash = ${hashToken(token)}`,
    );
    expect(row!.fresh).toBe(true);
    await age(8);
    expectRefused(await s.api({ method: 'GET', url: '/api/users/login-by-token', token }), 401);
  });

  it('a session ends SESSION_MAX_DAYS after its sign-in, however much it is used', async () => {
    const short = await createTestServer({ sessionMaxDays: 2, sessionIdleDays: 1 });
    try {
      const token = (await short.login(ADMIN)).json().data.authToken;
      await short.db.execute(sql`update sessions set expires_at = now() - interval '1 second'
        where token_hash = ${hashToken(token)}`);
      expectRefused(await short.api({ method: 'GET', url: '/api/users/login-by-token', token }), 401);
      const fresh = (await short.login(ADMIN)).json().data.authToken;
      const [life] = await rows<{ days: number }>(
        short.db,
        sql`select round(extract(epoch from expires_at - created_at) / 86400)::int as days from sessions
          where token_hash = ${hashToken(fresh)}`,
      );
      expect(life!.days).toBe(2);
    } finally {
      await short.close();
    }
  });
});

describe('a logout made offline', () => {
  it('is sent later as the token hash, with no token; the session ends and the logout is logged', async () => {
    const token = await signIn(CHROME_MAC, '198.51.100.70');
    const tokenHash = createHash('sha256').update(token).digest('hex');
    const res = await s.app.inject({
      method: 'POST',
      url: '/api/users/logout-offline',
      payload: { tokenHashes: [tokenHash, 'f'.repeat(64)] },
    });
    expect(res.statusCode).toBe(200);
    expect(await alive(token)).toBe(false);
    const admin = await signIn(CHROME_MAC, '198.51.100.71');
    const [newest] = (await s.api({ method: 'GET', url: '/api/activity', token: admin }))
      .json()
      .data.filter((a: { action: string }) => a.action === 'logout');
    expect(newest).toMatchObject({ action: 'logout', adminEmail: ADMIN.email });
  });

  it('refuses anything but 1 to 20 hashes of 64 hex characters', async () => {
    for (const tokenHashes of [[], ['nope'], Array.from({ length: 21 }, () => 'a'.repeat(64))]) {
      const res = await s.app.inject({ method: 'POST', url: '/api/users/logout-offline', payload: { tokenHashes } });
      expectRefused(res, 400);
    }
  });
});
