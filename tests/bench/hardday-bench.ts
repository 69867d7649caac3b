/**
 * `npm run bench:hardday`: a hard day for the server (issue 21). A 10,000-row bulk delete on 200,000
 * enrollments while 12 approvers approve other enrollments, each again and again until the delete answers,
 * and `/api/health` is polled every 200 ms, over real HTTP, on PGlite and PostgreSQL, with the server's
 * default timeouts. Prints what the requests got and how long they took; asserts nothing. Knobs (env): BENCH_ENROLLMENTS (default 200000), BENCH_BULK (10000), BENCH_APPROVES
 * (12), BENCH_DATABASE_URL, BENCH_ONLY=pglite|postgres.
 */
import { spawn } from 'node:child_process';
import { sql } from 'drizzle-orm';
import { buildApp } from '@/server/app';
import { rows } from '@/server/db/client';
import { seedBulk } from '@/server/db/seed/bulk';
import { benchConfig, loginOverHttp, onEachDatabase, type OpenedTarget } from './bench-targets';
import type { AddressInfo } from 'node:net';

const TABLE = Number(process.env.BENCH_ENROLLMENTS ?? 200_000);
const BULK = Number(process.env.BENCH_BULK ?? 10_000);
const APPROVES = Number(process.env.BENCH_APPROVES ?? 12);
const HEALTH_EVERY_MS = 200;

const ms = (from: number) => Math.round(performance.now() - from);

/** Polls argv[1] every argv[2] ms until stdin ends, then prints [{status, ms}] as JSON. */
const POLLER = `
const [url, every] = process.argv.slice(1);
const results = [];
let on = true;
process.stdin.on('end', () => (on = false)).resume();
(async () => {
  while (on) {
    const t = performance.now();
    const status = await fetch(url).then((r) => r.status, () => 0);
    results.push({ status, ms: Math.round(performance.now() - t) });
    await new Promise((r) => setTimeout(r, Math.max(0, Number(every) - (performance.now() - t))));
  }
  process.stdout.write(JSON.stringify(results));
})();
`;

async function run(target: OpenedTarget) {
  const seedStarted = performance.now();
  await seedBulk(target.database.db, { users: 5000, enrollments: TABLE, services: 0 });
  console.log(`${target.kind}: seeded ${TABLE.toLocaleString('en-US')} enrollments in ${ms(seedStarted)} ms`);
  const { app } = await buildApp(benchConfig(target), target.database);
  try {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const { authToken } = await loginOverHttp(base);
    const headers = { authorization: `Bearer ${authToken}`, 'content-type': 'application/json' };
    const ids = async (order: 'asc' | 'desc', n: number) =>
      (
        await rows<{ id: string }>(
          target.database.db,
          sql`select id::text as id from enrollments order by id ${sql.raw(order)} limit ${n}`,
        )
      ).map((r) => r.id);
    const doomed = await ids('asc', BULK);
    const approved = await ids('desc', APPROVES);

    // The health checks come from another process, as a load balancer's would: this one is the server, and
    // PGlite's statements block it while they run.
    const poller = spawn(process.execPath, ['-e', POLLER, `${base}/api/health`, String(HEALTH_EVERY_MS)], {
      stdio: ['pipe', 'pipe', 'inherit'],
    });
    let pollerOut = '';
    poller.stdout.on('data', (d: Buffer) => (pollerOut += d));
    const pollerDone = new Promise((resolve) => poller.once('close', resolve));

    const started = performance.now();
    const bulk = fetch(`${base}/api/enrollments/bulk`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ action: 'delete', items: doomed.map((id) => ({ id })) }),
    }).then(async (r) => ({ status: r.status, ms: ms(started), body: await r.text() }));
    // Each of the approvers approves its enrollment again and again until the delete has answered, so that
    // approves meet every phase of it (parsing its body, the freshness check, the transaction).
    let deleting = true;
    void bulk.finally(() => (deleting = false));
    const approves: { status: number; ms: number }[] = [];
    await Promise.all(
      approved.map(async (id) => {
        do {
          const at = performance.now();
          const r = await fetch(`${base}/api/enrollments/approve/${id}`, {
            method: 'PUT',
            headers: { authorization: headers.authorization },
          });
          await r.arrayBuffer();
          approves.push({ status: r.status, ms: ms(at) });
        } while (deleting);
      }),
    );
    const deleted = await bulk;
    poller.stdin.end(); // stop polling
    await pollerDone;
    const healths = JSON.parse(pollerOut) as { status: number; ms: number }[];

    const count = (statuses: number[]) =>
      [...new Set(statuses)].map((s) => `${statuses.filter((x) => x === s).length} × ${s}`).join(', ');
    const done = (JSON.parse(deleted.body) as { done?: string[] }).done?.length ?? 0;
    console.log(
      `${target.kind}: bulk delete of ${BULK.toLocaleString('en-US')}: status ${deleted.status}, ${done} deleted, ${deleted.ms} ms`,
    );
    const times = approves.map((a) => a.ms).sort((x, y) => x - y);
    console.log(
      `${target.kind}: ${APPROVES} approvers, ${approves.length} approves: ${count(approves.map((a) => a.status))}; ` +
        `median ${times[Math.floor(times.length / 2)]} ms, slowest ${times[times.length - 1]} ms`,
    );
    console.log(
      `${target.kind}: /api/health every ${HEALTH_EVERY_MS} ms: ${healths.length} checks, ` +
        `${count(healths.map((h) => h.status))}; slowest ${Math.max(...healths.map((h) => h.ms))} ms`,
    );
  } finally {
    await app.close();
    await target.cleanup();
  }
}

onEachDatabase(run);
