/**
 * `npm run bench:activity`: the Activity screen with 100,000 entries (BENCH_ACTIVITY to change), in Debian's
 * Chromium against the real server (PGlite): login to the first row (the first sync brings the sync's window of the log),
 * a reload from the device copy, a keystroke in the search box, an action filter and a date range to the
 * filtered table, the JS heap; and the server's side: GET /api/activity's first page (100 entries) cold and warm, the log's share of a
 * full sync. Numbers are printed, never asserted. One Chromium, one server at a time (2-core machine).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { sql } from 'drizzle-orm';
import { openDatabase } from '@/server/db/client';
import { seedBulk } from '@/server/db/seed/bulk';
import { CHROMIUM } from '../utils/chromium';
import { BENCH_ADMIN, loginOverHttp } from './bench-targets';
import { loginToRows, reloadToRows, ROW, startBenchServer, stopServer, typeToChange } from './browser-bench';
import { median, ms } from './numbers';

const PORT = Number(process.env.BENCH_APP_PORT ?? 4186);
const BASE = `http://127.0.0.1:${PORT}`;
const ENTRIES = Number(process.env.BENCH_ACTIVITY ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 5);

/**
 * ENTRIES entries over the last year, written by 5 admins about the seeded users and enrollments, with the
 * mix of actions an office makes (mostly approvals and updates), each with a field or two before and after.
 */
async function seed(dataDir: string) {
  const database = await openDatabase({ databaseUrl: null, dataDir });
  await seedBulk(database.db, { users: 5_000, enrollments: 20_000, services: 1_000, seed: 5 });
  const started = performance.now();
  await database.db.execute(sql`
    with e as (select row_number() over (order by id) - 1 as n, * from enrollments),
    total as (select count(*) as n from enrollments)
    insert into activity (created_at, admin_id, admin_name, admin_email, action, kind, record_id, record_name,
      summary, before, after)
    select now() - (g * interval '1 year' / ${ENTRIES}), ('00000000-0000-4000-8000-00000000000' || (g % 5))::uuid,
      'Admin ' || (g % 5),
      'admin' || (g % 5) || '@office.dev', a.action, 'enrollment', e.id,
      e.user_name || ' (' || e.user_email || ') · ' || e.course_title,
      initcap(a.action) || 'd enrollment: ' || e.user_name || ' (' || e.user_email || ') · ' || e.course_title,
      jsonb_build_object('is_verified', g % 2 = 0), jsonb_build_object('is_verified', g % 2 = 1)
    from generate_series(1, ${ENTRIES}) g
    cross join total
    cross join lateral (select (array['approve', 'approve', 'update', 'disapprove', 'delete', 'create'])[1 + g % 6]
      as action) a
    join e on e.n = g % total.n`);
  const seedMs = performance.now() - started;
  await database.close();
  return seedMs;
}

/** Time of one GET with the admin's token, to the last byte. */
async function timed(url: string, token: string) {
  const t0 = performance.now();
  // Uncompressed: fetch would spend the time decompressing instead (the list is cached per encoding alike).
  const res = await fetch(`${BASE}${url}`, {
    headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'identity' },
  });
  const body = await res.arrayBuffer();
  return { ms: performance.now() - t0, bytes: body.byteLength };
}

