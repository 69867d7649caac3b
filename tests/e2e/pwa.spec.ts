import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { SYNC_LISTS } from '@/shared/schemas/sync';
import { deviceCopyLists, login, waitForServiceWorker } from './helpers';

test('offline: a reload renders the cached screens, says it is offline, and disables writes', async ({
  page,
  context,
}) => {
  await login(page, '/');
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await waitForServiceWorker(page);
  // The first sync has stored the five lists on the device.
  await expect.poll(() => deviceCopyLists(page)).toBe(SYNC_LISTS.length);

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await expect(page.getByText('Offline', { exact: true })).toBeVisible();
  await expect(page.getByText(/^Synced /)).toBeVisible();
  // The session stays: the token check got no answer.
  expect(await page.evaluate(() => localStorage.getItem('authToken'))).toBeTruthy();
  // The worker's navigation fallback never answers the API: offline, /api is a network error, not the shell.
  expect(
    await page.evaluate(() =>
      fetch('/api/users').then(
        (r) => `status ${r.status}`,
        () => 'network error',
      ),
    ),
  ).toBe('network error');
  expect(
    await page.goto('/api/health').then(
      () => 'answered by the worker',
      () => 'network error',
    ),
  ).toBe('network error');

  await page.goto('/courses').catch(() => undefined); // a navigation offline is answered by the worker's shell
  await expect(page.getByRole('button', { name: '+ Add Course' })).toBeDisabled();

  // Reload Data offline fails (and says so), but the saved copy stays for the next offline start.
  await page.getByRole('button', { name: 'Reload Data' }).click();
  await expect(page.getByText('No response from the server. Please check your network connection.')).toBeVisible();
  await expect(page.getByText('Reloading data…')).toBeHidden();
  await expect(page.getByRole('button', { name: 'Reload Data' })).toBeEnabled();
  await page.reload();
  await expect(page.getByRole('button', { name: '+ Add Course' })).toBeDisabled();
  await expect(page.getByText('Full-Stack Web Development').first()).toBeVisible();
  await context.setOffline(false);
});

test('API requests go past the service worker: a stopped worker is not started for them', async ({ page, context }) => {
  await page.goto('/login');
  await waitForServiceWorker(page);
  /** How the worker's static routes matched a request the page made (resource timing): '' is its fetch event. */
  const matched = (url: string) =>
    page.evaluate(async (url) => {
      await (await fetch(url)).text();
      const entry = performance.getEntriesByType('resource').findLast((e) => e.name.endsWith(url));
      return (entry as PerformanceResourceTiming & { workerMatchedSourceType: string }).workerMatchedSourceType;
    }, url);
  expect(await matched('/api/health?first')).toBe('network');
  // The shell still comes from the worker's precache.
  expect(await matched('/favicon.svg')).toBe('');

  // Stopped, as the browser stops an idle worker (once the screen has loaded what it loads through the worker): an
  // API request leaves without starting it again.
  await page.waitForLoadState('networkidle');
  const cdp = await context.newCDPSession(page);
  const states: string[] = [];
  cdp.on('ServiceWorker.workerVersionUpdated', ({ versions }: { versions: { runningStatus: string }[] }) =>
    states.push(...versions.map((v) => v.runningStatus)),
  );
  await cdp.send('ServiceWorker.enable');
  const stopping = states.length;
  await cdp.send('ServiceWorker.stopAllWorkers');
  await expect.poll(() => states.slice(stopping)).toContain('stopped');
  expect(states.at(-1)).toBe('stopped');
  const stopped = states.length;
  expect(await matched('/api/health?after-stop')).toBe('network');
  expect(states.slice(stopped)).toEqual([]);
  // What the page asks the worker for does start it, seen by the same watch.
  expect(await matched('/favicon.svg?after-stop')).toBe('');
  await expect.poll(() => states.slice(stopped)).toContain('running');
});

test('a revoked token at start-up logs out silently', async ({ page }) => {
  await login(page, '/');
  const token = await page.evaluate(() => localStorage.getItem('authToken'));
  const res = await page.request.post('/api/users/logout', { headers: { authorization: `Bearer ${token}` } });
  expect(res.ok()).toBe(true);
  await page.reload();
  await expect(page).toHaveURL(/\/login/);
  expect(await page.evaluate(() => localStorage.getItem('authToken'))).toBeNull();
});

test('Reload Data syncs everything again behind a full-screen overlay', async ({ page }) => {
  await login(page, '/');
  // The login's own first sync first: login() returns once the app has left /login, which can be before that sync
  // has asked for its first page (the page worker is still starting), and that page has no cursor either.
  await expect(page.getByText(/^Synced /)).toBeVisible();
  // A pull without a cursor is a full sync; the stream's pulls carry one.
  let fullSyncs = 0;
  await page.route(/\/api\/sync(\?.*)?$/, async (route) => {
    if (!new URL(route.request().url()).searchParams.has('cursor')) fullSyncs++;
    await new Promise((r) => setTimeout(r, 600));
    await route.continue();
  });
  await page.getByRole('button', { name: 'Reload Data' }).click();
  await expect(page.getByText('Reloading data…')).toBeVisible();
  await expect(page.getByText('Reloading data…')).toBeHidden();
  expect(fullSyncs).toBe(1);
});

test('desktop: the sidebar is open and 16rem wide, with no toggle', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 800 });
  await login(page, '/');
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  const sidebar = page.locator('.mantine-AppShell-navbar');
  await expect(sidebar).toBeInViewport();
  expect((await sidebar.boundingBox())?.width).toBe(256);
  await expect(page.getByRole('button', { name: 'Open navigation' })).toBeHidden();
});

test('the start-up token check shows a full-screen loader', async ({ page }) => {
  await login(page, '/');
  await page.route('**/api/users/login-by-token', async (route) => {
    await new Promise((r) => setTimeout(r, 1200));
    await route.continue();
  });
  await page.reload();
  await expect(page.getByText('Signing you in…')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
});

test.describe('phone width', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the sidebar is collapsed behind a toggle and closes when a link is chosen', async ({ page }) => {
    await login(page, '/');
    await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
    const nav = page.locator('nav[aria-label="Main"]');
    await expect(nav).not.toBeInViewport();
    await page.getByRole('button', { name: 'Open navigation' }).click();
    await expect(nav).toBeInViewport();
    await nav.getByRole('link', { name: 'Courses' }).click();
    await expect(page).toHaveURL(/\/courses$/);
    await expect(nav).not.toBeInViewport();
  });
});

test('a new version shows a toast with a Reload button', async ({ page }) => {
  await login(page, '/');
  await waitForServiceWorker(page);
  // Deploy a "new version": the worker script changes on the server.
  const swPath = 'dist/sw.js';
  const original = fs.readFileSync(swPath, 'utf8');
  fs.writeFileSync(swPath, `${original}\n// next version ${Date.now()}\n`);
  try {
    await page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => r?.update()));
    await expect(page.getByText('A new version of Coursedesk is ready.')).toBeVisible();
    const reloaded = page.waitForEvent('load');
    await page.getByRole('button', { name: 'Reload', exact: true }).click();
    await reloaded;
    await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  } finally {
    fs.writeFileSync(swPath, original);
  }
});
