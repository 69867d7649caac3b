import { expect, test, type Browser, type Page } from '@playwright/test';
import type { Enrollment } from '@/shared/schemas';
import { confirmSwal, fillByLabel, login } from './helpers';

/**
 * Two admins, two browser contexts, one enrollment (docs/conflicts.md): one changes Amount paid while the other
 * has the edit form open; the other's save shows the conflict form, and both of its choices work.
 */
const CHANGED = 'Someone changed this enrollment after you opened it.';

async function enrollmentsOf(page: Page): Promise<Enrollment[]> {
  const token = await page.evaluate(() => localStorage.getItem('authToken'));
  const res = await page.request.get('/api/enrollments', { headers: { authorization: `Bearer ${token}` } });
  return ((await res.json()) as { data: Enrollment[] }).data;
}

async function admin(browser: Browser, path: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await login(page, path);
  return page;
}

/** Opens the edit form and types an amount (the form stays open). */
async function typeAmount(page: Page, amount: string) {
  const form = page.getByRole('dialog', { name: 'Edit Enrollment' });
  if (!(await form.isVisible())) await page.getByRole('button', { name: 'Edit' }).click();
  await fillByLabel(form, { 'Amount paid': amount });
  return form;
}

async function saveFrom(page: Page, amount: string) {
  const form = await typeAmount(page, amount);
  await form.getByRole('button', { name: 'Update Enrollment' }).click();
  await expect(form).toBeHidden();
}

/** The conflict table's rows as text: field, theirs, yours. */
const conflictRows = (page: Page) =>
  page
    .getByRole('table', { name: CHANGED })
    .locator('tbody tr')
    .evaluateAll((rows) => rows.map((r) => [...r.querySelectorAll('th, td')].map((c) => c.textContent)));

test('a save overtaken by another admin shows the conflict form; Save mine anyway and Take their values both work', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const setUp = await admin(browser, '/enrollments');
  const target = (await enrollmentsOf(setUp)).find((e) => e.amountPaid !== null && e.currency)!;
  const path = `/enrollments/${target._id}`;
  await setUp.context().close();
  const [one, two] = [await admin(browser, path), await admin(browser, path)];
  await expect(one.getByRole('button', { name: 'Edit' })).toBeEnabled();
  await expect(two.getByRole('button', { name: 'Edit' })).toBeEnabled();

  // Admin one opens the form and types 555; meanwhile admin two sets 777.
  const form = await typeAmount(one, '555');
  await saveFrom(two, '777');
  await form.getByRole('button', { name: 'Update Enrollment' }).click();
  const conflict = form.getByRole('alert').filter({ hasText: CHANGED });
  await expect(conflict).toBeVisible();
  expect(await conflictRows(one)).toEqual([['Amount paid', '777', '555']]);
  expect((await enrollmentsOf(one)).find((e) => e._id === target._id)?.amountPaid).toBe(777);

  // Save mine anyway: 555 wins, on purpose.
  await conflict.getByRole('button', { name: 'Save mine anyway' }).click();
  await expect(form).toBeHidden();
  expect((await enrollmentsOf(one)).find((e) => e._id === target._id)?.amountPaid).toBe(555);

  // Again, the other way round: admin two's form is open, admin one sets 888; two takes their values.
  const second = await typeAmount(two, '999');
  await saveFrom(one, '888');
  await second.getByRole('button', { name: 'Update Enrollment' }).click();
  await expect(second.getByRole('alert').filter({ hasText: CHANGED })).toBeVisible();
  expect(await conflictRows(two)).toEqual([['Amount paid', '888', '999']]);
  await second.getByRole('button', { name: 'Take their values' }).click();
  await expect(second.getByRole('alert')).toBeHidden();
  await expect(second.getByLabel('Amount paid')).toHaveValue(new RegExp('888\\.00$'));
  await second.getByRole('button', { name: 'Update Enrollment' }).click();
  await expect(second).toBeHidden();
  expect((await enrollmentsOf(two)).find((e) => e._id === target._id)?.amountPaid).toBe(888);

  await one.context().close();
  await two.context().close();
});

