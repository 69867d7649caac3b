import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import type { Batch, Course, Enrollment, User } from '@/shared/schemas';
import { confirmSwal, login } from './helpers';

/** The API with the page's own session (the server's truth, not the screen's). */
async function api<T>(page: Page, method: 'GET' | 'POST' | 'DELETE', path: string, data?: object): Promise<T> {
  const token = await page.evaluate(() => localStorage.getItem('authToken'));
  const res = await page.request.fetch(`/api${path}`, {
    method,
    data,
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.ok(), `${method} ${path}: ${res.status()}`).toBe(true);
  return (await res.json()) as T;
}

/**
 * A batch of its own with three pending enrollments, so this file changes nothing the other files read.
 * Returns the batch and the names shown in its table.
 */
async function bulkBatch(page: Page, name: string) {
  const { data: batch } = await api<{ data: Batch }>(page, 'POST', '/batches/start', {
    batchName: name,
    startDate: '2027-01-04',
    endDate: null,
  });
  const { users } = await api<{ users: User[] }>(page, 'GET', '/users');
  const { data: courses } = await api<{ data: Course[] }>(page, 'GET', '/courses');
  const people = users.filter((u) => u.role === 'user').slice(0, 3);
  const enrolled: Enrollment[] = [];
  for (const [i, u] of people.entries()) {
    const { data } = await api<{ data: Enrollment }>(page, 'POST', '/enrollment/enroll', {
      userId: u._id,
      courseId: courses[0]!._id,
      batchId: batch._id,
      amount: 100 + i,
      currency: 'USD',
      transactionId: `bulk-${name}-${i}`,
    });
    enrolled.push(data);
  }
  return { batch, enrolled, names: people.map((u) => u.name) };
}

const serverRows = async (page: Page, batchId: string) =>
  (await api<{ data: Enrollment[] }>(page, 'GET', '/enrollments')).data.filter((e) => e.batchId === batchId);

async function expectAccessible(page: Page, what: string) {
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  expect(violations.map((v) => `${what}: ${v.id} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);
}

const bar = (page: Page) => page.getByRole('group', { name: 'Actions on the selected records' });

test('bulk approve on a batch page reaches the server; a refusal is listed; delete asks with the count', async ({
  page,
}) => {
  await login(page, '/enrollments');
  const { batch, enrolled, names } = await bulkBatch(page, 'Bulk Cohort A');
  await page.goto(`/enrollments/batch/${batch._id}`);
  await expect(page.getByRole('heading', { name: 'Bulk Cohort A' })).toBeVisible();

  // Approve all three in one request.
  await page.getByRole('checkbox', { name: 'Select all 3 matching' }).check();
  await expect(bar(page).getByText('3 enrollments selected')).toBeVisible();
  const request = page.waitForRequest((r) => r.url().endsWith('/api/enrollments/bulk'));
  // The pull after the write brings the server's copy (its updatedAt) of the rows the reply named.
  const pulled = page.waitForResponse((r) => r.url().includes('/api/sync?') && r.ok());
  await bar(page).getByRole('button', { name: 'Approve selected', exact: true }).click();
  expect((await request).postDataJSON()).toMatchObject({ action: 'approve', items: expect.any(Array) });
  await pulled;
  await expect(page.getByText('Approved 3 enrollments.')).toBeVisible();
  await expect(page.getByRole('cell').getByText('Approved', { exact: true })).toHaveCount(3);
  await expect(bar(page)).toBeHidden();
  expect((await serverRows(page, batch._id)).every((e) => e.isVerified)).toBe(true);

  // Another admin deletes one while this page does not hear of it: the bulk action names it as refused.
  await page.route('**/api/sync**', (route) => route.abort());
  await api(page, 'DELETE', `/enrollments/${enrolled[0]!._id}`);
  await page.getByRole('checkbox', { name: `Select enrollment of ${names[0]}` }).check();
  await page.getByRole('checkbox', { name: `Select enrollment of ${names[1]}` }).check();
  await bar(page).getByRole('button', { name: 'Disapprove selected' }).click();
  await expect(page.getByText(/Disapproved 1 enrollment\. 1 enrollment could not be changed/)).toBeVisible();
  const panel = page.getByRole('alert').filter({ hasText: '1 enrollment not changed' });
  await expect(panel.getByText(`${names[0]}: It no longer exists.`)).toBeVisible();
  await expect(bar(page).getByText('1 enrollment selected')).toBeVisible();
  await panel.getByRole('button', { name: 'Dismiss' }).click();
  // The next pull removes the deleted row, and with it the only row still selected: the bar goes.
  await page.unroute('**/api/sync**');
  await expect(page.getByRole('checkbox', { name: 'Select all 2 matching' })).toBeVisible();
  await expect(bar(page)).toBeHidden();

  // Delete the rest: confirmed with the count; Cancel first sends nothing.
  await page.getByRole('checkbox', { name: 'Select all 2 matching' }).check();
  await bar(page).getByRole('button', { name: 'Delete selected' }).click();
  await expect(page.locator('.swal2-popup').getByRole('heading', { name: 'Delete 2 enrollments?' })).toBeVisible();
  await confirmSwal(page, 'Cancel');
  expect(await serverRows(page, batch._id)).toHaveLength(2);
  await bar(page).getByRole('button', { name: 'Delete selected' }).click();
  await confirmSwal(page, 'Yes, delete them!');
  await expect(page.getByText('Deleted 2 enrollments.')).toBeVisible();
  await expect(page.getByText('No enrollments found.')).toBeVisible();
  expect(await serverRows(page, batch._id)).toHaveLength(0);
  await api(page, 'DELETE', `/batches/delete/${batch._id}`);
});

for (const { theme, width } of [
  { theme: 'dark', width: 1366 },
  { theme: 'light', width: 1366 },
  { theme: 'dark', width: 390 },
  { theme: 'light', width: 390 },
]) {
  test(`the selection, the bulk bar and the refusals pass WCAG AA in the ${theme} theme at ${width}px`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 800 });
    await page.addInitScript((t) => localStorage.setItem('theme', t), theme);
    await login(page, '/enrollments');
    const { batch, enrolled, names } = await bulkBatch(page, `Bulk Cohort ${theme} ${width}`);
    await page.goto(`/enrollments/batch/${batch._id}`);
    // On a phone the rows are cards, each with its checkbox; "Select all" heads the list.
    await page.getByRole('checkbox', { name: `Select enrollment of ${names[1]}` }).check();
    await expect(bar(page).getByText('1 enrollment selected')).toBeVisible();
    await expect(page.getByRole('checkbox', { name: 'Select all 3 matching' })).toBeVisible();
    await expectAccessible(page, 'bulk bar');

    await page.route('**/api/sync**', (route) => route.abort());
    await api(page, 'DELETE', `/enrollments/${enrolled[1]!._id}`);
    await bar(page).getByRole('button', { name: 'Approve selected', exact: true }).click();
    await expect(page.getByRole('alert').getByText(`${names[1]}: It no longer exists.`)).toBeVisible();
    await expectAccessible(page, 'bulk refusals');
    await page.unroute('**/api/sync**');
    for (const e of enrolled.slice(0, 1).concat(enrolled.slice(2))) await api(page, 'DELETE', `/enrollments/${e._id}`);
    await api(page, 'DELETE', `/batches/delete/${batch._id}`);
  });
}
