/**
 * `npm run bench:convergence`: many more seeded runs of the sync model than `npm test` makes
 * (tests/utils/sync-world.ts: browsers of one to three tabs against the real server, through a network that
 * answers late, out of order, fails and drops), on PGlite and, when TEST_DATABASE_URL is set, PostgreSQL. Each
 * run must end with every copy equal to the server's lists; a failing run prints its seed and the command ends
 * with an error. Knobs (env): CONVERGENCE_SEEDS (runs per database, default 600), CONVERGENCE_FIRST_SEED
 * (default 1000, after the test's), CONVERGENCE_STEPS (default 30), CONVERGENCE_CHUNK (runs per process, default
 * 200), BENCH_ONLY=pglite|postgres.
 *
 * The runs go in parts of CONVERGENCE_CHUNK seeds, each in a fresh process on a fresh server: Node 20's
 * AbortSignal.any keeps every aborted composite signal that had a listener (nodejs/node#64476), and through its
 * reason's stack every stopped session of the model with it, so one process ran out of a 4 GB heap after about
 * 450 runs. Browsers do not keep them. A failure prints the part's command, which replays it.
 */
import { spawnSync } from 'node:child_process';
import { createTestServer } from '../utils/build-server';
import { installBrowser, Network, runWorld, seedWorld } from '../utils/sync-world';

const SEEDS = Number(process.env.CONVERGENCE_SEEDS ?? 600);
const FIRST = Number(process.env.CONVERGENCE_FIRST_SEED ?? 1000);
const STEPS = Number(process.env.CONVERGENCE_STEPS ?? 30);
const CHUNK = Number(process.env.CONVERGENCE_CHUNK ?? 200);

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

/** Each part of CHUNK seeds in a process of its own (this file again, with the part's seeds): false if one failed. */
function inParts(kind: 'pglite' | 'postgres'): boolean {
  for (let first = FIRST; first < FIRST + SEEDS; first += CHUNK) {
    const seeds = Math.min(CHUNK, FIRST + SEEDS - first);
    const env = { CONVERGENCE_FIRST_SEED: String(first), CONVERGENCE_SEEDS: String(seeds), BENCH_ONLY: kind };
    const part = spawnSync(process.execPath, [...process.execArgv, process.argv[1]!], {
      env: { ...process.env, ...env },
      stdio: 'inherit',
    });
    if (part.status !== 0) {
      const replay = Object.entries({ ...env, CONVERGENCE_STEPS: String(STEPS) }).map(([k, v]) => `${k}=${v}`);
      console.error(
        `${kind}: the part of seeds ${first}-${first + seeds - 1} failed; replay: ${replay.join(' ')} npm run bench:convergence`,
      );
      return false;
    }
  }
  return true;
}

const only = process.env.BENCH_ONLY;
const kinds = (['pglite', 'postgres'] as const).filter((k) => !only || only === k);
if (SEEDS > CHUNK) {
  for (const kind of kinds) {
    if (kind === 'postgres' && !process.env.TEST_DATABASE_URL) console.log('postgres: skipped (set TEST_DATABASE_URL)');
    else if (!inParts(kind)) process.exitCode = 1;
  }
  if (only === 'pglite') console.log('postgres: skipped (BENCH_ONLY=pglite)');
} else {
  try {
    if (only !== 'postgres') await onDatabase('pglite');
    if (only === 'pglite') console.log('postgres: skipped (BENCH_ONLY=pglite)');
    else if (process.env.TEST_DATABASE_URL) await onDatabase('postgres');
    else console.log('postgres: skipped (set TEST_DATABASE_URL)');
  } catch (err) {
    console.error(err instanceof Error ? err.message : err);
    process.exitCode = 1;
  }
}
