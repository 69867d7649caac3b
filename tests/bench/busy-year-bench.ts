/**
 * `npm run bench:busyyear`: what a busy year of activity costs a device (issue "Years of history", docs/activity.md),
 * as pairs measured side by side. Two servers run at once on copies of the same scale data (BENCH_SCALE_*), one
 * with BENCH_SCALE_ACTIVITY entries over the last year (1,000,000 unless set) and one to compare it with
 * (BENCH_BASELINE):
 *  - `window` (the default): only the entries a device holds, the newest 10,000 (the activity window's
 *    default), the same as the busy side's newest, over the same days: both devices hold the same rows, and what
 *    differs is the year of history behind them on the server;
 *  - `none`: no activity at all (a device with the log holds 10,000 entries more).
 * Each round
 * times a new device on each, in turns (the first of a round alternates), so that the machine's drift over a
 * sitting falls on both alike:
 *  - login click to the first users row (a device whose login goes to /users);
 *  - login click to a batch table, and to the whole copy stored; the JS heap after it;
 *  - reload to the batch table, online and offline (median of three each);
 *  - the Activity screen: keystroke to the filtered table (median of seven), and to the server's older entries.
 * Both servers are warmed first by one untimed first sync each: what is compared is a running server's, not a
 * newly started one's first requests (bench:app times those). Before each device, a write through the API moves
 * the server's clock, so its pages are built for it, not served from the page cache the previous device filled.
 * BENCH_ROUNDS (3) rounds; numbers are printed, never asserted. One Chromium (2-core machine).
 */
import fs from 'node:fs';
import os from 'node:os';
import { chromium, type Browser } from '@playwright/test';
import { sql } from 'drizzle-orm';
import { openDatabase, rows } from '@/server/db/client';
import { HISTORY_DAYS } from '@/server/db/seed/activity-history';
import { ACTIVITY_WINDOW_DEFAULT } from '@/server/sync/activity-window';
import { CHROMIUM } from '../utils/chromium';
import { BENCH_ADMIN, loginOverHttp } from './bench-targets';
import { activityFilters, loginToRows, reloadToRows, startBenchServer, stopServer } from './browser-bench';
import { median, ms } from './numbers';
import { FIRST_SYNC_MS, heapMb, RELOAD_MS, SCALE, seededScaleDir, untilCopyComplete, type Scale } from './scale-data';

const PORT = Number(process.env.BENCH_APP_PORT ?? 4185);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const ENTRIES = Number(process.env.BENCH_SCALE_ACTIVITY || 1_000_000);
const BASELINE = process.env.BENCH_BASELINE ?? 'window';
if (BASELINE !== 'window' && BASELINE !== 'none') throw new Error('BENCH_BASELINE is window or none');
/** The baseline's data: the busy year's newest entries only (its entry g is the busy side's entry g), or none. */
const WINDOW = Math.min(ACTIVITY_WINDOW_DEFAULT.entries, ENTRIES);
const BASELINE_SCALE: Scale =
  BASELINE === 'window'
    ? { ...SCALE, activity: WINDOW, activityDays: (HISTORY_DAYS * WINDOW) / ENTRIES }
    : { ...SCALE, activity: 0 };
const BASELINE_NAME = BASELINE === 'window' ? `the newest ${WINDOW.toLocaleString('en-US')} only` : 'without the log';
const VIEWPORT = { width: 1366, height: 768 };

/** One side of the pair: its server, a batch to open and an enrollment whose approval each write toggles. */
interface Side {
  name: string;
  base: string;
  server: Awaited<ReturnType<typeof startBenchServer>>;
  dir: string;
  batch: string;
  enrollment: string;
  token: string;
  approved: boolean;
}

async function startSide(name: string, port: number, scale: Scale): Promise<Side> {
  const dir = await seededScaleDir(11, scale);
  const database = await openDatabase({ databaseUrl: null, dataDir: dir });
  const [batch] = await rows<{ id: string }>(
    database.db,
    sql`select batch_id as id from enrollments group by batch_id order by count(*) desc limit 1`,
  );
  const [enrollment] = await rows<{ id: string; verified: boolean }>(
    database.db,
    sql`select id, is_verified as verified from enrollments order by created_at limit 1`,
  );
  await database.close();
  const base = `http://127.0.0.1:${port}`;
  const server = await startBenchServer(port, dir);
  const { authToken } = await loginOverHttp(base);
  return {
    name,
    base,
    server,
    dir,
    batch: batch!.id,
    enrollment: enrollment!.id,
    token: authToken,
    approved: enrollment!.verified,
  };
}

