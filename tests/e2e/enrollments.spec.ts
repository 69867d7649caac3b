import fs from 'node:fs/promises';
import { expect, test, type Download, type Page } from '@playwright/test';
import type { Batch, Enrollment } from '@/shared/schemas';
import { confirmSwal, fillByLabel, login } from './helpers';

/** Reads a list from the API with the page's own session (the server's truth, not the screen's). */
async function api<T>(page: Page, path: string): Promise<T> {
  const token = await page.evaluate(() => localStorage.getItem('authToken'));
  const res = await page.request.get(`/api${path}`, { headers: { authorization: `Bearer ${token}` } });
  return (await res.json()) as T;
}
const demoEnrollments = (page: Page) => api<{ data: Enrollment[] }>(page, '/enrollments').then((r) => r.data);
const demoBatches = (page: Page) => api<{ batches: Batch[] }>(page, '/batches').then((r) => r.batches);
const nameOf = (e: Enrollment) => e.userId?.name || e.userDetails.name;

async function csvOf(download: Download) {
  const text = await fs.readFile((await download.path())!, 'utf8');
  expect(text.charCodeAt(0)).toBe(0xfeff);
  return text
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n');
}
const HEADER =
  'Name,Email,Phone,Paid Amount,Payment Method,Transaction ID,Course,Course Description,Approved,Approval Date,Enrollment Date,Batch';
const card = (page: Page, name: string) => page.getByRole('article', { name });
const cardNames = (page: Page) =>
  page.getByRole('article').evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')));

test('the overview lists the batches, active first, with counts and long dates', async ({ page }) => {
  await login(page, '/enrollments');
  await expect(page.getByRole('heading', { name: 'Enrollments Data' })).toBeVisible();
  const batches = await demoBatches(page);
  const enrollments = await demoEnrollments(page);
  const names = await cardNames(page);
  const newestFirst = [...batches].reverse();
  expect(names).toEqual(
    [...newestFirst.filter((b) => b.isActive), ...newestFirst.filter((b) => !b.isActive)].map((b) => b.batchName),
  );

  const spring = batches.find((b) => b.batchName === 'Spring 2026 Cohort')!;
  const count = enrollments.filter((e) => e.batchId === spring._id).length;
  await expect(card(page, spring.batchName)).toContainText(`${count} enrollments`);
  await expect(card(page, spring.batchName)).toContainText('Starts March 2, 2026');
  await expect(card(page, spring.batchName)).toContainText('Ends June 26, 2026');
  await expect(card(page, spring.batchName).getByText('Active', { exact: true })).toHaveCount(0);
  await expect(card(page, 'Self-Paced 2026').getByText('Active', { exact: true })).toBeVisible();
  await expect(card(page, 'Self-Paced 2026')).not.toContainText('Ends');

  await card(page, spring.batchName).getByRole('link', { name: 'View Enrollments' }).click();
  await expect(page).toHaveURL(new RegExp(`/enrollments/batch/${spring._id}$`));
  await expect(page.getByRole('heading', { name: spring.batchName })).toBeVisible();
});

