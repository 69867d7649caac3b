import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { ServerConfig } from '@/server/config';
import { openDatabase, type Database, type DbKind } from '@/server/db/client';

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

/** A server config over an opened target: no demo seed, no static files, no request log. */
export const benchConfig = (target: OpenedTarget): ServerConfig => ({
  port: 0,
  host: '127.0.0.1',
  dataDir: target.dataDir,
  databaseUrl: target.databaseUrl,
  seedDemo: false,
  adminEmail: BENCH_ADMIN.email,
  adminPassword: BENCH_ADMIN.password,
  staticDir: null,
  logger: false,
  trustProxy: false,
  siteUrl: null,
  syncRetentionDays: 30,
  syncHeartbeatMs: 25_000,
});
