/**
 * `npm run bench:login`: the login page's load in Debian's Chromium against the real server (the demo data, the PWA
 * built into dist), a fresh context each run (no cache, no service worker):
 *  - the longest main-thread task from navigation to the Login button shown (a 'longtask' PerformanceObserver armed
 *    before any of the page's scripts), and the longest task from the Login click to the users table;
 *  - in separate runs, under the CPU profiler: the time spent in the chunks holding zod (a stack with a frame of
 *    theirs: zod itself and the schemas it builds), and each chunk's module evaluation (its top level, with what it
 *    calls), largest first.
 * Numbers are printed, never asserted. Run it under the bench and Chromium flocks. Knobs (env): BENCH_RUNS (default
 * 5), BENCH_LOGIN_PORT (default 4188), BENCH_PROFILE (a folder: the profiles are written there).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type Page } from '@playwright/test';
import { CHROMIUM } from '../utils/chromium';
import { ROW, startServer, stopServer } from './browser-bench';
import { median, ms } from './numbers';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const PORT = Number(process.env.BENCH_LOGIN_PORT ?? 4188);
const BASE = `http://127.0.0.1:${PORT}`;
const DEMO = { email: 'admin@coursedesk.dev', password: 'coursedesk-demo' };
const PROFILE_DIR = process.env.BENCH_PROFILE;

/** Every long task of the page from its first script on, kept in `window.longTasks`. */
const armLongTasksAtStart = () => {
  const w = window as unknown as { longTasks: { start: number; duration: number }[] };
  w.longTasks = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) w.longTasks.push({ start: e.startTime, duration: e.duration });
  }).observe({ type: 'longtask', buffered: true });
};
const longestSince = (page: Page, since: number) =>
  page.evaluate(
    (t) =>
      Math.max(
        0,
        ...(window as unknown as { longTasks: { start: number; duration: number }[] }).longTasks
          .filter((e) => e.start >= t)
          .map((e) => e.duration),
      ),
    since,
  );

const openLogin = async (page: Page) => {
  await page.goto(`${BASE}/login?redirect=${encodeURIComponent('/users')}`);
  await page.getByRole('button', { name: 'Login' }).waitFor();
  await page.waitForTimeout(500); // the tasks after the first paint of the form
};

/** The longest task of the login page's load, then of the Login click to the users table. */
async function longTasksRun(browser: Browser) {
  const context = await browser.newContext({ viewport: { width: 1366, height: 768 } });
  await context.addInitScript(armLongTasksAtStart);
  const page = await context.newPage();
  await openLogin(page);
  const load = await longestSince(page, 0);
  await page.getByPlaceholder('Enter your email').fill(DEMO.email);
  await page.getByPlaceholder('Enter your password').fill(DEMO.password);
  const clickedAt = await page.evaluate(() => performance.now());
  await page.getByRole('button', { name: 'Login' }).click();
  await page.locator(ROW).first().waitFor({ timeout: 30_000 });
  await page.waitForTimeout(1000);
  const afterLogin = await longestSince(page, clickedAt);
  await context.close();
  return { load, afterLogin };
}

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const chunkName = (url: string) => url.replace(/^.*\/assets\//, '');

/** Time in the zod chunks (a sample whose stack has a frame of theirs) and each chunk's module evaluation. */
function readProfile(profile: Profile, zodChunks: Set<string>) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  let inZod = 0;
  const evaluation = new Map<string, number>();
  profile.samples.forEach((id, i) => {
    const dt = (profile.timeDeltas[i + 1] ?? 0) / 1000; // a sample lasts until the next one
    let zod = false;
    let module: string | null = null;
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const { callFrame: f } = byId.get(at)!;
      if (zodChunks.has(f.url)) zod = true;
      // A module's top level: the unnamed function at its very start.
      if (f.url && f.functionName === '' && f.lineNumber === 0 && f.columnNumber === 0) module = chunkName(f.url);
    }
    if (zod) inZod += dt;
    if (module) evaluation.set(module, (evaluation.get(module) ?? 0) + dt);
  });
  return { inZod, evaluation };
}

