import pg from 'pg';
import { buildApp } from '@/server/app';
import { hashPassword, hashToken, newToken } from '@/server/auth/passwords';
import { DEFAULT_HTTP_TIMEOUTS, DEFAULT_SHUTDOWN_TIMEOUT_MS, type ServerConfig } from '@/server/config';
import { openDatabase, type Db, type DbKind } from '@/server/db/client';
import { users } from '@/server/db/schema';
import { DEFAULT_DB_TIMEOUTS } from '@/server/db/timeouts';
import { createSession } from '@/server/repositories/sessions-repo';
import { ACTIVITY_WINDOW_DEFAULT } from '@/server/sync/activity-window';
import { SYNC_CACHE_DEFAULT_MB } from '@/server/sync/page-cache';
import { checkRepliesAgainstContract } from './contract-check';
import type { FastifyInstance, InjectOptions } from 'fastify';

export const ADMIN = { email: 'admin@test.dev', password: 'correct horse battery' };

type Reply = Awaited<ReturnType<FastifyInstance['inject']>>;

export interface TestServer {
  app: FastifyInstance;
  db: Db;
  kind: DbKind;
  /** A fresh admin token from a real login. */
  adminToken(): Promise<string>;
  /** A token of a non-admin user (for 403 checks). */
  userToken(): Promise<string>;
  /** Injects with the admin's token unless `token` is given (null sends none). */
  api(opts: InjectOptions & { token?: string | null }): Promise<Reply>;
  /** POST /api/users/login-admin with this body and no token: the reply, whatever its status. */
  login(body: object, opts?: Omit<InjectOptions, 'method' | 'url' | 'payload'>): Promise<Reply>;
  /** POSTs a JSON body exactly as written (malformed or oversized), with no token. */
  postRawJson(url: string, body: string): Promise<Reply>;
  /** PostgreSQL only: the test database's address, for raw connections. */
  databaseUrl: string | null;
  /** PostgreSQL only: another server instance on the same database (closed with this one). */
  anotherInstance(): Promise<FastifyInstance>;
  close(): Promise<void>;
}

/** The configuration test servers run with: in-memory, quiet, the test admin configured. */
export function testConfig(overrides: Partial<ServerConfig> = {}): ServerConfig {
  return {
    port: 0,
    host: '127.0.0.1',
    dataDir: null,
    databaseUrl: null,
    seedDemo: false,
    adminEmail: ADMIN.email,
    adminPassword: ADMIN.password,
    staticDir: null,
    logger: false,
    trustProxy: false,
    siteUrl: null,
    syncRetentionDays: 30,
    activityRetentionDays: null,
    activityWindow: ACTIVITY_WINDOW_DEFAULT,
    syncCacheMb: SYNC_CACHE_DEFAULT_MB,
    syncHeartbeatMs: 25_000,
    dbTimeouts: DEFAULT_DB_TIMEOUTS,
    httpTimeouts: DEFAULT_HTTP_TIMEOUTS,
    shutdownTimeoutMs: DEFAULT_SHUTDOWN_TIMEOUT_MS,
    demoAdmin: true,
    sessionIdleDays: 7,
    sessionMaxDays: 30,
    require2fa: false,
    ...overrides,
  };
}

/**
 * The real server on a fresh database: in-memory PGlite by default, or a new PostgreSQL database
 * (dropped afterwards) when the project `server-postgres` sets TEST_DB=postgres.
 */
export async function createTestServer(overrides: Partial<ServerConfig> = {}): Promise<TestServer> {
  const kind: DbKind = process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';
  let databaseUrl: string | null = null;
  let drop = async () => {};
  if (kind === 'postgres') {
    const base = process.env.TEST_DATABASE_URL;
    if (!base) throw new Error('TEST_DATABASE_URL is needed for the PostgreSQL run.');
    const name = `coursedesk_t_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(base);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    drop = async () => {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    };
  }
  const config = testConfig({ databaseUrl, ...overrides });
  const database = await openDatabase({ databaseUrl, dataDir: null, timeouts: config.dbTimeouts });
  const { app } = await buildApp(config, database);
  checkRepliesAgainstContract(app);
  const db = database.db;
  const others: FastifyInstance[] = [];

  let cachedAdmin: string | null = null;
  const login: TestServer['login'] = (body, opts) =>
    app.inject({ ...opts, method: 'POST', url: '/api/users/login-admin', payload: body });
  const tokenOf = async (email: string, password: string) => {
    const res = await login({ email, password });
    if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
    return res.json().data.authToken as string;
  };
  const server: TestServer = {
    app,
    db,
    kind,
    async adminToken() {
      return tokenOf(ADMIN.email, ADMIN.password);
    },
    async userToken() {
      // Non-admins cannot log in through login-admin, so we mint a session the way a public site would.
      const [u] = await db
        .insert(users)
        .values({
          name: 'Plain User',
          email: `plain-${Math.random().toString(36).slice(2)}@test.dev`,
          passwordHash: await hashPassword('x'),
          role: 'user',
        })
        .returning();
      const token = newToken();
      await createSession(db, { userId: u!.id, tokenHash: hashToken(token), userAgent: '', ip: '' }, 30);
      return token;
    },
    async api({ token, headers, ...opts }) {
      const t = token === undefined ? (cachedAdmin ??= await tokenOf(ADMIN.email, ADMIN.password)) : token;
      return app.inject({ ...opts, headers: { ...(headers ?? {}), ...(t ? { authorization: `Bearer ${t}` } : {}) } });
    },
    login,
    postRawJson: (url, body) =>
      app.inject({ method: 'POST', url, headers: { 'content-type': 'application/json' }, payload: body }),
    databaseUrl,
    async anotherInstance() {
      if (!databaseUrl) throw new Error('Only PostgreSQL databases can be shared by two instances.');
      const other = await buildApp(
        config,
        await openDatabase({ databaseUrl, dataDir: null, timeouts: config.dbTimeouts }),
      );
      checkRepliesAgainstContract(other.app);
      others.push(other.app);
      return other.app;
    },
    async close() {
      for (const other of others) await other.close();
      await app.close();
      await drop();
    },
  };
  return server;
}
