import { expect, test, type Page } from '@playwright/test';
import type { Service } from '@/shared/schemas';
import { login } from './helpers';

async function demoServices(page: Page): Promise<Service[]> {
  const token = await page.evaluate(() => localStorage.getItem('authToken'));
  const res = await page.request.get('/api/services', { headers: { authorization: `Bearer ${token}` } });
  return ((await res.json()) as { data: Service[] }).data;
}

const rowName = (s: Service) => `Open service ${s.serviceDetails.title} of ${s.userDetails.name}`;

test('approve and disapprove a purchase; the server keeps the change', async ({ page }) => {
  await login(page, '/services');
  await expect(page.getByRole('heading', { name: 'Services', exact: true })).toBeVisible();
  const target = (await demoServices(page)).find((s) => !s.isVerified)!;
  const row = page.getByRole('row', { name: rowName(target) });
  await expect(row.getByText('Pending', { exact: true })).toBeVisible();

  await row.getByRole('button', { name: 'Approve' }).click();
  await expect(row.getByText('Verified', { exact: true })).toBeVisible();
  await expect(row.getByRole('button', { name: 'Disapprove' })).toBeEnabled();
  await expect(page.getByText('Service approved.')).toBeVisible();
  expect((await demoServices(page)).find((s) => s._id === target._id)!.isVerified).toBe(true);

  await row.getByRole('button', { name: 'Disapprove' }).click();
  await expect(row.getByText('Pending', { exact: true })).toBeVisible();
  expect((await demoServices(page)).find((s) => s._id === target._id)!.isVerified).toBe(false);

  // The change is in the cache: a reload shows it before any refetch could.
  await page.reload();
  await expect(page.getByRole('row', { name: rowName(target) }).getByText('Pending', { exact: true })).toBeVisible();
});

test("delete asks with 'Delete Service' and the name, then the row and the record are gone", async ({ page }) => {
  await login(page, '/services');
  const list = await demoServices(page);
  const victim = list[0]!; // on screen: the table renders only the rows in view
  await page
    .getByRole('button', { name: `Delete service ${victim.serviceDetails.title} of ${victim.userDetails.name}` })
    .click();
  const dialog = page.locator('.swal2-popup');
  await expect(dialog.getByRole('heading', { name: 'Delete Service' })).toBeVisible();
  await expect(dialog).toContainText(
    `Are you sure you want to delete ${victim.serviceDetails.title}? This action cannot be undone.`,
  );
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('row', { name: rowName(victim) })).toHaveCount(0);
  expect((await demoServices(page)).some((s) => s._id === victim._id)).toBe(false);
});

test('the detail shows the image, payment, customer and account information', async ({ page }) => {
  await login(page, '/services');
  const s = (await demoServices(page)).find((x) => x.userId && x.transactionId && x.paymentMethod)!;
  await page.getByRole('row', { name: rowName(s) }).click();
  await expect(page).toHaveURL(new RegExp(`/services/${s._id}$`));
  await expect(page.getByRole('heading', { name: s.serviceDetails.title })).toBeVisible();
  const img = page.getByRole('img', { name: s.serviceDetails.title });
  await expect(img).toHaveAttribute('src', new RegExp(`^http://127\\.0\\.0\\.1:\\d+${s.serviceDetails.image}$`));
  // The image really loads from the site address (this server).
  await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.naturalWidth)).toBeGreaterThan(0);
  await expect(page.getByText(s.serviceDetails.description)).toBeVisible();

  const dd = (label: string) => page.locator('dt', { hasText: new RegExp(`^${label}$`) }).locator('+ dd');
  await expect(dd('Amount')).toHaveText(new RegExp(`^${s.currency} [\\d,]+\\.\\d{2}$`));
  await expect(dd('Payment Method')).toHaveText(s.paymentMethod!);
  await expect(dd('Transaction ID')).toHaveText(s.transactionId!);
  await expect(dd('Name')).toHaveText(s.userDetails.name);
  await expect(dd('Email')).toHaveText(s.userDetails.email);
  await expect(dd('Phone')).toHaveText(s.userDetails.phone ?? 'N/A');
  await expect(dd('Created')).toHaveText(/^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2}\s(AM|PM)$/);
  await expect(dd('Last Updated')).toHaveText(/^[A-Z][a-z]{2} \d{1,2}, \d{4}/);
  await expect(page.getByRole('heading', { name: 'Account Information' })).toBeVisible();
  await expect(dd('Occupation')).toHaveText(s.userId!.occupation ?? 'N/A');
  await expect(dd('Contact Number')).toHaveText(s.userId!.contactNo ?? 'N/A');

  await page.getByRole('button', { name: s.isVerified ? 'Disapprove' : 'Approve' }).click();
  await expect(page.getByRole('button', { name: s.isVerified ? 'Approve' : 'Disapprove' })).toBeVisible();
});