/** Under the CPU profiler: the login page's load, then the Login click to the users table. */
async function profileRun(browser: Browser, run: number) {
  const context = await browser.newContext({ viewport: { width: 1366, height: 768 } });
  const page = await context.newPage();
  const zodChunks = new Set<string>();
  const bodies: Promise<void>[] = [];
  page.on('response', (res) => {
    if (res.request().resourceType() !== 'script') return;
    bodies.push(
      res.text().then(
        (text) => void (text.includes('ZodObject') && zodChunks.add(res.url())),
        () => undefined,
      ),
    );
  });
  const cdp = await context.newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
  const profiled = async (phase: string, act: () => Promise<void>) => {
    await cdp.send('Profiler.start');
    await act();
    const { profile } = (await cdp.send('Profiler.stop')) as { profile: Profile };
    await Promise.all(bodies);
    if (PROFILE_DIR) {
      fs.mkdirSync(PROFILE_DIR, { recursive: true });
      fs.writeFileSync(path.join(PROFILE_DIR, `${phase}-${run}.cpuprofile`), JSON.stringify(profile));
    }
    return readProfile(profile, zodChunks);
  };
  const load = await profiled('login', () => openLogin(page));
  await page.getByPlaceholder('Enter your email').fill(DEMO.email);
  await page.getByPlaceholder('Enter your password').fill(DEMO.password);
  const afterLogin = await profiled('after-login', async () => {
    await page.getByRole('button', { name: 'Login' }).click();
    await page.locator(ROW).first().waitFor({ timeout: 30_000 });
    await page.waitForTimeout(1000);
  });
  await context.close();
  return { load, afterLogin, zodChunks: [...zodChunks].map(chunkName) };
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'coursedesk-login-bench-'));
const server = await startServer(PORT, dir, { SEED_DEMO: '1' });
const browser = await chromium.launch(CHROMIUM);
try {
  const loads: number[] = [];
  const afterLogins: number[] = [];
  const phases = {
    load: { name: 'login page load', zod: [] as number[], chunks: new Map<string, number[]>() },
    afterLogin: { name: 'Login click to the users table', zod: [] as number[], chunks: new Map<string, number[]>() },
  };
  let zodChunks: string[] = [];
  await longTasksRun(browser); // warms the server and the OS's file cache; not counted
  for (let i = 0; i < RUNS; i++) {
    const tasks = await longTasksRun(browser);
    loads.push(tasks.load);
    afterLogins.push(tasks.afterLogin);
    const profiled = await profileRun(browser, i);
    zodChunks = profiled.zodChunks;
    for (const key of ['load', 'afterLogin'] as const) {
      const { zod, chunks } = phases[key];
      zod.push(profiled[key].inZod);
      for (const [chunk, t] of profiled[key].evaluation) chunks.set(chunk, [...(chunks.get(chunk) ?? []), t]);
    }
  }
  const line = (xs: number[]) => `${ms(median(xs))} | ${ms(Math.max(...xs))} | ${xs.map(ms).join(', ')}`;
  console.log(`\n## The login page's load in Chromium (${os.cpus().length} cores, ${RUNS} runs)\n`);
  console.log('| measure | median | worst | runs |');
  console.log('|---|---:|---:|---|');
  console.log(`| longest task, navigation to the login form | ${line(loads)} |`);
  console.log(`| longest task, Login click to the users table | ${line(afterLogins)} |`);
  for (const { name, zod, chunks } of Object.values(phases)) {
    console.log(`| ${name}, profiled: time in the zod chunks (${zodChunks.join(', ') || 'none'}) | ${line(zod)} |`);
    // A chunk evaluated in some runs only counts 0 in the others.
    const padded = [...chunks].map(([c, xs]): [string, number[]] => [
      c,
      [...xs, ...Array<number>(RUNS - xs.length).fill(0)],
    ]);
    for (const [chunk, xs] of padded.sort((a, b) => median(b[1]) - median(a[1])).slice(0, 6))
      console.log(`| ${name}, profiled: evaluation of ${chunk} | ${line(xs)} |`);
  }
} finally {
  await browser.close();
  await stopServer(server);
  fs.rmSync(dir, { recursive: true, force: true });
}
