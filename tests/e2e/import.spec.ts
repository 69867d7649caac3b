import fs from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import type { Batch, Course, Enrollment, User } from '@/shared/schemas';
import { login } from './helpers';

/** Calls the API with the page's own session (the server's truth, not the screen's). */
async function api<T>(page: Page, path: string, init: { method?: string; data?: unknown } = {}): Promise<T> {
  const token = await page.evaluate(() => localStorage.getItem('authToken'));
  const res = await page.request.fetch(`/api${path}`, {
    method: init.method ?? 'GET',
    headers: { authorization: `Bearer ${token}` },
    ...(init.data === undefined ? {} : { data: init.data }),
  });
  expect(res.ok(), `${path}: ${res.status()}`).toBe(true);
  return (await res.json()) as T;
}

/** Batches this spec started; each goes, with what was imported into it, after its test. */
const started: string[] = [];

/** A batch of its own, so the demo batches other specs count stay as they are. */
async function startBatch(page: Page, batchName: string): Promise<Batch> {
  const reply = await api<{ data: Batch }>(page, '/batches/start', {
    method: 'POST',
    data: { batchName, startDate: '2027-01-04' },
  });
  started.push(reply.data._id);
  return reply.data;
}

// The other spec files share this server: leave the data as it was.
test.afterEach(async ({ page }) => {
  for (const id of started.splice(0)) {
    const imported = (await api<{ data: Enrollment[] }>(page, '/enrollments')).data.filter((e) => e.batchId === id);
    if (imported.length)
      await api(page, '/enrollments/bulk', {
        method: 'POST',
        data: { action: 'delete', items: imported.map((e) => ({ id: e._id })) },
      });
    await api(page, `/batches/delete/${id}`, { method: 'DELETE' });
  }
});

/** Two rows two demo students can be enrolled by, and one with an email nobody has. */
async function importFile(page: Page, tag: string) {
  const users = (await api<{ users: User[] }>(page, '/users')).users.filter((u) => u.role === 'user');
  const [course] = (await api<{ data: Course[] }>(page, '/courses')).data;
  const [a, b] = users as [User, User];
  const lines = [
    'Name,Email,Paid Amount,Payment Method,Transaction ID,Course',
    `${a.name},${a.email},USD 49.00,Credit Card,e2e_${tag}_1,${course!.pageData.slug}`,
    `${b.name},${b.email},EUR 12.50,PayPal,e2e_${tag}_2,"${course!.pageData.title}"`,
    `Nobody,nobody-${tag}@example.com,USD 10.00,PayPal,e2e_${tag}_3,${course!.pageData.slug}`,
  ];
  return { names: [a.name, b.name], buffer: Buffer.from(lines.join('\r\n') + '\r\n') };
}

