import { expect, test, type Browser, type Page } from '@playwright/test';
import { generate } from 'otplib';
import { DEMO } from './helpers';

/**
 * Two-factor sign-in on the demo admin, in order: enrolment on the Two-factor screen, a sign-in with the app's
 * code, one with a recovery code, and ending another device's session. Afterwards two-factor is turned off again
 * through the API, so the other specs sign in with the password alone.
 */
test.describe.configure({ mode: 'serial' });

let secret = '';
let recoveryCodes: string[] = [];

/** The app's code `steps` time steps from now: each code signs in once, so a second one is the next step's. */
const appCode = (steps = 0) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';

/** The password step, then the code step with `code`; waits until the app has left the login. */
async function signIn(page: Page, code: string, target = '/') {
  await page.goto(`/login?redirect=${encodeURIComponent(target)}`);
  await page.getByPlaceholder('Enter your email').fill(DEMO.email);
  await page.getByPlaceholder('Enter your password').fill(DEMO.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByRole('heading', { name: 'Two-factor sign-in' })).toBeVisible();
  await page.getByLabel('Code from the app or a recovery code').fill(code);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).not.toHaveURL(/\/login/);
}

const newPage = async (browser: Browser, userAgent?: string) =>
  (await browser.newContext(userAgent ? { userAgent } : {})).newPage();

test('enrolment: the QR code and the key, a code of the app, then ten recovery codes', async ({ page }) => {
  await page.goto('/login?redirect=%2F');
  await page.getByPlaceholder('Enter your email').fill(DEMO.email);
  await page.getByPlaceholder('Enter your password').fill(DEMO.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).not.toHaveURL(/\/login/);
  await page.getByRole('link', { name: 'Two-factor sign-in' }).click();
  await expect(page.getByText(/Two-factor sign-in is off\./)).toBeVisible();
  await page.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
  const qr = page.getByRole('img', { name: 'QR code of the key for your authenticator app' });
  await expect(qr).toBeVisible();
  expect(await qr.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  secret = ((await page.getByLabel('Key').textContent()) ?? '').replace(/\s/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await page.getByLabel('Code from the app').fill(await appCode());
  await page.getByRole('button', { name: 'Turn on' }).click();
  const list = page.getByRole('list', { name: 'Your recovery codes' });
  await expect(list.getByRole('listitem')).toHaveCount(10);
  recoveryCodes = (await list.getByRole('listitem').allTextContents()).map((c) => c.trim());
  await page.getByRole('button', { name: 'I have saved them' }).click();
  await expect(page.getByText('Recovery codes left: 10 of 10.')).toBeVisible();
});

test('a sign-in asks for the code after the password; the start-up token login does not', async ({ browser }) => {
  const page = await newPage(browser);
  await signIn(page, await appCode(1), '/courses');
  await expect(page).toHaveURL(/\/courses$/);
  // A reload signs in with the stored token: no code asked.
  await page.reload();
  await expect(page.getByRole('link', { name: 'More Info' }).first()).toBeVisible();
  await expect(page).toHaveURL(/\/courses$/);
  await page.context().close();
});

test('a recovery code signs in once', async ({ browser }) => {
  const page = await newPage(browser);
  await signIn(page, recoveryCodes[0]!);
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await page.context().close();

  const again = await newPage(browser);
  await again.goto('/login');
  await again.getByPlaceholder('Enter your email').fill(DEMO.email);
  await again.getByPlaceholder('Enter your password').fill(DEMO.password);
  await again.getByRole('button', { name: 'Login' }).click();
  await again.getByLabel('Code from the app or a recovery code').fill(recoveryCodes[0]!);
  await again.getByRole('button', { name: 'Verify' }).click();
  await expect(
    again.getByText('That code is not right. Check that your phone’s clock is correct, or use a recovery code.'),
  ).toBeVisible();
  await expect(again).toHaveURL(/\/login/);
  await again.context().close();
});

test('the Sessions screen ends another device: it must sign in again', async ({ browser }) => {
  const phone = await newPage(browser, IPHONE);
  await signIn(phone, recoveryCodes[1]!);
  const laptop = await newPage(browser);
  await signIn(laptop, recoveryCodes[2]!);
  await laptop.getByRole('link', { name: 'Sessions' }).click();
  await expect(laptop.getByRole('heading', { name: 'Sessions' })).toBeVisible();
  await expect(laptop.getByText('This device', { exact: true })).toBeVisible();
  await laptop.getByRole('button', { name: 'End the session of Safari on iPhone' }).first().click();
  const dialog = laptop.locator('.swal2-popup');
  await expect(dialog.getByRole('heading', { name: 'End this session?' })).toBeVisible();
  await dialog.getByRole('button', { name: 'End' }).click();
  await expect(laptop.getByText('Session ended.')).toBeVisible();
  await expect(laptop.getByRole('button', { name: 'End the session of Safari on iPhone' })).toHaveCount(0);

  // The phone's next contact with the server finds its session ended.
  await phone.reload();
  await expect(phone).toHaveURL(/\/login/);
  await expect(phone.getByRole('heading', { name: 'Admin Login' })).toBeVisible();
  await phone.context().close();
  await laptop.context().close();
});

// Two-factor off again (a recovery code signs in, another turns it off): the other specs use the password alone.
test.afterAll(async ({ request }) => {
  if (!recoveryCodes.length) return;
  const first = await request.post('/api/users/login-admin', { data: DEMO });
  const { challenge } = (await first.json()).data;
  const second = await request.post('/api/users/login-2fa', { data: { challenge, code: recoveryCodes[8] } });
  const token = (await second.json()).data.authToken;
  const off = await request.post('/api/account/two-factor/disable', {
    data: { code: recoveryCodes[9] },
    headers: { authorization: `Bearer ${token}` },
  });
  expect(off.status()).toBe(200);
});
