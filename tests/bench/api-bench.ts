import { spawnSync } from 'node:child_process';
import { sql } from 'drizzle-orm';
import { buildApp } from '@/server/app';
import { rows } from '@/server/db/client';
import { seedBulk } from '@/server/db/seed/bulk';
import { benchConfig, loginOverHttp, openPglite, openPostgres, PG_URL, type OpenedTarget } from './bench-targets';
import {
  BROWSER_ENCODING,
  closeAgent,
  countArrayItems,
  formatBytes,
  get,
  percentile,
  throughput,
} from './http-measure';
import { measureSync, printSyncFigures, type SyncFigures } from './sync-measure';
import type { AddressInfo } from 'node:net';

/**
 * `npm run bench:api`: the real server over a large data set, on PGlite and on PostgreSQL.
 * Knobs (env): BENCH_DATABASE_URL, BENCH_ONLY=pglite|postgres, BENCH_USERS, BENCH_ENROLLMENTS,
 * BENCH_SERVICES, BENCH_REQUESTS (sequential samples), BENCH_SAMPLE_BUDGET_S, BENCH_SECONDS (throughput
 * window), BENCH_INFLIGHT_LIMIT_MB, BENCH_PARTS (lists,sync).
 */
const env = process.env;
const SIZE = {
  users: Number(env.BENCH_USERS ?? 50_000),
  enrollments: Number(env.BENCH_ENROLLMENTS ?? 200_000),
  services: Number(env.BENCH_SERVICES ?? 20_000),
};
const REQUESTS = Number(env.BENCH_REQUESTS ?? 20);
/** Sequential sampling stops early (after at least 5) once this many seconds are spent on one endpoint. */
const SAMPLE_BUDGET_S = Number(env.BENCH_SAMPLE_BUDGET_S ?? 90);
const SECONDS = Number(env.BENCH_SECONDS ?? 5);
/** The throughput run is skipped when 10 replies in flight would exceed this (each is held whole in memory). */
const INFLIGHT_LIMIT = Number(env.BENCH_INFLIGHT_LIMIT_MB ?? 1024) * 1048576;
const CLIENTS = 10;
/** What to measure: the GET list routes, the PWA's sync (GET /api/sync), or both (BENCH_PARTS=lists,sync). */
const PARTS = (env.BENCH_PARTS ?? 'lists,sync').split(',').map((p) => p.trim());

/** The list endpoints the PWA loads after login, with the key that holds the array. */
const ENDPOINTS = [
  { path: '/api/users', key: 'users' },
  { path: '/api/courses', key: 'data' },
  { path: '/api/enrollments', key: 'data' },
  { path: '/api/batches', key: 'batches' },
  { path: '/api/services', key: 'data' },
] as const;

interface Row {
  path: string;
  status: number;
  rows: number | null;
  coldMs: number;
  p50: number;
  p95: number;
  samples: number;
  encoding: string;
  raw: number;
  gzip: number;
  br: number;
  rps: number;
  errors: number;
}

const mb = (n: number) => Math.round(n / 1048576);
let peakRss = 0;
const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 100);
sampler.unref();

const failed = (path: string, status: number, coldMs: number): Row => ({
  path,
  status,
  rows: null,
  coldMs,
  p50: NaN,
  p95: NaN,
  samples: 0,
  encoding: '-',
  raw: NaN,
  gzip: NaN,
  br: NaN,
  rps: NaN,
  errors: 0,
});

