import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '@/server/config';
import { rows } from '@/server/db/client';
import { createTestServer, type TestServer } from '../utils/build-server';

describe('TRUST_PROXY', () => {
  it('is off by default and takes the balancers as addresses or CIDR ranges', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 10.1.2.3' }).trustProxy).toBe('10.0.0.0/8,10.1.2.3');
    expect(loadConfig({ TRUST_PROXY: 'loopback' }).trustProxy).toBe('loopback');
  });

  it('refuses "trust every hop", which would let clients choose the address the throttle sees', () => {
    for (const value of ['1', 'true', 'yes', 'everyone']) {
      expect(() => loadConfig({ TRUST_PROXY: value }), value).toThrow(
        /TRUST_PROXY takes the load balancers' addresses/,
      );
    }
  });
});

describe('the address the login throttle counts', () => {
  let s: TestServer | null = null;
  afterEach(async () => {
    await s?.close();
    s = null;
  });
  const failedLoginFrom = async (server: TestServer, email: string, forwardedFor: string) => {
    await server.login({ email, password: 'wrong' }, { headers: { 'x-forwarded-for': forwardedFor } });
    const [row] = await rows<{ ip: string }>(server.db, sql`select ip from login_failures where email = ${email}`);
    return row?.ip;
  };

  it('is the peer without TRUST_PROXY, and the client behind a trusted balancer with it, whatever the client claims', async () => {
    s = await createTestServer();
    expect(await failedLoginFrom(s, 'a@test.dev', '6.6.6.6')).toBe('127.0.0.1');
    await s.close();
    s = await createTestServer({ trustProxy: '127.0.0.1' });
    // The client wrote 6.6.6.6 itself; the balancer (127.0.0.1) appended the address it saw, 7.7.7.7.
    expect(await failedLoginFrom(s, 'b@test.dev', '6.6.6.6, 7.7.7.7')).toBe('7.7.7.7');
  });
});

describe('SYNC_CACHE_MB', () => {
  it('keeps 64 MB of full-sync pages by default, takes fractions, 0 turns it off, and refuses the rest', () => {
    expect(loadConfig({}).syncCacheMb).toBe(64);
    expect(loadConfig({ SYNC_CACHE_MB: '0' }).syncCacheMb).toBe(0);
    expect(loadConfig({ SYNC_CACHE_MB: ' 256 ' }).syncCacheMb).toBe(256);
    expect(loadConfig({ SYNC_CACHE_MB: '0.5' }).syncCacheMb).toBe(0.5);
    for (const value of ['-1', 'lots', 'Infinity'])
      expect(() => loadConfig({ SYNC_CACHE_MB: value }), value).toThrow(/SYNC_CACHE_MB must be a number of megabytes/);
  });
});

describe('the demo admin and the network', () => {
  it('is made only on a loopback HOST unless DEMO_ADMIN says otherwise', () => {
    expect(loadConfig({}).demoAdmin).toBe(true);
    for (const HOST of ['127.0.0.1', 'localhost', '::1', '127.0.1.1'])
      expect(loadConfig({ HOST }).demoAdmin, HOST).toBe(true);
    for (const HOST of ['0.0.0.0', '::', '192.168.1.20']) expect(loadConfig({ HOST }).demoAdmin, HOST).toBe(false);
    expect(loadConfig({ HOST: '0.0.0.0', DEMO_ADMIN: '1' }).demoAdmin).toBe(true);
    expect(loadConfig({ DEMO_ADMIN: '0' }).demoAdmin).toBe(false);
  });
});

describe('session lifetimes', () => {
  it('default to 7 idle days and 30 days in all; each a positive number, the idle limit not above the lifetime', () => {
    expect(loadConfig({})).toMatchObject({ sessionIdleDays: 7, sessionMaxDays: 30 });
    expect(loadConfig({ SESSION_IDLE_DAYS: '0.5', SESSION_MAX_DAYS: '2' })).toMatchObject({
      sessionIdleDays: 0.5,
      sessionMaxDays: 2,
    });
    expect(() => loadConfig({ SESSION_IDLE_DAYS: '0' })).toThrow(/SESSION_IDLE_DAYS must be a positive number/);
    expect(() => loadConfig({ SESSION_MAX_DAYS: 'week' })).toThrow(/SESSION_MAX_DAYS must be a positive number/);
    expect(() => loadConfig({ SESSION_IDLE_DAYS: '40' })).toThrow(/must not exceed SESSION_MAX_DAYS/);
  });

  it('REQUIRE_2FA is off unless set', () => {
    expect(loadConfig({}).require2fa).toBe(false);
    expect(loadConfig({ REQUIRE_2FA: '1' }).require2fa).toBe(true);
  });
});
