/**
 * `npm run bench:app`: the PWA in Debian's Chromium against the real server.
 *  1. initial JavaScript (gzip) of the login route and of the users screen;
 *  2. with the demo data: login click to the users table (cold), reload to the table from the cache
 *     (warm), and the same offline;
 *  3. with 50,000 users: keystroke in the search box to the filtered table, and the JS heap after the loader.
 * Numbers are printed, never asserted. One Chromium, one server at a time (2-core machine).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { chromium, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { openDatabase } from '@/server/db/client';
import { seedBulk } from '@/server/db/seed/bulk';
import { BENCH_ADMIN } from './bench-targets';

// Not 4190: fetch refuses it (a "bad port" of the Fetch standard).
const PORT = Number(process.env.BENCH_APP_PORT ?? 4185);
const BASE = `http://127.0.0.1:${PORT}`;
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const BIG_USERS = Number(process.env.BENCH_USERS ?? 50_000);
const DEMO = { email: 'admin@coursedesk.dev', password: 'coursedesk-demo' };
const ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];
const ROW = 'tbody tr[aria-rowindex]';

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
const ms = (n: number) => `${Math.round(n)} ms`;

async function startServer(dataDir: string, env: Record<string, string> = {}): Promise<ChildProcess> {
  // node itself, not npx, so that stopping the child stops the server.
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/start.ts'], {
    env: { ...process.env, PORT: String(PORT), DATA_DIR: dataDir, LOG: '0', DATABASE_URL: '', ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  for (let i = 0; i < 1200; i++) {
    try {
      if ((await fetch(`${BASE}/api/health`)).ok) return child;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  child.kill('SIGTERM');
  throw new Error('server did not start');
}

async function stopServer(child: ChildProcess) {
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

/** Sums the gzip size of every script the page loads until the network is idle. */
async function initialJs(context: BrowserContext, url: string, ready: (page: Page) => Promise<void>) {
  const page = await context.newPage();
  const bodies: Promise<Buffer>[] = [];
  page.on('response', (res) => {
    if (res.request().resourceType() === 'script') bodies.push(res.body());
  });
  await page.goto(url);
  await ready(page);
  await page.waitForLoadState('networkidle');
  const files = await Promise.all(bodies);
  await page.close();
  return {
    files: files.length,
    raw: files.reduce((n, b) => n + b.length, 0),
    gzip: files.reduce((n, b) => n + zlib.gzipSync(b, { level: 9 }).length, 0),
  };
}

async function login(page: Page, who: { email: string; password: string }, target: string) {
  await page.goto(`${BASE}/login?redirect=${encodeURIComponent(target)}`);
  await page.getByPlaceholder('Enter your email').fill(who.email);
  await page.getByPlaceholder('Enter your password').fill(who.password);
  const t0 = Date.now();
  await page.getByRole('button', { name: 'Login' }).click();
  await page.locator(ROW).first().waitFor();
  return Date.now() - t0;
}

async function reloadToTable(page: Page) {
  const t0 = Date.now();
  await page.reload();
  await page.locator(ROW).first().waitFor();
  return Date.now() - t0;
}

async function waitForWorkerAndCache(page: Page) {
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  if (!(await page.evaluate(() => Boolean(navigator.serviceWorker.controller)))) await reloadToTable(page);
  await page.waitForTimeout(2000); // the persister's throttled write to IndexedDB
}