/** A write through the API: the server's clock moves, so the next device's pages are built for it. */
async function write(side: Side) {
  const route = side.approved ? 'dis-approve' : 'approve';
  const res = await fetch(`${side.base}/api/enrollments/${route}/${side.enrollment}`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${side.token}` },
  });
  if (!res.ok) throw new Error(`${side.name}: ${route} answered ${res.status}`);
  side.approved = !side.approved;
}

/** A new device whose login goes to /users: to its first row. */
async function usersRow(browser: Browser, side: Side) {
  await write(side);
  const context = await browser.newContext({ viewport: VIEWPORT });
  try {
    return await loginToRows(await context.newPage(), side.base, BENCH_ADMIN, '/users', FIRST_SYNC_MS);
  } finally {
    await context.close();
  }
}

/** A new device whose login goes to the batch: its first sync, heap, reloads and the Activity screen. */
async function device(browser: Browser, side: Side) {
  await write(side);
  const context = await browser.newContext({ viewport: VIEWPORT });
  try {
    const page = await context.newPage();
    const batchTable = await loginToRows(
      page,
      side.base,
      BENCH_ADMIN,
      `/enrollments/batch/${side.batch}`,
      FIRST_SYNC_MS,
    );
    const t0 = Date.now() - batchTable;
    await untilCopyComplete(page);
    const wholeCopy = Date.now() - t0;
    const heap = await heapMb(context, page);
    const threeReloads = async () => {
      const times: number[] = [];
      for (let i = 0; i < 3; i++) times.push(await reloadToRows(page, RELOAD_MS));
      return median(times);
    };
    const online = await threeReloads();
    await context.setOffline(true);
    const offline = await threeReloads();
    await context.setOffline(false);
    const activity = await activityFilters(page, side.base);
    return {
      batchTable,
      wholeCopy,
      heap,
      online,
      offline,
      activityDevice: median(activity.device),
      activityServer: median(activity.server),
    };
  } finally {
    await context.close();
  }
}

type Figures = Awaited<ReturnType<typeof device>> & { usersRow: number };

const browser = await chromium.launch(CHROMIUM);
const sides: Side[] = [];
try {
  sides.push(await startSide(BASELINE_NAME, PORT, BASELINE_SCALE));
  sides.push(await startSide('with a busy year', PORT + 1, { ...SCALE, activity: ENTRIES }));
  for (const side of sides) await device(browser, side); // warm-up, untimed
  const runs: Figures[][] = [[], []];
  for (let round = 0; round < ROUNDS; round++) {
    const order = round % 2 === 0 ? [0, 1] : [1, 0];
    for (const i of order) {
      const row = await usersRow(browser, sides[i]!);
      runs[i]!.push({ usersRow: row, ...(await device(browser, sides[i]!)) });
    }
  }

  const figures: [string, keyof Figures, (n: number) => string][] = [
    ['first sync, login click to the first users row', 'usersRow', ms],
    ['first sync, login click to a batch table', 'batchTable', ms],
    ['first sync, login click to the whole copy stored', 'wholeCopy', ms],
    ['JS heap after the first sync', 'heap', (n) => `${n.toFixed(1)} MB`],
    ['reload to a batch table, online (median of 3)', 'online', ms],
    ['reload to a batch table, offline (median of 3)', 'offline', ms],
    ['Activity: keystroke to the filtered table (median of 7)', 'activityDevice', ms],
    ["Activity: keystroke to the server's older entries, 300 ms pause included", 'activityServer', ms],
  ];
  const cell = (values: number[], show: (n: number) => string) =>
    `${show(median(values))} (${show(Math.max(...values))})`;
  const pct = (r: number) => {
    const p = Math.round((r - 1) * 100);
    return `${p >= 0 ? '+' : '−'}${Math.abs(p)} %`;
  };
  console.log(
    `\n## A busy year of activity, side by side (${os.cpus().length} cores; ${SCALE.users / 1000}k users, ` +
      `${SCALE.enrollments / 1000}k enrollments, ${SCALE.services / 1000}k purchases; ` +
      `${ENTRIES.toLocaleString('en-US')} entries; ${ROUNDS} rounds: median (worst))\n`,
  );
  console.log(`| figure | ${BASELINE_NAME} | with a busy year | medians | each round |`);
  console.log('|---|---:|---:|---:|---|');
  for (const [label, key, show] of figures) {
    const [baseline, withLog] = runs.map((r) => r.map((f) => f[key]));
    const ratios = baseline!.map((b, i) => withLog![i]! / b);
    console.log(
      `| ${label} | ${cell(baseline!, show)} | ${cell(withLog!, show)} | ${pct(median(withLog!) / median(baseline!))} | ${ratios.map(pct).join(', ')} |`,
    );
  }
} finally {
  for (const side of sides) {
    await stopServer(side.server);
    fs.rmSync(side.dir, { recursive: true, force: true });
  }
  await browser.close();
}
