import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { ServerConfig } from '@/server/config';
import { openDatabase, type Database, type DbKind } from '@/server/db/client';
import { testConfig } from '../utils/build-server';

/** The PostgreSQL server the benchmarks create their databases on. */
export const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export interface OpenedTarget {
  kind: DbKind;
  database: Database;
  /** Where the data lives, for the printout (no password). */
  where: string;
  databaseUrl: string | null;
  dataDir: string | null;
  openSeconds: number;
  /** Removes the folder or drops the database; the Database must be closed first. */
  cleanup(): Promise<void>;
}

/** A fresh PGlite database in a temporary folder. */
export async function openPglite(): Promise<OpenedTarget> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'coursedesk-bench-'));
  const started = performance.now();
  const database = await openDatabase({ databaseUrl: null, dataDir });
  return {
    kind: 'pglite',
    database,
    where: dataDir,
    databaseUrl: null,
    dataDir,
    openSeconds: (performance.now() - started) / 1000,
    cleanup: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
  };
}

/**
 * A fresh database on the PostgreSQL server of `baseUrl`, dropped by cleanup();
 * or the reason as a string when the server cannot be reached.
 */
export async function openPostgres(baseUrl: string): Promise<OpenedTarget | string> {
  const admin = new pg.Client({ connectionString: baseUrl, connectionTimeoutMillis: 3000 });
  try {
    await admin.connect();
  } catch (err) {
    return `PostgreSQL at ${redact(baseUrl)} is not reachable (${err instanceof Error ? err.message : String(err)})`;
  }
  const name = `coursedesk_bench_${process.pid}_${Date.now().toString(36)}`;
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  const started = performance.now();
  const database = await openDatabase({ databaseUrl, dataDir: null });
  return {
    kind: 'postgres',
    database,
    where: redact(databaseUrl),
    databaseUrl,
    dataDir: null,
    openSeconds: (performance.now() - started) / 1000,
    cleanup: async () => {
      const c = new pg.Client({ connectionString: baseUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

const redact = (url: string) => url.replace(/\/\/([^:@/]+):[^@/]*@/, '//$1:***@');

/** The benchmarks' admin, created by the server's start-up from its config. */
export const BENCH_ADMIN = { email: 'bench-admin@coursedesk.dev', password: 'bench-password-123' };

/** POST /api/users/login-admin on the server at `base`: the admin's token and user data. */
export async function loginOverHttp(base: string, who: { email: string; password: string } = BENCH_ADMIN) {
  const res = await fetch(`${base}/api/users/login-admin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(who),
  });
  if (!res.ok) throw new Error(`admin login failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { data: { authToken: string; userData: unknown } }).data;
}

/** A server config over an opened target: the tests' (no demo seed, no static files, no request log), the bench admin. */
export const benchConfig = (target: OpenedTarget): ServerConfig =>
  testConfig({
    dataDir: target.dataDir,
    databaseUrl: target.databaseUrl,
    adminEmail: BENCH_ADMIN.email,
    adminPassword: BENCH_ADMIN.password,
  });

/**
 * Runs a benchmark on a fresh PGlite database, then on a fresh PostgreSQL one (`BENCH_DATABASE_URL`, else the
 * local server; skipped with a line when unreachable). `BENCH_ONLY=pglite|postgres` runs one of them.
 */
export function onEachDatabase(run: (target: OpenedTarget) => Promise<void>) {
  const only = process.env.BENCH_ONLY;
  const main = async () => {
    if (!only || only === 'pglite') await run(await openPglite());
    if (!only || only === 'postgres') {
      const target = await openPostgres(PG_URL);
      if (typeof target === 'string') console.log(`postgres: skipped: ${target}`);
      else await run(target);
    }
  };
  main().catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
}