test('starts, edits and deletes a batch; a batch with enrollments is refused', async ({ page }) => {
  await login(page, '/enrollments');
  await page.getByRole('button', { name: 'Start New Batch' }).click();
  const dialog = page.getByRole('dialog', { name: 'Start New Batch' });
  await dialog.getByRole('button', { name: 'Start Batch' }).click();
  await expect(dialog.getByText('Batch name is required.')).toBeVisible();
  await expect(dialog.getByText('Start date is required.')).toBeVisible();

  await fillByLabel(dialog, { 'Batch name': 'E2E Winter 2027', 'Start date': '2027-01-11', 'End date': '2027-01-04' });
  await dialog.getByRole('button', { name: 'Start Batch' }).click();
  await expect(dialog.getByText('End date cannot be before the start date.')).toBeVisible();
  await dialog.getByLabel('End date').fill('2027-04-30');
  await dialog.getByRole('button', { name: 'Start Batch' }).click();
  await expect(page.getByText('Batch "E2E Winter 2027" has been started.')).toBeVisible();
  await expect(dialog).toBeHidden();
  // Active and the newest: the first card.
  expect((await cardNames(page))[0]).toBe('E2E Winter 2027');
  await expect(card(page, 'E2E Winter 2027')).toContainText('0 enrollments');
  await expect(card(page, 'E2E Winter 2027')).toContainText('Starts January 11, 2027');
  await expect(card(page, 'E2E Winter 2027')).toContainText('Ends April 30, 2027');

  await page.getByRole('button', { name: 'Edit batch E2E Winter 2027' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Batch' });
  await expect(edit.getByLabel('Start date')).toHaveValue('2027-01-11');
  await fillByLabel(edit, { 'Batch name': 'E2E Spring 2027', 'End date': '' });
  await edit.getByRole('switch', { name: /Active/ }).uncheck({ force: true });
  await edit.getByRole('button', { name: 'Update Batch' }).click();
  await expect(edit).toBeHidden();
  await expect(card(page, 'E2E Spring 2027')).toBeVisible();
  await expect(card(page, 'E2E Spring 2027')).not.toContainText('Ends');
  await expect(card(page, 'E2E Spring 2027').getByText('Active', { exact: true })).toHaveCount(0);
  // The server kept it: a reload shows the same.
  await page.reload();
  await expect(card(page, 'E2E Spring 2027')).toBeVisible();

  await page.getByRole('button', { name: 'Delete batch E2E Spring 2027' }).click();
  await expect(page.getByRole('heading', { name: 'Are you sure?' })).toBeVisible();
  await confirmSwal(page, 'Yes, delete it!');
  await expect(page.getByRole('heading', { name: 'Deleted!' })).toBeVisible();
  await expect(page.locator('.swal2-html-container')).toHaveText('Batch has been deleted.');
  await confirmSwal(page, 'OK');
  await expect(card(page, 'E2E Spring 2027')).toHaveCount(0);
  expect((await demoBatches(page)).some((b) => b.batchName === 'E2E Spring 2027')).toBe(false);

  await page.getByRole('button', { name: 'Delete batch Spring 2026 Cohort' }).click();
  await confirmSwal(page, 'Yes, delete it!');
  await expect(page.getByText(/^This batch still has \d+ enrollments\. Move or delete them first\.$/)).toBeVisible();
  await expect(card(page, 'Spring 2026 Cohort')).toBeVisible();
});

test('approves and disapproves on the batch page; the server keeps the change', async ({ page }) => {
  await login(page, '/enrollments');
  const batch = (await demoBatches(page)).find((b) => b.batchName === 'Autumn 2026 Cohort')!;
  const pending = (await demoEnrollments(page)).find((e) => e.batchId === batch._id && !e.isVerified)!;
  await card(page, batch.batchName).getByRole('link', { name: 'View Enrollments' }).click();
  await expect(page.getByRole('columnheader')).toHaveText([
    '',
    'Name',
    'Email',
    'Amount',
    'Course',
    'Approved',
    'Actions',
  ]);

  // The batch is long: a search-free way to reach the row is to scroll it into view.
  const row = page
    .getByRole('row', { name: `Open enrollment of ${nameOf(pending)}` })
    .filter({ hasText: pending.courseDetails.title })
    .first();
  await row.scrollIntoViewIfNeeded();
  await expect(row.getByText('Pending')).toBeVisible();
  await page.route('**/api/enrollments/approve/*', async (route) => {
    await new Promise((r) => setTimeout(r, 600));
    await route.continue();
  });
  await row.getByRole('button', { name: 'Approve' }).click();
  await expect(row.getByRole('button', { name: 'Approve' })).toBeDisabled();
  await expect(row.getByRole('button', { name: 'Disapprove' })).toBeEnabled();
  await expect(row.getByText('Approved')).toBeVisible();
  let saved = (await demoEnrollments(page)).find((e) => e._id === pending._id)!;
  expect(saved.isVerified).toBe(true);
  expect(saved.verifiedAt).not.toBeNull();

  await row.getByRole('button', { name: 'Disapprove' }).click();
  await expect(row.getByText('Pending')).toBeVisible();
  saved = (await demoEnrollments(page)).find((e) => e._id === pending._id)!;
  expect(saved).toMatchObject({ isVerified: false, verifiedAt: null });
});

test('the detail shows the enrollment; the edit form and Mark as completed save to the server', async ({ page }) => {
  await login(page, '/enrollments');
  const e = (await demoEnrollments(page)).find((x) => x.userId && x.amount !== null && x.batchId && !x.completed)!;
  const batch = (await demoBatches(page)).find((b) => b._id === e.batchId)!;
  await page.goto(`/enrollments/batch/${batch._id}`);
  const row = page
    .getByRole('row', { name: `Open enrollment of ${nameOf(e)}` })
    .filter({ hasText: e.courseDetails.title })
    .first();
  await row.scrollIntoViewIfNeeded();
  // The first cell is the row's checkbox; the name cell opens it.
  await row.getByRole('cell').nth(1).click();
  await expect(page).toHaveURL(/\/enrollments\/[0-9a-f-]{36}$/);
  const id = page.url().split('/').at(-1)!;
  const shown = (await demoEnrollments(page)).find((x) => x._id === id)!;
  expect(shown._id).toBe(e._id); // one enrollment per person, course and batch

  await expect(page.getByRole('heading', { name: nameOf(shown), level: 2 })).toBeVisible();
  const value = (section: string, label: string) =>
    page
      .getByRole('region', { name: section })
      .locator('dt', { hasText: new RegExp(`^${label}$`) })
      .locator('+ dd');
  await expect(value('User Overview', 'Email')).toHaveText(shown.userId?.email ?? shown.userDetails.email);
  await expect(value('Course Overview', 'Title')).toHaveText(shown.courseDetails.title);
  await expect(value('Course Overview', 'Batch')).toHaveText(batch.batchName);
  await expect(value('Payment', 'Currency')).toHaveText(shown.currency ?? 'N/A');
  await expect(value('Payment', 'Transaction ID')).toHaveText(shown.transactionId ?? 'N/A');
  await expect(value('Verification', 'Verified')).toHaveText(shown.isVerified ? 'Yes' : 'No');
  await expect(page.getByRole('link', { name: 'Go to Course' })).toHaveAttribute(
    'href',
    new RegExp(`/courses/${shown.courseDetails.slug}$`),
  );
  await expect(page.getByRole('link', { name: 'Go to Course' })).toHaveAttribute('target', '_blank');

  await page.getByRole('button', { name: 'Edit' }).click();
  const form = page.getByRole('dialog', { name: 'Edit Enrollment' });
  await fillByLabel(form, { 'Amount paid': '-1', 'Progress (%)': '150' });
  await form.getByRole('button', { name: 'Update Enrollment' }).click();
  await expect(form.getByText('Amount paid cannot be negative.')).toBeVisible();
  await expect(form.getByText('Progress must be between 0 and 100.')).toBeVisible();
  await fillByLabel(form, { 'Amount paid': '120.5', 'Progress (%)': '64', 'Payment ID': 'pay_e2e_1' });
  await form.getByRole('button', { name: 'Update Enrollment' }).click();
  await expect(form).toBeHidden();
  // Scoped: the record's history now shows the same value in its changed-fields table.
  await expect(page.getByRole('region', { name: 'Status & Progress' }).getByText('64%')).toBeVisible();
  await expect(value('Payment', 'Payment ID')).toHaveText('pay_e2e_1');
  expect((await demoEnrollments(page)).find((x) => x._id === id)).toMatchObject({
    progress: 64,
    amountPaid: 120.5,
    paymentId: 'pay_e2e_1',
  });

  await page.getByRole('button', { name: 'Mark as completed' }).click();
  await expect(page.getByRole('region', { name: 'Status & Progress' }).getByText('100%')).toBeVisible();
  await expect(value('Status & Progress', 'Completed')).toHaveText('Yes');
  expect((await demoEnrollments(page)).find((x) => x._id === id)).toMatchObject({ progress: 100, completed: true });

  // An id that is not in the list goes back to the overview.
  await page.goto('/enrollments/00000000-0000-4000-8000-00000000dead');
  await expect(page).toHaveURL(/\/enrollments$/);
});

test('the three CSV exports hold the right rows and columns', async ({ page }) => {
  await login(page, '/enrollments');
  const enrollments = await demoEnrollments(page);
  const batches = await demoBatches(page);

  const [all] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download All' }).click(),
  ]);
  expect(all.suggestedFilename()).toBe('enrollments.csv');
  const lines = await csvOf(all);
  expect(lines[0]).toBe(HEADER);
  expect(lines).toHaveLength(enrollments.length + 1);
  const first = enrollments[0]!;
  const batchOf = (e: Enrollment) => batches.find((b) => b._id === e.batchId)?.batchName ?? 'N/A';
  expect(lines[1]).toContain(`${first.currency ?? 'USD'} ${(first.amount ?? 0).toFixed(2)}`);
  expect(lines[1]).toContain(`,${first.isVerified ? 'Approved' : 'Pending'},`);
  expect(lines[1]).toContain(`,${new Date(first.createdAt).toLocaleDateString('en-US')},${batchOf(first)}`);
  const unpaid = enrollments.findIndex((e) => e.amount === null);
  if (unpaid >= 0) expect(lines[unpaid + 1]).toContain(',USD 0.00,');

  const batch = batches.find((b) => b.batchName === 'Summer 2026 Cohort')!;
  await card(page, batch.batchName).getByRole('link', { name: 'View Enrollments' }).click();
  const [one] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download', exact: true }).click(),
  ]);
  expect(one.suggestedFilename()).toBe('Summer 2026 Cohort.csv');
  const batchLines = await csvOf(one);
  expect(batchLines[0]).toBe(HEADER);
  expect(batchLines).toHaveLength(enrollments.filter((e) => e.batchId === batch._id).length + 1);
  expect(batchLines.slice(1).every((l) => l.endsWith(',Summer 2026 Cohort'))).toBe(true);

  const row = page.getByRole('row', { name: /^Open enrollment of / }).first();
  const name = (await row.getAttribute('aria-label'))!.replace('Open enrollment of ', '');
  const [single] = await Promise.all([
    page.waitForEvent('download'),
    row.getByRole('button', { name: `Download enrollment of ${name}` }).click(),
  ]);
  expect(single.suggestedFilename()).toBe(`${name}.csv`);
  const singleLines = await csvOf(single);
  expect(singleLines).toHaveLength(2);
  expect(singleLines[1]!.startsWith(`${name.includes(',') ? `"${name}"` : name},`)).toBe(true);
  expect(singleLines[1]!.endsWith(',Summer 2026 Cohort')).toBe(true);
});
