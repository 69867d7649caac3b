import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../utils/build-server';
import { installBrowser, Network, runWorld, seedWorld } from '../utils/sync-world';

/**
 * The PWA's sync engine, in browsers of one to three tabs, against the real server (docs/sync.md, "Never a missed
 * change"): seeded runs of tabs' writes, other admins' writes, pulls answered late, out of order, failed or
 * dropped, reloads and handovers, each ending with every tab's lists and every stored copy equal to the server's.
 * A failure names its seed; `npm run bench:convergence` runs many more.
 */
const SEEDS = Number(process.env.CONVERGENCE_SEEDS ?? 60);
const FIRST = Number(process.env.CONVERGENCE_FIRST_SEED ?? 1);

let s: TestServer;
let net: Network;
let token: string;
let world: Awaited<ReturnType<typeof seedWorld>>;
beforeAll(async () => {
  s = await createTestServer();
  net = new Network(s);
  installBrowser(net.fetch);
  token = await s.adminToken();
  world = await seedWorld(s);
});
afterAll(() => s.close());

describe('sync convergence', () => {
  it(`every copy ends equal to the server's lists, over ${SEEDS} seeded runs`, async () => {
    for (let seed = FIRST; seed < FIRST + SEEDS; seed++)
      await expect(runWorld(s, net, token, world, { seed, steps: 30, devices: 2 })).resolves.toBeUndefined();
  }, 600_000);
});