async function demoPhase(browser: Browser) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'coursedesk-app-bench-'));
  const server = await startServer(dir, { SEED_DEMO: '1' });
  try {
    const loginJs = await initialJs(await browser.newContext(), `${BASE}/login`, (p) =>
      p.getByRole('button', { name: 'Login' }).waitFor(),
    );

    const token = (
      (await (
        await fetch(`${BASE}/api/users/login-admin`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(DEMO),
        })
      ).json()) as { data: { authToken: string; userData: unknown } }
    ).data;
    const usersContext = await browser.newContext();
    await usersContext.addInitScript((d) => {
      localStorage.setItem('authToken', d.authToken);
      localStorage.setItem('userData', JSON.stringify(d.userData));
    }, token);
    const usersJs = await initialJs(usersContext, `${BASE}/users`, (p) => p.locator(ROW).first().waitFor());

    const cold: number[] = [];
    const warm: number[] = [];
    const offline: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const context = await browser.newContext({ viewport: { width: 1366, height: 768 } });
      const page = await context.newPage();
      cold.push(await login(page, DEMO, '/users'));
      if (i === 0) {
        await waitForWorkerAndCache(page);
        for (let j = 0; j < RUNS; j++) warm.push(await reloadToTable(page));
        await context.setOffline(true);
        for (let j = 0; j < RUNS; j++) offline.push(await reloadToTable(page));
      }
      await context.close();
    }
    return { loginJs, usersJs, cold, warm, offline };
  } finally {
    await stopServer(server);
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

async function bigPhase(browser: Browser) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'coursedesk-app-bench-big-'));
  const database = await openDatabase({ databaseUrl: null, dataDir: dir });
  await seedBulk(database.db, { users: BIG_USERS, enrollments: 2_000, services: 200, seed: 7 });
  await database.close();
  const server = await startServer(dir, {
    SEED_DEMO: '0',
    ADMIN_EMAIL: BENCH_ADMIN.email,
    ADMIN_PASSWORD: BENCH_ADMIN.password,
  });
  try {
    const context = await browser.newContext({ viewport: { width: 1366, height: 768 } });
    const page = await context.newPage();
    const loginToTable = await login(page, BENCH_ADMIN, '/users');
    const cdp = await context.newCDPSession(page);
    await cdp.send('HeapProfiler.collectGarbage');
    const heap = (await cdp.send('Runtime.getHeapUsage')) as { usedSize: number };

    // Each keystroke: from the input event to the frame after the table's rows changed.
    const keystrokes: number[] = [];
    for (const query of ['a', 'an', 'ann', 'anna', 'e', 'el', 'ela', 'm', 'ma', 'mar']) {
      const t = await page.evaluate(async (q) => {
        const input = document.querySelector<HTMLInputElement>('input[placeholder="Search by Name or Email"]')!;
        const table = document.querySelector('tbody')!.parentElement!.parentElement!;
        const t0 = performance.now();
        const changed = new Promise<number>((resolve) => {
          const mo = new MutationObserver(() => {
            mo.disconnect();
            requestAnimationFrame(() => resolve(performance.now()));
          });
          mo.observe(table, { childList: true, subtree: true, characterData: true });
          setTimeout(() => resolve(Number.NaN), 3000);
        });
        Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, q);
        input.dispatchEvent(new Event('input', { bubbles: true }));
        return (await changed) - t0;
      }, query);
      if (!Number.isNaN(t)) keystrokes.push(t);
      // Past the search box's 300 ms URL sync, so each sample is one keystroke's work alone.
      await page.waitForTimeout(600);
    }
    await context.close();
    return { loginToTable, heapMb: heap.usedSize / 1048576, keystrokes };
  } finally {
    await stopServer(server);
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ARGS });
try {
  // BENCH_PHASES=big runs only the 50,000-user phase (quicker while tuning it).
  const phases = (process.env.BENCH_PHASES ?? 'demo,big').split(',');
  const demo = phases.includes('demo') ? await demoPhase(browser) : null;
  const big = phases.includes('big') ? await bigPhase(browser) : null;
  console.log(`\n## PWA in Chromium (${os.cpus().length} cores, ${RUNS} runs, median)\n`);
  console.log('| measure | value | target |');
  console.log('|---|---|---|');
  if (demo) {
    console.log(
      `| initial JS, /login (gzip) | ${kb(demo.loginJs.gzip)} in ${demo.loginJs.files} files (${kb(demo.loginJs.raw)} raw) | < 250 KB |`,
    );
    console.log(
      `| initial JS, /users (gzip) | ${kb(demo.usersJs.gzip)} in ${demo.usersJs.files} files (${kb(demo.usersJs.raw)} raw) | < 250 KB |`,
    );
    console.log(`| demo data: login click to users table, cold | ${ms(median(demo.cold))} | |`);
    console.log(
      `| demo data: reload to users table, warm (cache + service worker) | ${ms(median(demo.warm))} | < 800 ms |`,
    );
    console.log(`| demo data: reload to users table, offline | ${ms(median(demo.offline))} | < 800 ms |`);
  }
  if (big) {
    console.log(
      `| ${BIG_USERS.toLocaleString('en-US')} users: login click to users table | ${ms(big.loginToTable)} | |`,
    );
    console.log(
      `| ${BIG_USERS.toLocaleString('en-US')} users: keystroke to filtered table | ${ms(median(big.keystrokes))} median, ${ms(Math.max(...big.keystrokes))} max (${big.keystrokes.length} keys) | < 100 ms |`,
    );
    console.log(
      `| ${BIG_USERS.toLocaleString('en-US')} users: JS heap after the loader | ${big.heapMb.toFixed(1)} MB | |`,
    );
  }
} finally {
  await browser.close();
}
