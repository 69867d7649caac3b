import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { login, storedCopies } from './helpers';

/**
 * Reload Data keeps the app usable (docs/sync.md): its overlay shows the progress, "Keep working" sends it to the
 * background while the admin goes on with the current copy, the fresh copy comes in one step, and a reload that
 * fails half-way keeps the copy and offers a Retry.
 */

const SYNC = /\/api\/sync(\?.*)?$/;
const DONE = 'Data reloaded: the screens show the fresh copy.';
const FAILED = 'Reload Data failed. The copy on this device is unchanged.';

/** A full sync's page: no cursor (its first), or a full sync's cursor (the test peeks into the opaque cursor). */
function fullSyncPage(url: URL) {
  const cursor = url.searchParams.get('cursor');
  if (!cursor) return true;
  return 'r' in (JSON.parse(Buffer.from(cursor, 'base64url').toString()) as object);
}

/**
 * From now on a full sync comes in small pages, and every page after the first two waits for `release()` (or,
 * with `fail`, is answered 503).
 */
async function holdReload(page: Page, { fail = false } = {}) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let pages = 0;
  await page.route(SYNC, async (route) => {
    const url = new URL(route.request().url());
    if (!fullSyncPage(url)) return route.continue();
    url.searchParams.set('limit', '10');
    if (++pages > 2) {
      if (fail)
        return route.fulfill({
          status: 503,
          contentType: 'application/json',
          body: JSON.stringify({ success: false, message: 'Service Unavailable' }),
        });
      await released;
    }
    await route.continue({ url: url.toString() });
  });
  return release;
}

/** The generation of the stored copy (Reload Data's swap stores a new one). */
const storedGen = async (page: Page) => (await storedCopies(page))[0]?.state?.gen ?? null;

async function expectAccessible(page: Page, where: string) {
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  expect(violations.map((v) => `${where}: ${v.id} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);
}

async function loggedInAndSynced(page: Page, path: string) {
  await login(page, path);
  await expect(page.getByText(/^Synced /).first()).toBeAttached();
}

test('Keep working sends Reload Data to the background: the app stays usable, every tab shows it, the fresh copy comes in one step', async ({
  page,
  context,
}) => {
  await loggedInAndSynced(page, '/users');
  const other = await context.newPage();
  await other.goto('/courses');
  await expect(other.getByRole('heading', { name: 'Courses', exact: true })).toBeVisible();
  const gen = await storedGen(page);
  const release = await holdReload(page);

  const reloadButton = page.getByRole('button', { name: 'Reload Data' });
  await reloadButton.click();
  const overlay = page.getByRole('dialog', { name: 'Reloading data…' });
  await expect(overlay).toBeVisible();
  await expect(overlay.getByRole('progressbar', { name: 'Reload Data progress' })).toBeVisible();
  await expect(
    overlay.getByRole('list', { name: 'Progress by list' }).getByText(/^Users [\d,]+ of [\d,]+$/),
  ).toBeVisible();
  await expect(overlay.getByRole('button', { name: 'Keep working' })).toBeFocused();

  await overlay.getByRole('button', { name: 'Keep working' }).click();
  await expect(overlay).toBeHidden();
  await expect(reloadButton).toBeFocused();
  await expect(page.getByText(/^Reloading in the background · \d+%$/)).toBeVisible();
  await expect(page.getByRole('progressbar', { name: 'Reload Data progress' })).toBeVisible();
  // The other tab shows the same reload in its shell.
  await expect(other.getByText(/^Reloading in the background/)).toBeVisible();

  // The admin works on with the current copy meanwhile.
  await page.getByRole('link', { name: 'Courses' }).click();
  await expect(page.getByRole('heading', { name: 'Courses', exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'More Info' }).first()).toBeVisible();
  await page.getByRole('link', { name: 'Users' }).click();
  await expect(page.locator('[aria-label^="Open user"]').first()).toBeVisible();
  expect(await storedGen(page)).toBe(gen);

  release();
  await expect(page.getByText(DONE)).toBeVisible();
  await expect(other.getByText(DONE)).toBeVisible();
  await expect(page.getByText(/Reloading in the background/)).toBeHidden();
  await expect(other.getByText(/Reloading in the background/)).toBeHidden();
  await expect.poll(() => storedGen(page)).toBe(gen! + 1);
  await expect(page.locator('[aria-label^="Open user"]').first()).toBeVisible();
});

test('a Reload Data that fails half-way (503) keeps the copy, and the shell offers a Retry', async ({ page }) => {
  await loggedInAndSynced(page, '/users');
  // The shell says how large the device copy is, and whether the browser keeps it.
  await expect(page.getByText(/^Copy on this device: [\d,.]+ [KMG]B · (kept|the browser may clear it)$/)).toBeVisible();
  const gen = await storedGen(page);
  await holdReload(page, { fail: true });
  await page.getByRole('button', { name: 'Reload Data' }).click();

  await expect(page.getByText(FAILED)).toBeVisible();
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(page.getByRole('button', { name: 'Reload Data' })).toBeFocused();
  await expect(page.locator('[aria-label^="Open user"]').first()).toBeVisible();
  expect(await storedGen(page)).toBe(gen);

  await page.unroute(SYNC);
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByText(DONE)).toBeVisible();
  await expect(page.getByText(FAILED)).toBeHidden();
  await expect.poll(() => storedGen(page)).toBe(gen! + 1);
});

for (const { theme, width } of [
  { theme: 'dark', width: 1366 },
  { theme: 'light', width: 1366 },
  { theme: 'dark', width: 390 },
  { theme: 'light', width: 390 },
]) {
  test(`the overlay and the background reload pass WCAG AA checks in the ${theme} theme at ${width}px`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 800 });
    await page.addInitScript((t) => localStorage.setItem('theme', t), theme);
    await loggedInAndSynced(page, '/');
    await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
    const release = await holdReload(page);
    if (width < 1024) await page.getByRole('button', { name: 'Open navigation' }).click();
    await page.getByRole('button', { name: 'Reload Data' }).click();
    const overlay = page.getByRole('dialog', { name: 'Reloading data…' });
    await expect(overlay.getByRole('progressbar', { name: 'Reload Data progress' })).toBeVisible();
    await expectAccessible(page, 'overlay');

    await page.keyboard.press('Escape'); // Keep working, from the keyboard
    await expect(overlay).toBeHidden();
    await expect(page.getByText(width < 1024 ? /^Reloading \d+%$/ : /^Reloading in the background/)).toBeVisible();
    // Focus went back to Reload Data, or (the phone sidebar closed) to the screen.
    if (width < 1024) await expect(page.locator('main')).toBeFocused();
    else await expect(page.getByRole('button', { name: 'Reload Data' })).toBeFocused();
    await expectAccessible(page, 'background reload');
    release();
    await expect(page.getByText(DONE)).toBeVisible();
  });
}
