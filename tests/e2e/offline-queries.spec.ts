import { expect, test, type Page } from '@playwright/test';
import { SYNC_LISTS } from '@/shared/schemas/sync';
import { confirmSwal, deviceCopyLists, idbEntries, login, waitForServiceWorker } from './helpers';

/** The queries the persister keeps on the device (every admin's `coursedesk-queries-*` database), by key. */
const persistedQueries = async (page: Page) =>
  (await idbEntries(page, 'coursedesk-queries-', 'queries')).map((e) => String(e.key)).sort();

test('screens of queries that are not synced lists (API reference, run-time settings) show offline after a reload, and logout deletes them', async ({
  page,
  context,
  baseURL,
}) => {
  await login(page, '/api-docs');
  await expect(page.getByRole('heading', { name: 'Service purchases' })).toBeVisible();
  // The persister writes just after the screen shows; a reload before that write lands would drop it.
  await expect.poll(() => persistedQueries(page)).toContain('tanstack-query-["openapi"]');
  await page.goto('/no-such-page');
  await expect(page.getByRole('link', { name: 'Search' })).toHaveAttribute('href', `${baseURL}/search`);
  await waitForServiceWorker(page);
  await expect.poll(() => deviceCopyLists(page)).toBe(SYNC_LISTS.length);
  await expect
    .poll(() => persistedQueries(page))
    .toEqual(expect.arrayContaining(['tanstack-query-["openapi"]', 'tanstack-query-["site-config"]']));

  await context.setOffline(true);
  await page.goto('/api-docs');
  await expect(page.getByText('Offline', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Service purchases' })).toBeVisible();
  await expect(page.getByText(/\(OpenAPI 3\.1, version /)).toBeVisible();
  await expect(page.getByText('The API description could not be loaded. It needs a connection.')).toHaveCount(0);

  // The 404 page's links to the public site come from the run-time settings (SITE_URL), kept the same way.
  await page.goto('/no-such-page');
  await expect(page.getByRole('link', { name: 'Contact' })).toHaveAttribute('href', `${baseURL}/contact`);
  await context.setOffline(false);

  // Logout deletes them with the device copy.
  await page.getByRole('button', { name: 'Logout' }).click();
  await confirmSwal(page, 'Logout');
  await expect(page).toHaveURL(/\/login/);
  await expect.poll(() => persistedQueries(page)).toEqual([]);
  const left = await page.evaluate(async () => (await indexedDB.databases()).map((d) => d.name));
  expect(left).toEqual([]);
});
