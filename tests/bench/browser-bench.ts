import { spawn, type ChildProcess } from 'node:child_process';
import os from 'node:os';
import { BENCH_ADMIN } from './bench-targets';
import type { Page } from '@playwright/test';

/** A row of the one data table: the rows of a screen's list have an aria-rowindex. */
export const ROW = 'tbody tr[aria-rowindex]';

/** The server over `dataDir` as `npm start` runs it, on `port`, once /api/health answers. */
export async function startServer(port: number, dataDir: string, env: Record<string, string>): Promise<ChildProcess> {
  // node itself, not npx, so that stopping the child stops the server.
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/start.ts'], {
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG: '0', DATABASE_URL: '', ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  // BENCH_SERVER_NICE: the server behind the browser for a core, as a server on another machine would not compete.
  const nice = process.env.BENCH_SERVER_NICE;
  if (nice) os.setPriority(child.pid!, Number(nice));
  for (let i = 0; i < 1200; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return child;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  child.kill('SIGTERM');
  throw new Error('server did not start');
}

/** A server over a seeded folder: no demo data, the bench admin. */
export const startBenchServer = (port: number, dataDir: string) =>
  startServer(port, dataDir, { SEED_DEMO: '0', ADMIN_EMAIL: BENCH_ADMIN.email, ADMIN_PASSWORD: BENCH_ADMIN.password });

export async function stopServer(child: ChildProcess) {
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

/** The login screen of `base`, redirecting to `target`: from the Login click to the first row of its table. */
export async function loginToRows(
  page: Page,
  base: string,
  who: { email: string; password: string },
  target: string,
  timeout = 30_000,
  /** Run just before the click (e.g. `armLongTasks`, to count the tasks of the first sync only). */
  beforeClick?: () => Promise<unknown>,
) {
  await page.goto(`${base}/login?redirect=${encodeURIComponent(target)}`);
  await page.getByPlaceholder('Enter your email').fill(who.email);
  await page.getByPlaceholder('Enter your password').fill(who.password);
  await beforeClick?.();
  const t0 = Date.now();
  await page.getByRole('button', { name: 'Login' }).click();
  await page.locator(ROW).first().waitFor({ timeout });
  return Date.now() - t0;
}

/** From a reload to the first row of the screen's table. */
export async function reloadToRows(page: Page, timeout = 30_000) {
  const t0 = Date.now();
  await page.reload();
  await page.locator(ROW).first().waitFor({ timeout });
  return Date.now() - t0;
}

/** Starts (or restarts) counting the page's longest task; `longestTask` reads it. */
export const armLongTasks = (page: Page) =>
  page.evaluate(() => {
    const w = window as unknown as { longest: number; observing?: boolean };
    w.longest = 0;
    if (w.observing) return;
    w.observing = true;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) w.longest = Math.max(w.longest, e.duration);
    }).observe({ type: 'longtask' });
  });

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: {
    name?: string;
    data?: {
      processId?: number;
      isOutermostMainFrame?: boolean;
      frames?: { processId?: number; isOutermostMainFrame?: boolean }[];
    };
  };
}

export interface TaskTimes {
  /** The longest task by the clock, and the CPU time its thread spent in it. */
  wall: number;
  cpuOfLongest: number;
  /** The most CPU time of any one task, and the longest events inside that task (what it did). */
  cpu: number;
  inside: string;
}

/**
 * The page's main-thread tasks from here to the returned stop, read from a Chromium trace: the longest by the
 * clock with the CPU time its thread spent in it, and the most CPU time any task took. The trace holds every task
 * of the thread, the collector's own among them, which the Long Tasks API does not report. On a 2-core machine
 * shared with the server and the page's worker, a task's clock time includes the time its thread waited for a core.
 */
