/**
 * `npm run bench:seed`: how long the demo seed takes (the start-up of a fresh server with SEED_DEMO=1; target: well
 * under 5 s), each run on a fresh database: PGlite in a data folder, as the server uses it, and PostgreSQL when
 * BENCH_DATABASE_URL (or the default local server) can be reached. Numbers are printed, never asserted.
 * Knobs (env): BENCH_RUNS (default 3), BENCH_DATABASE_URL, BENCH_ONLY=pglite|postgres.
 */
import { buildDemoData } from '@/server/db/seed/demo';
import { seedDemoData } from '@/server/demo-seed';
import { openPglite, openPostgres, PG_URL, type OpenedTarget } from './bench-targets';
import { median, ms } from './numbers';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const ONLY = process.env.BENCH_ONLY;

/** Seeds `RUNS` fresh databases one after another; the time covers seedDemoData only, not opening or migrating. */
async function timeSeeds(open: () => Promise<OpenedTarget | string>) {
  const times: number[] = [];
  let where = '';
  for (let i = 0; i < RUNS; i++) {
    const target = await open();
    if (typeof target === 'string') return { skipped: target };
    where = target.where.replace(/\/[^/]*$/, '/…');
    try {
      const started = performance.now();
      await seedDemoData(target.database.db);
      times.push(performance.now() - started);
    } finally {
      await target.database.close().catch(() => undefined);
      await target.cleanup();
    }
  }
  return { times, where };
}

async function main() {
  const started = performance.now();
  const data = buildDemoData();
  const buildMs = performance.now() - started;
  const rows = Object.values(data).reduce((n, list) => n + list.length, 0);
  console.log(`# Demo seed (${rows} rows; built in memory in ${ms(buildMs)}; node ${process.version}; ${RUNS} runs)\n`);

  const targets = [
    { kind: 'pglite', open: openPglite },
    { kind: 'postgres', open: () => openPostgres(PG_URL) },
  ].filter((t) => !ONLY || t.kind === ONLY);
  for (const { kind, open } of targets) {
    const result = await timeSeeds(open);
    if ('skipped' in result) {
      console.log(`${kind}: skipped: ${result.skipped}`);
      continue;
    }
    const { times, where } = result;
    console.log(
      `${kind} (${where}): median ${ms(median(times))}, min ${ms(Math.min(...times))}, max ${ms(Math.max(...times))} ` +
        `(runs: ${times.map(ms).join(', ')})`,
    );
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