test('a delete of an enrollment changed since it was shown asks again', async ({ browser }) => {
  test.setTimeout(120_000);
  const setUp = await admin(browser, '/enrollments');
  const target = (await enrollmentsOf(setUp)).find((e) => e.currency)!;
  const path = `/enrollments/${target._id}`;
  await setUp.context().close();
  const one = await admin(browser, path);
  await expect(one.getByRole('button', { name: 'Delete' })).toBeEnabled();
  // Another admin changes it through the API while admin one's screen still shows the version it loaded.
  const token = await one.evaluate(() => localStorage.getItem('authToken'));
  // Admin one's pulls are held, so the screen keeps the version it showed when Delete is pressed.
  await one.route(/\/api\/sync\?/, () => undefined);
  const res = await one.request.put(`/api/enrollment/${target._id}`, {
    headers: { authorization: `Bearer ${token}` },
    data: { paymentId: 'changed-meanwhile' },
  });
  expect(res.status()).toBe(200);
  await one.getByRole('button', { name: 'Delete' }).click();
  await confirmSwal(one, 'Yes, delete it!');
  await expect(one.locator('.swal2-popup')).toContainText(CHANGED);
  await expect(one.locator('.swal2-popup')).toContainText('It changed since it was shown. Delete it anyway?');
  await confirmSwal(one, 'Cancel');
  await expect(one.locator('.swal2-popup')).toBeHidden();
  expect((await enrollmentsOf(one)).some((e) => e._id === target._id)).toBe(true);
  await one.context().close();
});

test('on a phone (390px) the conflict form stacks each field’s values, scrolls nowhere sideways, and its buttons take the width', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await login(page, '/enrollments');
  const target = (await enrollmentsOf(page)).find((e) => e.amountPaid !== null && e.currency)!;
  await page.goto(`/enrollments/${target._id}`);
  const form = await typeAmount(page, '555');
  await form.getByLabel('Payment ID').fill('mine-pay_Qx7dLm2RtY9wzA4b');
  const token = await page.evaluate(() => localStorage.getItem('authToken'));
  const res = await page.request.put(`/api/enrollment/${target._id}`, {
    headers: { authorization: `Bearer ${token}` },
    data: { paymentId: 'theirs-pay_Mk3VbN8sLp0qWe', amountPaid: 777 },
  });
  expect(res.status()).toBe(200);
  await form.getByRole('button', { name: 'Update Enrollment' }).click();
  const conflict = form.getByRole('alert').filter({ hasText: CHANGED });
  await expect(conflict).toBeVisible();
  expect(await conflictRows(page)).toEqual([
    ['Payment ID', 'theirs-pay_Mk3VbN8sLp0qWe', 'mine-pay_Qx7dLm2RtY9wzA4b'],
    ['Amount paid', '777', '555'],
  ]);

  const layout = await conflict.evaluate((alert) => {
    const box = (el: Element) => el.getBoundingClientRect();
    const [field, theirs, yours] = [...alert.querySelectorAll('tbody tr:first-child > *')].map(box);
    const buttons = [...alert.querySelectorAll('button')].map(box);
    const table = box(alert.querySelector('table')!);
    return {
      pageScrollsSideways: document.documentElement.scrollWidth > window.innerWidth,
      // Each value on its own line, under the field's name, as wide as the table.
      stacked: field!.bottom <= theirs!.top && theirs!.bottom <= yours!.top,
      valuesFullWidth: [theirs!, yours!].every((c) => c.width > table.width - 4),
      // Each value fits its line: nothing wider than the cell.
      valuesFit: [...alert.querySelectorAll('tbody td')].every((td) => td.scrollWidth <= td.clientWidth),
      buttonsFullWidth: buttons.every((b) => Math.abs(b.width - table.width) < 2),
    };
  });
  expect(layout).toEqual({
    pageScrollsSideways: false,
    stacked: true,
    valuesFullWidth: true,
    valuesFit: true,
    buttonsFullWidth: true,
  });
  await context.close();
});
