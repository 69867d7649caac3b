import zlib from 'node:zlib';
import type { BrowserContext, Page } from '@playwright/test';

/** The first load of a screen, in gzip KB of JavaScript: its budget, checked by an e2e test and the bench. */
export const INITIAL_JS_BUDGET_KB = 250;

/**
 * Sums the gzip size of every script a fresh page loads until `ready` (its rows or its form are shown; the
 * route's chunks are in by then) and its load event. Not "network idle": the sync stream stays open, so the
 * network never is.
 */
export async function initialJs(context: BrowserContext, url: string, ready: (page: Page) => Promise<void>) {
  const page = await context.newPage();
  const bodies: Promise<Buffer>[] = [];
  page.on('response', (res) => {
    if (res.request().resourceType() === 'script') bodies.push(res.body());
  });
  await page.goto(url);
  await ready(page);
  await page.waitForLoadState('load');
  const files = await Promise.all(bodies);
  await page.close();
  return {
    files: files.length,
    raw: files.reduce((n, b) => n + b.length, 0),
    gzip: files.reduce((n, b) => n + zlib.gzipSync(b, { level: 9 }).length, 0),
  };
}
