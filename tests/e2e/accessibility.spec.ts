import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { COURSE_TAB_NAMES } from '../utils/course-page';
import { login } from './helpers';

/**
 * WCAG 2.1 A and AA, as axe-core checks them in the real browser: contrast in both themes, names of
 * controls, list and landmark structure. Every screen of the spec, plus the two create modals.
 */
async function expectAccessible(page: Page, screen: string) {
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  const found = violations.map((v) => `${screen}: ${v.id} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
  expect(found).toEqual([]);
}

const open = async (page: Page, path: string, ready: (page: Page) => Promise<unknown>, screen: string) => {
  await page.goto(path);
  await ready(page);
  await expectAccessible(page, screen);
};

/** A create modal: opened with its button, checked, closed with Escape. */
const expectModalAccessible = async (page: Page, button: string, screen: string) => {
  await page.getByRole('button', { name: button }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expectAccessible(page, screen);
  await page.keyboard.press('Escape');
};

/**
 * The conflict form (docs/conflicts.md): another admin changes the enrollment while its edit form is open,
 * then the form saves. Checked, then closed with Escape.
 */
async function expectConflictAccessible(page: Page, theirs: string) {
  await page.getByRole('button', { name: 'Edit' }).click();
  const form = page.getByRole('dialog', { name: 'Edit Enrollment' });
  await form.getByLabel('Payment ID').fill('mine');
  const token = await page.evaluate(() => localStorage.getItem('authToken'));
  const other = await page.request.put(`/api/enrollment/${page.url().split('/').pop()}`, {
    headers: { authorization: `Bearer ${token}` },
    data: { paymentId: theirs },
  });
  expect(other.status()).toBe(200);
  await form.getByRole('button', { name: 'Update Enrollment' }).click();
  await expect(form.getByRole('button', { name: 'Save mine anyway' })).toBeVisible();
  await expectAccessible(page, 'conflict form');
  await page.keyboard.press('Escape');
  await expect(form).toBeHidden();
}

for (const { theme, width } of [
  { theme: 'dark', width: 1366 },
  { theme: 'light', width: 1366 },
  { theme: 'dark', width: 390 },
  { theme: 'light', width: 390 },
]) {
  test(`every screen passes WCAG AA checks in the ${theme} theme at ${width}px`, async ({ page }) => {
    // About twenty axe runs: minutes, not seconds, on a busy two-core machine.
    test.setTimeout(240_000);
    await page.setViewportSize({ width, height: 800 });
    await page.addInitScript((t) => localStorage.setItem('theme', t), theme);

    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
    await expectAccessible(page, 'login');
    await login(page, '/');
    await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
    await expectAccessible(page, 'dashboard');
    if (width < 1024) {
      await page.getByRole('button', { name: /navigation/i }).click();
      await expect(page.getByRole('link', { name: 'Services' })).toBeVisible();
      await expectAccessible(page, 'open sidebar');
    }

    await open(page, '/users', (p) => p.locator('[aria-label^="Open user"]').first().waitFor(), 'users');
    await page.locator('[aria-label^="Open user"]').first().click();
    await expect(page.getByRole('button', { name: 'Download CSV' })).toBeVisible();
    await expectAccessible(page, 'user profile');
    await page.getByRole('button', { name: 'Delete user' }).click();
    await expect(page.locator('.swal2-popup')).toBeVisible();
    await expectAccessible(page, 'confirm dialog');
    await page.locator('.swal2-popup').getByRole('button', { name: 'Cancel' }).click();
    await expect(page.locator('.swal2-popup')).toBeHidden();

    await open(
      page,
      '/courses',
      (p) => expect(p.getByRole('link', { name: 'More Info' }).first()).toBeVisible(),
      'courses',
    );
    await expectModalAccessible(page, 'Add Course', 'add course modal');
    await page.getByRole('link', { name: 'More Info' }).first().click();
    await expect(page.getByRole('tab', { name: 'Page Data' })).toBeVisible();
    await expectAccessible(page, 'course page data');
    await expectModalAccessible(page, 'Edit card', 'edit card modal');
    for (const tab of COURSE_TAB_NAMES.slice(1)) {
      await page.getByRole('tab', { name: tab }).click();
      await expect(page.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true');
      await expectAccessible(page, `course ${tab}`);
    }

    await open(
      page,
      '/enrollments',
      (p) => expect(p.getByRole('heading', { name: 'Enrollments Data' })).toBeVisible(),
      'enrollments',
    );
    await expectModalAccessible(page, 'Start New Batch', 'start new batch modal');
    await open(
      page,
      '/enrollments/all?status=pending',
      (p) => p.locator('[aria-label^="Open enrollment"]').first().waitFor(),
      'all enrollments',
    );
    await page.goto('/enrollments');
    await page.getByRole('link', { name: 'View Enrollments' }).first().click();
    await page.locator('[aria-label^="Open enrollment"]').first().waitFor();
    await expectAccessible(page, 'batch');
    await page.locator('[aria-label^="Open enrollment"]').first().click();
    await expect(page.getByRole('link', { name: /Go to Course/ })).toBeVisible();
    await expectAccessible(page, 'enrollment detail');
    await expectConflictAccessible(page, `axe-${theme}-${width}`);

    await open(page, '/services', (p) => p.locator('[aria-label^="Open service"]').first().waitFor(), 'services');
    await page.locator('[aria-label^="Open service"]').first().click();
    await expect(page.getByRole('heading', { name: 'Payment' })).toBeVisible();
    await expectAccessible(page, 'service detail');

    await open(
      page,
      '/account/sessions',
      (p) => expect(p.getByText('This device', { exact: true })).toBeVisible(),
      'sessions',
    );
    await open(
      page,
      '/account/two-factor',
      (p) => expect(p.getByRole('button', { name: 'Set up two-factor sign-in' })).toBeVisible(),
      'two-factor',
    );
    await page.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
    await expect(page.getByRole('img', { name: 'QR code of the key for your authenticator app' })).toBeVisible();
    await expectAccessible(page, 'two-factor setup');
    await page.getByRole('button', { name: 'Cancel' }).click();

    await open(page, '/no-such-page', (p) => expect(p.getByText('404')).toBeVisible(), '404');
  });
}
