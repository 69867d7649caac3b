import { expect, test } from '@playwright/test';
import { DEMO, login } from './helpers';

test('a logged-out visit redirects to /login and returns to the wanted route after login', async ({ page }) => {
  await page.goto('/courses');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fcourses/);
  await expect(page.getByRole('heading', { name: 'Admin Login' })).toBeVisible();
  await page.getByPlaceholder('Enter your email').fill(DEMO.email);
  await page.getByPlaceholder('Enter your password').fill(DEMO.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/courses$/);
});

test("typing in the login form loads the next screen's code and the sync worker before the Login click", async ({
  page,
}) => {
  const scripts: string[] = [];
  page.on('request', (r) => void scripts.push(r.url()));
  const loaded = (file: RegExp) => scripts.some((url) => file.test(new URL(url).pathname));
  await page.goto('/login?redirect=%2Fusers');
  await expect(page.getByRole('heading', { name: 'Admin Login' })).toBeVisible();
  await page.waitForLoadState('load');
  expect(loaded(/^\/assets\/users-[^/]*\.js$/)).toBe(false);
  await page.getByPlaceholder('Enter your email').fill(DEMO.email);
  await expect.poll(() => loaded(/^\/assets\/page-worker-[^/]*\.js$/)).toBe(true);
  await expect.poll(() => loaded(/^\/assets\/users-[^/]*\.js$/)).toBe(true);
});

test('a wrong password says so and keeps the wanted route for the next try', async ({ page }) => {
  await page.goto('/courses');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fcourses/);
  await page.getByPlaceholder('Enter your email').fill(DEMO.email);
  await page.getByPlaceholder('Enter your password').fill('not-the-password');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByText('Invalid email or password')).toBeVisible();
  await expect(page).toHaveURL(/\/login\?redirect=%2Fcourses$/);
  await page.getByPlaceholder('Enter your password').fill(DEMO.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/courses$/);
});

test('the login button reads Logging in... and is disabled while pending', async ({ page }) => {
  await page.goto('/login');
  await page.route('**/api/users/login-admin', async (route) => {
    await new Promise((r) => setTimeout(r, 800));
    await route.continue();
  });
  await page.getByPlaceholder('Enter your email').fill(DEMO.email);
  await page.getByPlaceholder('Enter your password').fill(DEMO.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByRole('button', { name: 'Logging in...' })).toBeDisabled();
  await expect(page).toHaveURL(/\/$/);
});

test('logout asks first, revokes the token and leaves nothing in localStorage or IndexedDB', async ({ page }) => {
  await login(page, '/');
  const token = await page.evaluate(() => localStorage.getItem('authToken'));
  expect(token).toBeTruthy();
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByRole('heading', { name: 'Are you sure you want to logout?' })).toBeVisible();
  await expect(page.getByText('You will be logged out of your account.')).toBeVisible();
  await page.locator('.swal2-popup').getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByText('Logout Successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/login/);

  const left = await page.evaluate(async () => {
    const keys = Object.keys(localStorage).filter((k) => k !== 'theme');
    const dbs = await indexedDB.databases();
    const entries: number[] = [];
    for (const { name } of dbs) {
      if (!name) continue;
      const db = await new Promise<IDBDatabase>((res, rej) => {
        const r = indexedDB.open(name);
        r.onsuccess = () => res(r.result);
        r.onerror = () => rej(r.error);
      });
      for (const store of Array.from(db.objectStoreNames)) {
        entries.push(
          await new Promise<number>((res) => {
            const c = db.transaction(store).objectStore(store).count();
            c.onsuccess = () => res(c.result);
          }),
        );
      }
      db.close();
    }
    return { keys, entries: entries.reduce((a, b) => a + b, 0) };
  });
  expect(left).toEqual({ keys: [], entries: 0 });

  // The old token no longer works on the server.
  const res = await page.request.get('/api/users', { headers: { authorization: `Bearer ${token}` } });
  expect(res.status()).toBe(401);
});

test('unknown paths show the 404 page after login', async ({ page }) => {
  await login(page, '/no-such-page');
  await expect(page.getByRole('heading', { name: 'Oops! Lost in Space?' })).toBeVisible();
  await expect(page.getByText('Error Code: 404 - Page Not Found')).toBeVisible();
  // Search and Contact are the public site's (SITE_URL: this server in the e2e config), never this app's 404 again.
  const site = new URL(page.url()).origin;
  await expect(page.getByRole('link', { name: 'Search' })).toHaveAttribute('href', `${site}/search`);
  await expect(page.getByRole('link', { name: 'Contact' })).toHaveAttribute('href', `${site}/contact`);
  await page.getByRole('link', { name: 'Home' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
});