async function main() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'coursedesk-activity-bench-'));
  const seedMs = await seed(dir);
  const server = await startBenchServer(PORT, dir);
  const browser = await chromium.launch(CHROMIUM);
  try {
    const token = (await loginOverHttp(BASE)).authToken;
    const cold = await timed('/api/activity', token);
    const warm: number[] = [];
    for (let i = 0; i < RUNS; i++) warm.push((await timed('/api/activity', token)).ms);

    const context = await browser.newContext({ viewport: { width: 1366, height: 768 } });
    const page = await context.newPage();
    const firstSync = await loginToRows(page, BASE, BENCH_ADMIN, '/activity', 600_000);
    const count = await page
      .getByText(/ entries$/)
      .first()
      .textContent();
    // Let the device copy's last chunks reach IndexedDB before reloading from it.
    await page.waitForTimeout(3000);

    let pulls = 0;
    page.on('request', (r) => void (r.url().includes('/api/sync?') && pulls++));
    const reloads: number[] = [];
    for (let i = 0; i < RUNS; i++) reloads.push(await reloadToRows(page));
    // The same device copy under the users screen: what the lists' load costs without the Activity screen.
    await page.goto(`${BASE}/users`);
    await page.locator(ROW).first().waitFor();
    const usersReloads: number[] = [];
    for (let i = 0; i < RUNS; i++) usersReloads.push(await reloadToRows(page));
    await page.goto(`${BASE}/activity`);
    await page.locator(ROW).first().waitFor();
    const cdp = await context.newCDPSession(page);
    await cdp.send('HeapProfiler.collectGarbage');
    const heapMb = ((await cdp.send('Runtime.getHeapUsage')) as { usedSize: number }).usedSize / 1048576;

    const keystrokes: number[] = [];
    for (const q of ['a', 'an', 'ann', 'e', 'el', 'm', 'ma', 'mar', 'admin3@', '']) {
      const t = await typeToChange(page, 'input[type="search"]', 'main', q);
      if (!Number.isNaN(t)) keystrokes.push(t);
      await page.waitForTimeout(300);
    }

    // The action filter: a click on an option to the filtered table.
    const actionClicks: number[] = [];
    for (const option of ['Deleted', 'Approved', 'Created']) {
      await page
        .locator('input')
        .and(page.getByLabel('Action', { exact: true }))
        .click();
      const clicked = page.evaluate(
        () =>
          new Promise<number>((resolve) => {
            const table = document.querySelector('tbody')!.parentElement!.parentElement!;
            const start = performance.now();
            const mo = new MutationObserver(() => {
              mo.disconnect();
              requestAnimationFrame(() => resolve(performance.now() - start));
            });
            mo.observe(table, { childList: true, subtree: true, characterData: true });
          }),
      );
      await page.getByRole('option', { name: option, exact: true }).click();
      actionClicks.push(await clicked);
      await page.waitForTimeout(300);
    }
    const monthAgo = new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10);
    const dateRange = await typeToChange(page, 'input[type="date"]', 'main', monthAgo);
    const filtered = await page
      .getByText(/ of .* entries$/)
      .first()
      .textContent();
    await context.close();

    console.log(`\nActivity screen, ${ENTRIES.toLocaleString('en-US')} entries (PGlite, ${RUNS} runs):\n`);
    console.log('| measure | value |');
    console.log('|---|---|');
    console.log(`| seeding the entries (one insert) | ${ms(seedMs)} |`);
    console.log(
      `| GET /api/activity, first page, cold, uncompressed | ${ms(cold.ms)}, ${(cold.bytes / 1024).toFixed(1)} KB |`,
    );
    console.log(`| GET /api/activity, first page, warm p50 | ${ms(median(warm))} |`);
    console.log(`| login click to the first row (first sync of every list, ${count}) | ${ms(firstSync)} |`);
    console.log(`| reload to the first row, from the device copy (median) | ${ms(median(reloads))} |`);
    console.log(`| pulls during the reloads (a reload of a whole copy pulls once) | ${pulls} |`);
    console.log(`| the same reload to the users table, for comparison (median) | ${ms(median(usersReloads))} |`);
    console.log(`| JS heap after the reloads | ${heapMb.toFixed(1)} MB |`);
    console.log(
      `| keystroke in the search to the filtered table | ${ms(median(keystrokes))} median, ${ms(Math.max(...keystrokes))} max (${keystrokes.length} keys) |`,
    );
    console.log(
      `| action filter: option click to the filtered table | ${ms(median(actionClicks))} median, ${ms(Math.max(...actionClicks))} max |`,
    );
    console.log(
      `| date range (From = 30 days ago, with the action filter) to the filtered table | ${ms(dateRange)} (${filtered}) |`,
    );
  } finally {
    await browser.close();
    await stopServer(server);
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
