import { expect, test, type Page } from '@playwright/test';
import { login } from './helpers';

/** The table's or the phone cards' scrolling box: the virtualizer's element, with its max height. */
const scrollBox = (page: Page) => page.locator('main [style*="max-height"]').first();

/**
 * One scroll: the page itself does not scroll, and the list's box ends at the window's bottom (16px of padding)
 * when it holds more than fits, instead of a fixed box with blank space under it.
 */
async function expectOneScroll(page: Page, what: string) {
  const box = scrollBox(page);
  await expect(box, what).toBeVisible();
  const m = await box.evaluate((el) => ({
    page: document.scrollingElement!.scrollHeight - window.innerHeight,
    bottom: el.getBoundingClientRect().bottom,
    window: window.innerHeight,
    overflows: el.scrollHeight > el.clientHeight,
  }));
  expect(m.page, `${what}: the page does not scroll`).toBeLessThanOrEqual(1);
  if (m.overflows) expect(m.bottom, `${what}: the box ends at the window's bottom`).toBeGreaterThan(m.window - 24);
}

/** Every email shown in the list breaks, if at all, only before its @: no line starts anywhere else in it. */
async function expectEmailsWhole(page: Page) {
  const broken = await page.locator('main td, main [role="listitem"] div').evaluateAll((cells) =>
    cells
      .filter((el) => /^[^\s@]+@[^\s@]+$/.test(el.textContent ?? '') && el.children.length <= 2)
      .filter((el) => {
        // The top of each character's box: a new line starts where it grows.
        const tops: number[] = [];
        const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
        for (let n = walker.nextNode(); n; n = walker.nextNode())
          for (let i = 0; i < n.textContent!.length; i++) {
            const range = document.createRange();
            range.setStart(n, i);
            range.setEnd(n, i + 1);
            tops.push(Math.round(range.getBoundingClientRect().top));
          }
        const at = el.textContent!.indexOf('@');
        return tops.some((top, i) => i > 0 && top > tops[i - 1]! && i !== at);
      })
      .map((el) => el.textContent),
  );
  expect(broken).toEqual([]);
}

test('the dashboard opens every pending enrollment across batches; sorting by keyboard is kept in the URL', async ({
  page,
}) => {
  await login(page, '/');
  await page.getByRole('link', { name: /^Enrollments to approve/ }).click();
  await expect(page).toHaveURL(/\/enrollments\/all\?status=pending$/);
  await expect(page.getByRole('heading', { name: 'All enrollments' })).toBeVisible();
  await expect(page.getByRole('radio', { name: 'Pending' })).toBeChecked();
  const rows = page.locator('[aria-label^="Open enrollment of"]');
  await expect(rows.first()).toBeVisible();
  await expect(rows.getByText('Approved', { exact: true })).toHaveCount(0);

  // A header is a button: Tab to it and press Enter.
  await page.getByRole('button', { name: 'Amount' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('columnheader', { name: 'Amount' })).toHaveAttribute('aria-sort', 'ascending');
  await expect(page).toHaveURL(/status=pending&sort=amount$/);
  await page.reload();
  await expect(page.getByRole('columnheader', { name: 'Amount' })).toHaveAttribute('aria-sort', 'ascending');
  await expect(page.getByRole('radio', { name: 'Pending' })).toBeChecked();

  await page.getByRole('searchbox', { name: 'Search enrollments' }).fill('zz-nobody-zz');
  await expect(page.getByText('No enrollments found.')).toBeVisible();
  await expect(page).toHaveURL(/q=zz-nobody-zz/);
});

for (const width of [1366, 390]) {
  test(`at ${width}px every table scrolls alone, to the window's bottom, and emails break only at @`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: width > 1000 ? 768 : 844 });
    await login(page, '/users');
    await expect(page.locator('[aria-label^="Open user"]').first()).toBeVisible();
    await expectOneScroll(page, 'users');
    await expectEmailsWhole(page);

    await page.goto('/enrollments');
    await page.getByRole('link', { name: 'View Enrollments' }).first().click();
    await expect(page.locator('[aria-label^="Open enrollment of"]').first()).toBeVisible();
    await expectOneScroll(page, 'batch');
    await expectEmailsWhole(page);

    await page.goto('/enrollments/all');
    await expect(page.locator('[aria-label^="Open enrollment of"]').first()).toBeVisible();
    await expectOneScroll(page, 'all enrollments');

    await page.goto('/services');
    await expect(page.locator('[aria-label^="Open service"]').first()).toBeVisible();
    await expectOneScroll(page, 'services');
    await expectEmailsWhole(page);

    await page.goto('/activity');
    await expect(page.getByRole('heading', { name: 'Activity' })).toBeVisible();
    await expectOneScroll(page, 'activity');
  });
}