async function expectAccessible(page: Page, what: string) {
  const { violations } = await new AxeBuilder({ page })
    .include('[role="dialog"]')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  expect(violations.map((v) => `${what}: ${v.id} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);
}

const chooseFile = (page: Page, buffer: Buffer) =>
  page.locator('input[type="file"]').setInputFiles({ name: 'students.csv', mimeType: 'text/csv', buffer });

test('imports a CSV file on a batch page: preview, import, result file, and the rows appear', async ({ page }) => {
  await login(page, '/enrollments');
  const batch = await startBatch(page, 'E2E Import Cohort');
  const file = await importFile(page, 'main');
  await page.goto(`/enrollments/batch/${batch._id}`);
  await expect(page.getByText('No enrollments found.')).toBeVisible();

  await page.getByRole('button', { name: 'Import CSV' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import enrollments into E2E Import Cohort' });
  const [template] = await Promise.all([
    page.waitForEvent('download'),
    dialog.getByRole('button', { name: 'Download template' }).click(),
  ]);
  expect(template.suggestedFilename()).toBe('enrollments-import-template.csv');
  expect((await fs.readFile((await template.path())!, 'utf8')).replace(/^\uFEFF/, '').trim()).toBe(
    'Name,Email,Phone,Paid Amount,Payment Method,Transaction ID,Course,Course Description,Approved,Approval Date,Enrollment Date,Batch',
  );

  await chooseFile(page, file.buffer);
  await dialog.getByRole('button', { name: 'Check file' }).click();
  await expect(dialog.getByText('2 rows ready to import, 0 already recorded, 1 with errors.')).toBeVisible();
  await expect(dialog.getByText(`Will enroll ${file.names[0]} in`)).toBeVisible();
  await expect(dialog.getByText('Email: No user has this email.')).toBeVisible();
  await expect(page.getByText('No enrollments found.')).toBeVisible(); // a check writes nothing

  await dialog.getByRole('button', { name: 'Import 2 enrollments' }).click();
  await expect(
    dialog.getByText('Imported 2 enrollments. 0 already recorded, 1 with errors: the result file says why.'),
  ).toBeVisible();
  const [result] = await Promise.all([
    page.waitForEvent('download'),
    dialog.getByRole('button', { name: 'Download result file' }).click(),
  ]);
  expect(result.suggestedFilename()).toBe('E2E Import Cohort import result.csv');
  const lines = (await fs.readFile((await result.path())!, 'utf8'))
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n');
  expect(lines[0]).toBe('Name,Email,Paid Amount,Payment Method,Transaction ID,Course,Import Result,Import Details');
  expect(lines[1]).toMatch(/,Imported,Enrolled .+ for USD 49\.00\.$/);
  expect(lines[3]).toMatch(/,Invalid,Email: No user has this email\.$/);

  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toBeHidden();
  for (const name of file.names)
    await expect(page.getByRole('row', { name: `Open enrollment of ${name}` })).toBeVisible();
  await expect(page.getByText(/^2 enrollments · Starts/)).toBeVisible();

  // The same file again adds nothing: every transaction ID is recorded.
  await page.getByRole('button', { name: 'Import CSV' }).click();
  await chooseFile(page, file.buffer);
  await dialog.getByRole('button', { name: 'Check file' }).click();
  await expect(dialog.getByText('0 rows ready to import, 2 already recorded, 1 with errors.')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Import 0 enrollments' })).toBeDisabled();
});

test('a file with a formula is refused whole, with the reason', async ({ page }) => {
  await login(page, '/enrollments');
  const batch = await startBatch(page, 'E2E Import Refused');
  await page.goto(`/enrollments/batch/${batch._id}`);
  await page.getByRole('button', { name: 'Import CSV' }).click();
  const dialog = page.getByRole('dialog');
  await chooseFile(
    page,
    Buffer.from('Email,Paid Amount,Payment Method,Transaction ID,Course\r\n=cmd|calc,USD 1,Card,t1,x\r\n'),
  );
  await dialog.getByRole('button', { name: 'Check file' }).click();
  await expect(dialog.getByRole('alert')).toContainText(
    'Some cells start with =, +, - or @, which spreadsheets run as formulas: row 2 (Email).',
  );
});

for (const { theme, width } of [
  { theme: 'dark', width: 1366 },
  { theme: 'light', width: 1366 },
  { theme: 'dark', width: 390 },
  { theme: 'light', width: 390 },
]) {
  test(`the import dialog passes WCAG AA checks in the ${theme} theme at ${width}px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    await page.addInitScript((t) => localStorage.setItem('theme', t), theme);
    await login(page, '/enrollments');
    const batch = await startBatch(page, `E2E Import a11y ${theme} ${width}`);
    const file = await importFile(page, `a11y_${theme}_${width}`);
    await page.goto(`/enrollments/batch/${batch._id}`);
    await page.getByRole('button', { name: 'Import CSV' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('button', { name: 'Download template' })).toBeVisible();
    await expectAccessible(page, 'choose a file');

    await chooseFile(page, file.buffer);
    await dialog.getByRole('button', { name: 'Check file' }).click();
    await expect(dialog.getByText('Email: No user has this email.')).toBeVisible();
    await expectAccessible(page, 'preview');

    // Keyboard: the filter is reachable and works with the space bar.
    await dialog.getByRole('checkbox', { name: 'Show only rows with problems' }).focus();
    await page.keyboard.press('Space');
    await expect(dialog.getByText(`Will enroll ${file.names[0]} in`)).toBeHidden();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });
}