export async function traceTasks(page: Page): Promise<() => Promise<TaskTimes>> {
  const browser = page.context().browser()!;
  await browser.startTracing(page, { categories: ['disabled-by-default-devtools.timeline'] });
  return async () => {
    const { traceEvents } = JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] };
    // The page's renderer: the trace also holds the browser's own (its WebUI) and the service worker's.
    const frames = traceEvents.flatMap((e) =>
      e.name === 'TracingStartedInBrowser'
        ? (e.args?.data?.frames ?? [])
        : e.name === 'FrameCommittedInBrowser'
          ? [e.args?.data ?? {}]
          : [],
    );
    const pages = new Set(frames.filter((f) => f.isOutermostMainFrame).map((f) => f.processId));
    const main = new Set(
      traceEvents
        .filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain' && pages.has(e.pid))
        .map((e) => e.tid),
    );
    const tasks = traceEvents.filter(
      (e) => e.name === 'RunTask' && e.ph === 'X' && pages.has(e.pid) && main.has(e.tid),
    );
    const most = (key: 'dur' | 'tdur') => tasks.reduce((a, b) => ((b[key] ?? 0) > (a?.[key] ?? 0) ? b : a), tasks[0]);
    const longest = most('dur');
    const busiest = most('tdur');
    const end = (e: TraceEvent) => e.ts + (e.dur ?? 0);
    const inside = busiest
      ? traceEvents
          .filter(
            (e) =>
              e.ph === 'X' &&
              e.name !== 'RunTask' &&
              e.tid === busiest.tid &&
              e.pid === busiest.pid &&
              e.ts >= busiest.ts &&
              end(e) <= end(busiest),
          )
          .sort((a, b) => (b.dur ?? 0) - (a.dur ?? 0))
          .slice(0, 3)
          .map((e) => `${e.name} ${Math.round((e.dur ?? 0) / 1000)} ms`)
          .join(', ')
      : '';
    return {
      wall: (longest?.dur ?? 0) / 1000,
      cpuOfLongest: (longest?.tdur ?? 0) / 1000,
      cpu: (busiest?.tdur ?? 0) / 1000,
      inside,
    };
  };
}

/** The longest task since `armLongTasks`. */
export const longestTask = (page: Page) => page.evaluate(() => (window as unknown as { longest: number }).longest);

/**
 * Sets the value of the input `input` (a selector; the first match) as typing does, and times it to the frame
 * after anything inside `watch` changed: its rows, a count, a scroll height. NaN when nothing changed in 5 s.
 */
export const typeToChange = (page: Page, input: string, watch: string, value: string) =>
  page.evaluate(
    async ([inputSelector, watchSelector, text]) => {
      const field = document.querySelector<HTMLInputElement>(inputSelector)!;
      const changed = new Promise<number>((resolve) => {
        const mo = new MutationObserver(() => {
          mo.disconnect();
          requestAnimationFrame(() => resolve(performance.now()));
        });
        mo.observe(document.querySelector(watchSelector)!, { childList: true, subtree: true, characterData: true });
        setTimeout(() => resolve(Number.NaN), 5000);
      });
      const t0 = performance.now();
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(field, text);
      field.dispatchEvent(new Event('input', { bubbles: true }));
      field.dispatchEvent(new Event('change', { bubbles: true }));
      return (await changed) - t0;
    },
    [input, watch, value] as const,
  );

/**
 * Clicks the button `from` in the row `row` (a selector) and times it from the click to the frame after that row
 * shows a button `to` (the server's reply applied): what the admin waits for, without the test driver's own checks
 * before a click (scrolling, two frames of stability, a hit test). NaN when the row did not change in 10 s.
 */
export const clickToChange = (page: Page, row: string, from: string, to: string) =>
  page.evaluate(
    async ([rowSelector, fromText, toText]) => {
      // No helper functions in here: the bundler would wrap them in a __name() this page does not have.
      const changed = new Promise<number>((resolve) => {
        const mo = new MutationObserver(() => {
          const buttons = document.querySelector(rowSelector)?.querySelectorAll('button') ?? [];
          if (![...buttons].some((b) => b.textContent?.trim() === toText)) return;
          mo.disconnect();
          requestAnimationFrame(() => resolve(performance.now()));
        });
        mo.observe(document.body, { childList: true, subtree: true, characterData: true });
        setTimeout(() => resolve(Number.NaN), 10_000);
      });
      const buttons = document.querySelector(rowSelector)!.querySelectorAll('button');
      const button = [...buttons].find((b) => b.textContent?.trim() === fromText)!;
      const t0 = performance.now();
      button.click();
      return (await changed) - t0;
    },
    [row, from, to] as const,
  );

/**
 * The Activity screen: each keystroke in its search box to the filtered table (the device's entries), and to the
 * server's older entries that match (the count settles).
 */
export async function activityFilters(page: Page, base: string) {
  await page.goto(`${base}/activity`);
  await page.locator('main h1, main h2').first().waitFor();
  const device: number[] = [];
  const server: number[] = [];
  for (const query of ['a', 'an', 'ann', 'e', 'el', 'm', 'ma']) {
    const t0 = Date.now();
    // Awaited from before the keystroke: a reply that comes while the device's filter still runs counts too.
    const older = page.waitForResponse((r) => r.url().includes('/api/activity?'), { timeout: 30_000 });
    const t = await typeToChange(page, 'input[type="search"]', 'main', query);
    if (!Number.isNaN(t)) device.push(t);
    if (await older.catch(() => null)) server.push(Date.now() - t0);
    await page.waitForTimeout(600);
  }
  return { device, server };
}
