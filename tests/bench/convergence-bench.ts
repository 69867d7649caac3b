/**
 * `npm run bench:convergence`: many more seeded runs of the sync model than `npm test` makes
 * (tests/utils/sync-world.ts: browsers of one to three tabs against the real server, through a network that
 * answers late, out of order, fails and drops), on PGlite and, when TEST_DATABASE_URL is set, PostgreSQL. Each
 * run must end with every copy equal to the server's lists; a failing run prints its seed and the command ends
 * with an error. Knobs (env): CONVERGENCE_SEEDS (runs per database, default 600), CONVERGENCE_FIRST_SEED
 * (default 1000, after the test's), CONVERGENCE_STEPS (default 30), BENCH_ONLY=pglite|postgres.
 */
import { createTestServer } from '../utils/build-server';
import { installBrowser, Network, runWorld, seedWorld } from '../utils/sync-world';

const SEEDS = Number(process.env.CONVERGENCE_SEEDS ?? 600);
const FIRST = Number(process.env.CONVERGENCE_FIRST_SEED ?? 1000);
const STEPS = Number(process.env.CONVERGENCE_STEPS ?? 30);

async function onDatabase(kind: 'pglite' | 'postgres') {
  process.env.TEST_DB = kind;
  const s = await createTestServer();
  try {
    const net = new Network(s);
    installBrowser(net.fetch);
    const token = await s.adminToken();
    const world = await seedWorld(s);
    const started = performance.now();
    for (let seed = FIRST; seed < FIRST + SEEDS; seed++) {
      await runWorld(s, net, token, world, { seed, steps: STEPS, devices: 2 });
      if ((seed - FIRST + 1) % 100 === 0) console.log(`${kind}: ${seed - FIRST + 1} runs converged`);
    }
    const ms = performance.now() - started;
    console.log(
      `${kind}: ${SEEDS} runs (seeds ${FIRST}-${FIRST + SEEDS - 1}, ${STEPS} steps each) converged in ${(ms / 1000).toFixed(1)} s, ${(ms / SEEDS).toFixed(0)} ms per run`,
    );
  } finally {
    await s.close();
  }
}

const only = process.env.BENCH_ONLY;
try {
  if (only !== 'postgres') await onDatabase('pglite');
  if (only === 'pglite') console.log('postgres: skipped (BENCH_ONLY=pglite)');
  else if (process.env.TEST_DATABASE_URL) await onDatabase('postgres');
  else console.log('postgres: skipped (set TEST_DATABASE_URL)');
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  process.exitCode = 1;
}
