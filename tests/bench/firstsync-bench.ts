import { sql } from 'drizzle-orm';
import { nextFirstSyncRows } from '@/app/lib/sync/page-puller';
import { buildApp } from '@/server/app';
import { seedBulk } from '@/server/db/seed/bulk';
import { seedDemoData } from '@/server/demo-seed';
import { SYNC_NEXT_HEADER, SYNC_PAGE } from '@/shared/schemas';
import { benchConfig, loginOverHttp, openPostgres, PG_URL } from './bench-targets';
import { BROWSER_ENCODING, closeAgent, formatBytes, get } from './http-measure';
import type { FastifyInstance } from 'fastify';
import type { AddressInfo } from 'node:net';

/**
 * `npm run bench:firstsync`: several devices making their first (full) sync of the same data at once, on
 * PostgreSQL, against one device alone (docs/benchmarks.md, "Five devices' first syncs"). Each device pages as
 * the PWA does (2,000 rows, growing to 5,000 while pages come fast: nextFirstSyncRows; the next page asked for as
 * soon as the reply names it), takes the browser's encodings and reads each page whole; its time is from its first
 * request to its last page's last byte. The page cache is emptied before each measurement, so "alone" is a cold
 * server, as for the first device of the day.
 * Knobs (env): BENCH_PHASES=demo,scale; BENCH_RUNS (3); BENCH_DEVICES (5); BENCH_CACHE=on,off (off: SYNC_CACHE_MB=0,
 * the server as it was; BENCH_OFF_RUNS runs, 1); BENCH_SCALE_USERS, BENCH_SCALE_ENROLLMENTS, BENCH_SCALE_SERVICES; BENCH_DATABASE_URL.
 */
const env = process.env;
const PHASES = (env.BENCH_PHASES ?? 'demo,scale').split(',').map((p) => p.trim());
const RUNS = Number(env.BENCH_RUNS ?? 3);
/** Runs without the cache (the server as it was): one by default, as five uncached first syncs take long. */
const OFF_RUNS = Number(env.BENCH_OFF_RUNS ?? 1);
const DEVICES = Number(env.BENCH_DEVICES ?? 5);
const CACHE = (env.BENCH_CACHE ?? 'on,off').split(',').map((c) => c.trim());
const SCALE = {
  users: Number(env.BENCH_SCALE_USERS ?? 50_000),
  enrollments: Number(env.BENCH_SCALE_ENROLLMENTS ?? 200_000),
  services: Number(env.BENCH_SCALE_SERVICES ?? 20_000),
};

interface DeviceRun {
  ms: number;
  pages: number;
  bytes: number;
}