async function benchTarget(target: OpenedTarget) {
  console.log(`\n## ${target.kind} (${target.where})\n`);
  console.log(`Opened and migrated in ${target.openSeconds.toFixed(2)} s`);
  peakRss = process.memoryUsage().rss;

  const seeded = await seedBulk(target.database.db, { ...SIZE, seed: 42 });
  const s = seeded.seconds;
  // Steady state, as autovacuum would leave it: planner statistics and visibility maps are current,
  // so the bench does not time a background analyze of 270,000 fresh rows.
  const vacuumStarted = performance.now();
  await target.database.db.execute(sql`vacuum analyze`);
  const vacuumSeconds = (performance.now() - vacuumStarted) / 1000;
  console.log(
    `Seeded ${SIZE.users} users, ${SIZE.enrollments} enrollments, ${SIZE.services} purchases, ` +
      `${seeded.inserted.courses} courses, ${seeded.inserted.batches} batches in ${s.total.toFixed(1)} s ` +
      `(users ${s.users.toFixed(1)} s, enrollments ${s.enrollments.toFixed(1)} s, purchases ${s.services.toFixed(1)} s), ` +
      `then vacuum analyze ${vacuumSeconds.toFixed(1)} s; ` +
      `RSS after seed ${mb(process.memoryUsage().rss)} MB, peak ${mb(Math.max(peakRss, process.memoryUsage().rss))} MB`,
  );

  const { app } = await buildApp(benchConfig(target), target.database);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const results: Row[] = [];
  let sync: SyncFigures | null = null;
  try {
    const token = (await loginOverHttp(base)).authToken;
    const auth = { authorization: `Bearer ${token}` };
    const browser = { ...auth, 'accept-encoding': BROWSER_ENCODING };

    for (const { path, key } of PARTS.includes('lists') ? ENDPOINTS : []) {
      const url = base + path;
      let cold;
      try {
        cold = await get(url, browser);
      } catch (err) {
        console.log(`${path}: request failed (${err instanceof Error ? err.message : String(err)})`);
        results.push(failed(path, 0, NaN));
        continue;
      }
      if (cold.status !== 200) {
        console.log(`${path}: HTTP ${cold.status}, skipped (route missing or failing)`);
        results.push(failed(path, cold.status, cold.ms));
        continue;
      }
      const raw = await get(url, { ...auth, 'accept-encoding': 'identity' }, true);
      const rows = countArrayItems(raw.body!, key);
      raw.body = null;
      const gzip = await get(url, { ...auth, 'accept-encoding': 'gzip' });
      const br = await get(url, { ...auth, 'accept-encoding': 'br' });
      await get(url, browser); // one more warm-up after the size probes

      const samples: number[] = [];
      let encoding = '';
      const budgetEnd = performance.now() + SAMPLE_BUDGET_S * 1000;
      for (let i = 0; i < REQUESTS && (i < 5 || performance.now() < budgetEnd); i++) {
        const r = await get(url, browser);
        samples.push(r.ms);
        encoding = r.encoding;
      }
      let rps = NaN;
      let errors = 0;
      if (raw.bytes * CLIENTS <= INFLIGHT_LIMIT) ({ rps, errors } = await throughput(url, browser, CLIENTS, SECONDS));
      else
        console.log(
          `${path}: throughput skipped: ${CLIENTS} replies of ${formatBytes(raw.bytes)} in flight exceed BENCH_INFLIGHT_LIMIT_MB`,
        );
      const row: Row = {
        path,
        status: 200,
        rows,
        coldMs: cold.ms,
        p50: percentile(samples, 50),
        p95: percentile(samples, 95),
        samples: samples.length,
        encoding,
        raw: raw.bytes,
        gzip: gzip.encoding === 'gzip' ? gzip.bytes : NaN,
        br: br.encoding === 'br' ? br.bytes : NaN,
        rps,
        errors,
      };
      results.push(row);
      console.log(
        `${path}: ${row.rows} rows, p50 ${row.p50.toFixed(0)} ms over ${row.samples}, ${Number.isFinite(rps) ? rps.toFixed(1) : '-'} req/s`,
      );
    }
    if (PARTS.includes('sync')) {
      const db = target.database.db;
      const ids = await rows<{ id: string }>(db, sql`select id::text as id from enrollments limit 50`);
      const [some] = await rows<{ user: string; course: string; batch: string }>(
        db,
        sql`select (select id::text from users where role = 'user' limit 1) as "user",
          (select id::text from courses limit 1) as course,
          (select batch_id::text from enrollments group by batch_id order by count(*) desc limit 1) as batch`,
      );
      const enrollBody = () => ({
        userId: some!.user,
        courseId: some!.course,
        batchId: some!.batch,
        amount: 10,
        currency: 'USD',
      });
      sync = await measureSync(
        base,
        token,
        REQUESTS,
        ids.map((r) => r.id),
        enrollBody,
      );
    }
  } finally {
    await app.close(); // closes the database too
  }

  if (results.length) {
    console.log(`\n| endpoint | rows | cold ms | p50 ms | p95 ms | n | raw | gzip | br | req/s @${CLIENTS} |`);
    console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
    const n = (v: number, digits = 0) => (Number.isFinite(v) ? v.toFixed(digits) : '-');
    const b = (v: number) => (Number.isFinite(v) ? formatBytes(v) : '-');
    for (const r of results) {
      const note = r.status === 200 ? '' : ` (HTTP ${r.status})`;
      console.log(
        `| GET ${r.path}${note} | ${r.rows ?? '-'} | ${n(r.coldMs)} | ${n(r.p50)} | ${n(r.p95)} | ${r.samples} | ${b(r.raw)} | ${b(r.gzip)} | ${b(r.br)} | ${n(r.rps, 1)}${r.errors ? ` (${r.errors} errors)` : ''} |`,
      );
    }
  }
  if (sync) printSyncFigures(target.kind, sync);
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
  if (results.length)
    console.log(
      `\nLatency: up to ${REQUESTS} sequential requests (n) within ${SAMPLE_BUDGET_S} s after warm-up with accept-encoding "${BROWSER_ENCODING}" (server chose ${results.find((r) => r.encoding !== '-')?.encoding ?? '-'}), time to last byte; ` +
        `throughput: ${CLIENTS} concurrent clients for ${SECONDS} s. Node RSS now ${mb(process.memoryUsage().rss)} MB, peak ${mb(peakRss)} MB (server and load generator share the process).`,
    );
  return results;
}

async function runTarget(kind: 'pglite' | 'postgres') {
  if (kind === 'pglite') {
    const target = await openPglite();
    try {
      await benchTarget(target);
    } finally {
      await target.database.close().catch(() => undefined);
      await target.cleanup();
    }
    return;
  }
  const target = await openPostgres(PG_URL);
  if (typeof target === 'string') {
    console.log(
      `\n## postgres\n\nSkipped: ${target}. Set BENCH_DATABASE_URL to a server where a database may be created.`,
    );
    return;
  }
  try {
    await benchTarget(target);
  } finally {
    await target.database.close().catch(() => undefined);
    await target.cleanup();
  }
}

async function main() {
  const only = env.BENCH_ONLY;
  if (only === 'pglite' || only === 'postgres') {
    await runTarget(only);
    closeAgent();
    return;
  }
  console.log(
    `# API benchmark (${SIZE.users} users, ${SIZE.enrollments} enrollments, ${SIZE.services} purchases; node ${process.version})`,
  );
  // One child process per database, so RSS, heap and GC of one run do not leak into the other.
  for (const kind of ['pglite', 'postgres'] as const) {
    const child = spawnSync(process.execPath, [...process.execArgv, ...process.argv.slice(1)], {
      stdio: 'inherit',
      env: { ...env, BENCH_ONLY: kind },
    });
    if (child.status !== 0) throw new Error(`the ${kind} run failed (exit ${child.status ?? child.signal})`);
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
