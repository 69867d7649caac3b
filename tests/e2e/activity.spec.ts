import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { formatMoney } from '@/app/lib/format';
import { MESSAGES } from '@/shared/messages';
import type { Enrollment, Service } from '@/shared/schemas';
import { DEMO, login } from './helpers';

/** A call to the API with the page's own session, as another screen or client would make it. */
async function api<T>(page: Page, method: 'GET' | 'PUT' | 'PATCH' | 'DELETE', url: string): Promise<T> {
  const token = await page.evaluate(() => localStorage.getItem('authToken'));
  const res = await page.request.fetch(url, { method, headers: { authorization: `Bearer ${token}` } });
  expect(res.status(), `${method} ${url}`).toBeLessThan(300);
  return (await res.json()) as T;
}

const rows = (page: Page) => page.locator('tbody tr[data-index]');

test('every write and login is on the Activity screen, newest first; filters, search and a row open the record', async ({
  page,
}) => {
  await login(page, '/');
  const { data: enrollments } = await api<{ data: Enrollment[] }>(page, 'GET', '/api/enrollments');
  const pending = enrollments.find((e) => !e.isVerified)!;
  await api(page, 'PUT', `/api/enrollments/approve/${pending._id}`);

  await page.getByRole('link', { name: 'Activity' }).click();
  await expect(page.getByRole('heading', { name: 'Activity', exact: true })).toBeVisible();
  // The approval arrives through the sync (stream and pull), newest first.
  const approved = `Approved enrollment: ${pending.userDetails.name} (${pending.userDetails.email}) · ${pending.courseDetails.title}`;
  await expect(rows(page).first()).toContainText(approved);
  await expect(page.getByRole('row', { name: 'Open the record of: Logged in' }).first()).toBeVisible();

  await page.getByRole('searchbox', { name: 'Search activity' }).fill(pending.userDetails.email.toUpperCase());
  // The approval was already the top row: wait until the search has taken the logins out.
  await expect(page.getByRole('row', { name: 'Open the record of: Logged in' })).toHaveCount(0);
  await expect(rows(page).first()).toContainText(approved);
  for (const text of await rows(page).allInnerTexts()) expect(text.toLowerCase()).toContain('enrollment');
  await page.getByRole('button', { name: 'Clear filters' }).click();

  await page
    .locator('input')
    .and(page.getByLabel('Action', { exact: true }))
    .click();
  await page.getByRole('option', { name: 'Logged in' }).click();
  await expect(rows(page).first()).toContainText('Logged in');
  for (const text of await rows(page).allInnerTexts()) expect(text).toContain('Logged in');
  await page.getByRole('button', { name: 'Clear filters' }).click();

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download Activity' }).click();
  expect((await download).suggestedFilename()).toBe('Activity.csv');

  await page.getByRole('row', { name: `Open the record of: ${approved}` }).click();
  await expect(page).toHaveURL(new RegExp(`/enrollments/${pending._id}$`));
  const history = page.getByRole('region', { name: 'History' });
  await expect(history).toContainText(approved);
  await expect(history).toContainText(`by Demo Admin (${DEMO.email})`);
  // As the enrollment's screen says it: its label and Yes/No, not the column and its raw value.
  await expect(field(page, 'Verified')).toContainText('NoYes');
  await expect(history).not.toContainText('is_verified');
});

/** The row of a record history's field table that this label heads. */
const field = (page: Page, label: string) =>
  page
    .getByRole('region', { name: 'History' })
    .locator('tr', { has: page.getByRole('rowheader', { name: label, exact: true }) })
    .first();

test('online the older entries come from the server; offline the screen says only this device is searched', async ({
  page,
  context,
}) => {
  // Online: the device's entries, then the server's answer past the oldest of them (none older here).
  const asked = page.waitForResponse((r) => r.url().includes('/api/activity?before='));
  await login(page, '/activity');
  await expect(page.getByRole('heading', { name: 'Activity', exact: true })).toBeVisible();
  expect((await asked).status()).toBe(200);
  await expect(page.getByText(/ entries shown$/)).toBeVisible();
  await expect(page.getByText(MESSAGES.activity.deviceOnly)).toHaveCount(0);

  // A record's history asks the server for its older entries on request.
  await page.locator('[aria-label="Open the record of: Logged in"]').first().click();
  const history = page.getByRole('region', { name: 'History' });
  await expect(history).toContainText('Logged in');
  // The device's own entries first (a profile with many logins shows ten at first), then the server's.
  const shownFirst = history.getByRole('button', { name: /^Show \d+ older entr/ });
  if (await shownFirst.isVisible()) await shownFirst.click();
  const older = page.waitForResponse((r) => r.url().includes('/api/activity?record='));
  await history.getByRole('button', { name: 'Show older entries' }).click();
  expect((await older).status()).toBe(200);
  await expect(history.getByText(MESSAGES.activity.noOlder)).toBeVisible();

  await context.setOffline(true);
  await page.goBack();
  await expect(page.getByText(MESSAGES.activity.deviceOnly)).toBeVisible();
  await expect(page.getByText(/^[\d,]+ (of [\d,]+ )?entries$/)).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search activity' }).fill(DEMO.email);
  await expect(rows(page).first()).toContainText('Demo Admin');
  await context.setOffline(false);
});

test('a deleted purchase stays traceable on its screen: its last state is in its history', async ({ page }) => {
  await login(page, '/');
  const { data: services } = await api<{ data: Service[] }>(page, 'GET', '/api/services');
  const purchase = services[0]!;
  await api(page, 'DELETE', `/api/services/${purchase._id}`);
  await page.goto(`/services/${purchase._id}`);
  await expect(page.getByRole('heading', { name: 'Service not found' })).toBeVisible();
  const history = page.getByRole('region', { name: 'History' });
  await expect(history).toContainText(`Deleted service purchase: ${purchase.userDetails.name}`);
  await expect(field(page, 'Amount')).toContainText(formatMoney(purchase.amount, purchase.currency));
});

for (const { theme, width } of [
  { theme: 'dark', width: 1366 },
  { theme: 'light', width: 1366 },
  { theme: 'dark', width: 390 },
  { theme: 'light', width: 390 },
]) {
  test(`the Activity screen and a record's history pass WCAG AA checks in the ${theme} theme at ${width}px`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 800 });
    await page.addInitScript((t) => localStorage.setItem('theme', t), theme);
    await login(page, '/activity');
    await expect(page.getByRole('heading', { name: 'Activity', exact: true })).toBeVisible();
    await expect(page.locator('[aria-label^="Open the record of"]').first()).toBeVisible();
    const check = async (screen: string) => {
      const { violations } = await new AxeBuilder({ page })
        .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
        .analyze();
      expect(
        violations.map((v) => `${screen}: ${v.id} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`),
      ).toEqual([]);
    };
    await check('activity');
    await page
      .locator('input')
      .and(page.getByLabel('Kind', { exact: true }))
      .click();
    await expect(page.getByRole('option', { name: 'Session' })).toBeVisible();
    await check('activity kind filter open');
    await page.keyboard.press('Escape');

    // A record with history: the admin's own profile (its logins).
    await page.locator('[aria-label="Open the record of: Logged in"]').first().click();
    await expect(page.getByRole('region', { name: 'History' })).toContainText('Logged in');
    await check('user history');
  });
}