/** One device's first sync over HTTP, as the PWA pages it. */
async function firstSync(base: string, token: string): Promise<DeviceRun> {
  const headers = { authorization: `Bearer ${token}`, 'accept-encoding': BROWSER_ENCODING };
  const started = performance.now();
  let rows: number = SYNC_PAGE.default;
  let cursor: string | null = null;
  let pages = 0;
  let bytes = 0;
  for (;;) {
    const query = new URLSearchParams({ limit: String(rows) });
    if (cursor) query.set('cursor', cursor);
    const reply = await get(`${base}/api/sync?${query}`, headers);
    if (reply.status !== 200) throw new Error(`GET /api/sync: HTTP ${reply.status}`);
    pages++;
    bytes += reply.bytes;
    // No write during the bench: the header names the next page exactly while there is one.
    const next = reply.headers[SYNC_NEXT_HEADER.toLowerCase()];
    if (typeof next !== 'string') break;
    cursor = next;
    rows = nextFirstSyncRows(rows, reply.ms);
  }
  return { ms: performance.now() - started, pages, bytes };
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

interface Sample {
  alone: number;
  /** Each device's time when all started together. */
  together: number[];
  builds: number;
  hits: number;
  shared: number;
  pages: number;
  bytes: number;
}

async function phase(name: string) {
  const target = await openPostgres(PG_URL);
  if (typeof target === 'string') {
    console.log(`postgres: skipped: ${target}`);
    return;
  }
  try {
    const seeding = performance.now();
    if (name === 'demo') await seedDemoData(target.database.db);
    else await seedBulk(target.database.db, { ...SCALE, seed: 42 });
    await target.database.db.execute(sql`vacuum analyze`);
    console.log(`\n## ${name} on PostgreSQL: seeded and analyzed in ${seconds(performance.now() - seeding)}`);

    // One server per setting on the same database, closed at the end (closing one closes the database).
    const apps: FastifyInstance[] = [];
    for (const cache of CACHE) {
      const config = { ...benchConfig(target), syncCacheMb: cache === 'off' ? 0 : 64 };
      const { app } = await buildApp(config, target.database);
      apps.push(app);
      await app.listen({ port: 0, host: '127.0.0.1' });
      const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
      const token = (await loginOverHttp(base)).authToken;
      const samples: Sample[] = [];
      {
        // Warm-up, once per database: plans, connections, the JIT.
        if (apps.length === 1) await firstSync(base, token);
        for (let run = 1; run <= (cache === 'off' ? OFF_RUNS : RUNS); run++) {
          app.syncPages.clear();
          const alone = await firstSync(base, token);
          app.syncPages.clear();
          const before = app.syncPages.stats();
          const together = await Promise.all(Array.from({ length: DEVICES }, () => firstSync(base, token)));
          const after = app.syncPages.stats();
          const sample: Sample = {
            alone: alone.ms,
            together: together.map((d) => d.ms),
            builds: after.builds - before.builds,
            hits: after.hits - before.hits,
            shared: after.shared - before.shared,
            pages: alone.pages,
            bytes: alone.bytes,
          };
          samples.push(sample);
          console.log(
            `  cache ${cache}, run ${run}: alone ${seconds(sample.alone)}; ${DEVICES} at once ` +
              `${sample.together.map(seconds).join(', ')}; ${alone.pages} pages, ${formatBytes(alone.bytes)} a device; ` +
              `pages built for the ${DEVICES}: ${sample.builds} (hits ${sample.hits}, shared ${sample.shared})`,
          );
        }
      }
      report(name, cache, samples);
    }
    for (const app of apps) await app.close().catch(() => {});
  } finally {
    await target.database.close().catch(() => {});
    await target.cleanup();
  }
}

function report(name: string, cache: string, samples: Sample[]) {
  const alone = samples.map((s) => s.alone);
  const perDevice = samples.map((s) => median(s.together));
  const slowest = samples.map((s) => Math.max(...s.together));
  const ratio = samples.map((s) => Math.max(...s.together) / s.alone);
  console.log(`\n### ${name}, cache ${cache} (${samples.length} runs: median / worst)\n`);
  console.log('| figure | median | worst |');
  console.log('|---|---:|---:|');
  console.log(`| one device alone | ${seconds(median(alone))} | ${seconds(Math.max(...alone))} |`);
  console.log(
    `| ${DEVICES} at once, each (median device) | ${seconds(median(perDevice))} | ${seconds(Math.max(...perDevice))} |`,
  );
  console.log(
    `| ${DEVICES} at once, the slowest device | ${seconds(median(slowest))} | ${seconds(Math.max(...slowest))} |`,
  );
  console.log(
    `| slowest of ${DEVICES} / alone (target ≤ 1.5) | ${median(ratio).toFixed(2)} | ${Math.max(...ratio).toFixed(2)} |`,
  );
  console.log(
    `| pages built for the ${DEVICES} (one device's: ${samples[0]?.pages}) | ${median(samples.map((s) => s.builds))} | ${Math.max(...samples.map((s) => s.builds))} |`,
  );
}

async function main() {
  console.log(
    `First syncs: ${DEVICES} devices at once vs one alone, PostgreSQL, ${RUNS} runs; phases ${PHASES.join(', ')}; ` +
      `scale ${SCALE.users} users, ${SCALE.enrollments} enrollments, ${SCALE.services} purchases`,
  );
  for (const name of PHASES) await phase(name);
  closeAgent();
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
