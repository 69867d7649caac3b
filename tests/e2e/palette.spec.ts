import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import type { Enrollment, User } from '@/shared/schemas';
import { login, waitForServiceWorker } from './helpers';

async function api<T>(page: Page, path: string): Promise<T> {
  const token = await page.evaluate(() => localStorage.getItem('authToken'));
  const res = await page.request.get(`/api${path}`, { headers: { authorization: `Bearer ${token}` } });
  return (await res.json()) as T;
}

const search = (page: Page) => page.getByRole('textbox', { name: 'Search screens, records and commands' });
/**
 * Ctrl+K, again if a screen was still settling when it was pressed. Waits first for the palette a command
 * closed to be gone: during its closing transition its search box is still shown and focused.
 */
async function openByKeyboard(page: Page) {
  await expect(search(page)).toBeHidden();
  await expect(async () => {
    if (!(await search(page).isVisible())) await page.keyboard.press('Control+K');
    await expect(search(page)).toBeFocused({ timeout: 2000 });
  }).toPass();
}
const palette = (page: Page) => page.getByRole('dialog').filter({ has: search(page) });

async function expectAccessible(page: Page, what: string) {
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  expect(violations.map((v) => `${what}: ${v.id} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);
}

test('the palette by keyboard: Ctrl+K, a screen, a user by email, the theme; Escape closes it', async ({ page }) => {
  await login(page, '/users');
  const { users } = await api<{ users: User[] }>(page, '/users');
  const someone = users.find((u) => u.role === 'user')!;
  await expect(page.getByRole('heading', { name: 'Users' })).toBeVisible();

  await page.keyboard.press('Control+K');
  await expect(search(page)).toBeFocused();
  // The first result is selected as you type: Enter runs it; the arrows move through the others.
  await page.keyboard.type('e');
  await expect(palette(page).locator('[data-selected]')).toHaveText('Users');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await expect(palette(page).locator('[data-selected]')).toHaveText('Enrollments');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/enrollments$/);
  await expect(search(page)).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Enrollments Data' })).toBeVisible();

  await openByKeyboard(page);
  await page.keyboard.type(someone.email);
  await expect(
    palette(page)
      .getByRole('button', { name: new RegExp(someone.name) })
      .first(),
  ).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/users/${someone._id}$`));
  await expect(page.getByRole('button', { name: 'Download CSV' })).toBeVisible();

  await openByKeyboard(page);
  await page.keyboard.type('theme');
  // Enter runs the selected result: wait until the typing has filtered down to the command.
  await expect(palette(page).locator('[data-selected]')).toHaveText(/Switch to light theme/);
  await page.keyboard.press('Enter');
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'light');

  await openByKeyboard(page);
  await expect(search(page)).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(search(page)).toBeHidden();
});

test('offline, the palette finds an enrollment by transaction ID in the device copy and opens it', async ({
  page,
  context,
}) => {
  await login(page, '/users');
  const { data } = await api<{ data: Enrollment[] }>(page, '/enrollments');
  const e = data.find((x) => x.transactionId)!;
  // Offline, the screens' code comes from the service worker's precache.
  await waitForServiceWorker(page);
  await expect(page.getByRole('heading', { name: 'Users' })).toBeVisible();
  await context.setOffline(true);
  await openByKeyboard(page);
  await page.keyboard.type(e.transactionId!);
  const hit = palette(page).getByRole('button', { name: new RegExp(e.transactionId!) });
  await expect(hit).toHaveCount(1);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/enrollments/${e._id}$`));
  await expect(page.getByRole('heading', { level: 2 })).toBeVisible();
  await context.setOffline(false);
});

for (const { theme, width } of [
  { theme: 'dark', width: 1366 },
  { theme: 'light', width: 1366 },
  { theme: 'dark', width: 390 },
  { theme: 'light', width: 390 },
]) {
  test(`the palette passes WCAG AA in the ${theme} theme at ${width}px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    await page.addInitScript((t) => localStorage.setItem('theme', t), theme);
    await login(page, '/users');
    // On a phone the header's button opens it; wider, the sidebar's entry (and Ctrl+K everywhere).
    if (width < 1024) await page.getByRole('banner').getByRole('button', { name: 'Search and commands' }).click();
    else await page.getByRole('navigation').getByRole('button', { name: 'Search and commands' }).click();
    await expect(search(page)).toBeFocused();
    await expectAccessible(page, 'palette');
    await page.keyboard.type('an');
    await expect(palette(page).getByRole('button').first()).toBeVisible();
    await expectAccessible(page, 'palette with results');
  });
}

test('the search box shows its whole placeholder at 1366 and 390 px', async ({ page }) => {
  await login(page, '/users');
  await expect(page.getByRole('heading', { name: 'Users' })).toBeVisible();
  for (const width of [1366, 390]) {
    await page.setViewportSize({ width, height: width > 1000 ? 768 : 844 });
    await openByKeyboard(page);
    // The placeholder's width in the box's own font, against the room the box leaves for text.
    const { text, room } = await search(page).evaluate((input: HTMLInputElement) => {
      const style = getComputedStyle(input);
      const context = document.createElement('canvas').getContext('2d')!;
      context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const padding = parseFloat(style.paddingLeft) + parseFloat(style.paddingRight);
      return { text: context.measureText(input.placeholder).width, room: input.clientWidth - padding };
    });
    expect(text, `${width} px`).toBeLessThanOrEqual(room);
    await page.keyboard.press('Escape');
  }
});
