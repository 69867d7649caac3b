/**
 * `npm run bench:tabs`: eight tabs of one admin in one Chromium profile against `npm start` over plain HTTP/1.1
 * (the demo data, the PWA built into dist): how long an API call from each tab takes, how long an Approve in one
 * tab takes to show in all the others, and how long after the stream-holding tab closes (then, after the next one is
 * frozen without letting go) another holds the stream (and a change made then shows in every other tab). Numbers are printed, never asserted. Run it under the Chromium
 * flock. Knobs (env): BENCH_TABS (default 8), BENCH_TABS_PORT (default 4204).
 */
import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Page } from '@playwright/test';
import type { Enrollment } from '@/shared/schemas';
import { CHROMIUM } from '../utils/chromium';
import { loginOverHttp } from './bench-targets';
import { startServer, stopServer } from './browser-bench';
import { ms } from './numbers';

const TABS = Number(process.env.BENCH_TABS ?? 8);
const PORT = Number(process.env.BENCH_TABS_PORT ?? 4204);
const BASE = `http://127.0.0.1:${PORT}`;
const DEMO = { email: 'admin@coursedesk.dev', password: 'coursedesk-demo' };

fs.mkdirSync('.tmp', { recursive: true });
const dir = fs.mkdtempSync(path.join('.tmp', 'tabs-bench-'));
const server = await startServer(PORT, dir, { SEED_DEMO: '1' });
const browser = await chromium.launch(CHROMIUM);
try {
  const context = await browser.newContext({ baseURL: BASE });
  const streams: { page: Page; at: number }[] = [];
  context.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/sync/stream')
      streams.push({ page: request.frame().page(), at: performance.now() });
  });
  const headers = { authorization: `Bearer ${(await loginOverHttp(BASE, DEMO)).authToken}` };
  const all = ((await (await fetch(`${BASE}/api/enrollments`, { headers })).json()) as { data: Enrollment[] }).data;
  const pending = all.find((e) => !e.isVerified && e.batchId)!;
  const name = pending.userId?.name || pending.userDetails.name;
  const row = (p: Page) =>
    p
      .getByRole('row', { name: `Open enrollment of ${name}` })
      .filter({ hasText: pending.courseDetails.title })
      .first();

  const first = await context.newPage();
  await first.goto(`/login?redirect=${encodeURIComponent(`/enrollments/batch/${pending.batchId}`)}`);
  await first.getByPlaceholder('Enter your email').fill(DEMO.email);
  await first.getByPlaceholder('Enter your password').fill(DEMO.password);
  await first.getByRole('button', { name: 'Login' }).click();
  const pages = [first];
  for (let i = 1; i < TABS; i++) pages.push(await context.newPage());
  await Promise.all(pages.slice(1).map((p) => p.goto(`/enrollments/batch/${pending.batchId}`)));
  for (const p of pages) {
    await row(p).scrollIntoViewIfNeeded({ timeout: 60_000 });
    await row(p).getByText('Pending').waitFor({ timeout: 60_000 });
  }
  console.log(`${TABS} tabs open; streams opened: ${new Set(streams.map((s) => s.page)).size}`);

  // An API call from every tab at once, with the admin's token.
  const calls = await Promise.all(
    pages.map((p) =>
      p.evaluate(async () => {
        const started = performance.now();
        const res = await fetch('/api/batches', {
          headers: { authorization: `Bearer ${localStorage.getItem('authToken')}` },
        });
        await res.json();
        return performance.now() - started;
      }),
    ),
  );
  console.log(
    `API call (GET /api/batches) from each tab: slowest ${ms(Math.max(...calls))}, ${calls.map(ms).join(', ')}`,
  );

  // An Approve in a tab that does not hold the stream, until every tab shows it.
  const holder = streams[0]!.page;
  const clicker = pages.find((p) => p !== holder)!;
  let started = performance.now();
  await row(clicker).getByRole('button', { name: 'Approve' }).click();
  const shown = await Promise.all(
    pages.map((p) =>
      row(p)
        .getByText('Approved')
        .waitFor({ timeout: 30_000 })
        .then(() => performance.now() - started),
    ),
  );
  console.log(`Approve in one tab shown in all ${TABS}: ${ms(Math.max(...shown))} (slowest tab)`);

  // The stream-holding tab closes: until another holds the stream, and until a change made then shows everywhere.
  const open = pages.filter((p) => p !== holder);
  started = performance.now();
  await holder.close();
  while (!streams.some((s) => s.page !== holder)) await new Promise((r) => setTimeout(r, 10));
  const handover = streams.find((s) => s.page !== holder)!.at - started;
  console.log(`closing the stream-holding tab: another holds the stream after ${ms(handover)}`);
  started = performance.now();
  await fetch(`${BASE}/api/enrollments/dis-approve/${pending._id}`, { method: 'PUT', headers });
  const after = await Promise.all(
    open.map((p) =>
      row(p)
        .getByText('Pending')
        .waitFor({ timeout: 30_000 })
        .then(() => performance.now() - started),
    ),
  );
  console.log(`another admin's change after the handover, shown in all ${open.length}: ${ms(Math.max(...after))}`);

  // The new holder is frozen without letting go (the lifecycle state, and the debugger, which stops its tasks as a
  // frozen page's are stopped): until another tab holds the stream, and until a change made then shows in the others.
  const frozen = streams.at(-1)!.page;
  const awake = open.filter((p) => p !== frozen);
  const cdp = await frozen.context().newCDPSession(frozen);
  const before = streams.length;
  started = performance.now();
  await cdp.send('Page.setWebLifecycleState', { state: 'frozen' });
  await cdp.send('Debugger.enable');
  await cdp.send('Debugger.pause');
  while (!streams.slice(before).some((s) => s.page !== frozen)) await new Promise((r) => setTimeout(r, 10));
  const stolen = streams.slice(before).find((s) => s.page !== frozen)!.at - started;
  console.log(`freezing the stream-holding tab: another holds the stream after ${ms(stolen)}`);
  started = performance.now();
  await fetch(`${BASE}/api/enrollments/approve/${pending._id}`, { method: 'PUT', headers });
  const seen = await Promise.all(
    awake.map((p) =>
      row(p)
        .getByText('Approved')
        .waitFor({ timeout: 30_000 })
        .then(() => performance.now() - started),
    ),
  );
  console.log(`another admin's change after that, shown in the other ${awake.length}: ${ms(Math.max(...seen))}`);
  await cdp.send('Debugger.resume');
} finally {
  await browser.close();
  await stopServer(server);
  fs.rmSync(dir, { recursive: true, force: true });
}
