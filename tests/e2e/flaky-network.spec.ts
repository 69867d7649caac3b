import { expect, test, type Page, type Route } from '@playwright/test';
import type { User } from '@/shared/schemas';
import { SYNC_LISTS } from '@/shared/schemas/sync';
import { confirmSwal, deviceCopyLists, login, waitForServiceWorker } from './helpers';

/** The token check, and the sync of the lists (its pulls and its stream). */
const TOKEN_CHECK = '**/api/users/login-by-token';
const SYNC = /\/api\/sync(\/stream)?(\?.*)?$/;

const session = (page: Page) =>
  page.evaluate(() => ({ token: localStorage.getItem('authToken'), user: localStorage.getItem('userData') }));

/** The demo users as the server lists them (newest first), read with the page's own session. */
async function demoUsers(page: Page): Promise<User[]> {
  const { token } = await session(page);
  const res = await page.request.get('/api/users', { headers: { authorization: `Bearer ${token}` } });
  return ((await res.json()) as { users: User[] }).users;
}

/** Logged in on /users, the service worker in control and the five lists stored on the device. */
async function loggedInWithCache(page: Page) {
  await login(page, '/users');
  await waitForServiceWorker(page);
  await expect.poll(() => deviceCopyLists(page)).toBe(SYNC_LISTS.length);
  return demoUsers(page);
}

/** The users screen from the cached lists, with the session still there. */
async function expectCachedUsers(page: Page, users: User[]) {
  await expect(page.getByRole('heading', { name: 'Users', exact: true })).toBeVisible();
  await expect(page.getByText(`${users.length} users`, { exact: true })).toBeVisible();
  await expect(page.locator('tbody tr[data-index]').first()).toContainText(users[0]!.name);
  expect(page.url()).not.toContain('/login');
  expect(await session(page)).toEqual({ token: expect.any(String), user: expect.any(String) });
  expect(await deviceCopyLists(page)).toBe(SYNC_LISTS.length);
}

const FAILURES: { name: string; reply: (route: Route) => Promise<void>; says: string }[] = [
  {
    name: "a proxy's 502 page",
    reply: (route) =>
      route.fulfill({ status: 502, contentType: 'text/html', body: '<html><h1>502 Bad Gateway</h1></html>' }),
    says: 'An unexpected error occurred. Please try again.',
  },
  {
    name: 'a 503 from a server in maintenance',
    reply: (route) =>
      route.fulfill({ status: 503, json: { success: false, message: 'Down for maintenance.', showMessage: true } }),
    says: 'Down for maintenance.',
  },
  {
    name: "a captive portal's 200 page",
    reply: (route) =>
      route.fulfill({ status: 200, contentType: 'text/html', body: '<html><h1>Sign in to the Wi-Fi</h1></html>' }),
    says: 'An unexpected error occurred. Please try again.',
  },
  {
    name: 'a reset connection',
    reply: (route) => route.abort('connectionreset'),
    says: 'No response from the server. Please check your network connection.',
  },
];

test('a 502, a 503, a captive portal and a reset connection keep the session and the cached lists', async ({
  page,
}) => {
  const users = await loggedInWithCache(page);
  for (const { name, reply, says } of FAILURES) {
    await test.step(name, async () => {
      await page.route(TOKEN_CHECK, reply);
      await page.route(SYNC, reply);
      await page.reload();
      await expectCachedUsers(page, users);
      // Refreshing the lists fails the same way: they stay, and the app says why in its usual words.
      await page.getByRole('button', { name: 'Reload Data' }).click();
      await expect(page.getByText(says)).toBeVisible();
      await expectCachedUsers(page, users);
      await page.unrouteAll();
    });
  }
});

test('15 rounds of offline, reload, online and reload at once never log out; a 401 then clears everything', async ({
  page,
  context,
}) => {
  test.slow(); // thirty reloads
  const users = await loggedInWithCache(page);
  for (let round = 1; round <= 15; round++) {
    await context.setOffline(true);
    await page.reload();
    await expect(page.getByText('Offline', { exact: true })).toBeVisible();
    await expectCachedUsers(page, users);
    // Back online, the page checks the token again; the reload cuts that check off.
    await context.setOffline(false);
    await page.reload();
    await expectCachedUsers(page, users);
  }

  const { token } = await session(page);
  const revoked = await page.request.post('/api/users/logout', { headers: { authorization: `Bearer ${token}` } });
  expect(revoked.ok()).toBe(true);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Admin Login' })).toBeVisible();
  expect(await session(page)).toEqual({ token: null, user: null });
  await expect.poll(() => deviceCopyLists(page)).toBe(0);
});

test('after a logout in another tab and a new login in this one, the other tab follows the new session', async ({
  page: other,
  context,
}) => {
  await login(other, '/courses');
  await expect(other.getByRole('heading', { name: 'Courses', exact: true })).toBeVisible();
  const page = await context.newPage();
  await page.goto('/courses');
  await expect(page.getByRole('heading', { name: 'Courses', exact: true })).toBeVisible();

  // The other tab logs out: this one follows to the login, remembering its screen.
  await other.getByRole('button', { name: 'Logout' }).click();
  await confirmSwal(other, 'Logout');
  await expect(other.getByRole('heading', { name: 'Admin Login' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Admin Login' })).toBeVisible();
  await expect(page).toHaveURL(/\/login\?redirect=%2Fcourses/);

  // Meanwhile the data changes (another admin adds a course), then this tab logs in again.
  const title = `Flaky Networks ${Date.now()}`;
  const signIn = await page.request.post('/api/users/login-admin', {
    data: { email: 'admin@coursedesk.dev', password: 'coursedesk-demo' },
  });
  const { authToken } = ((await signIn.json()) as { data: { authToken: string } }).data;
  const created = await page.request.post('/api/courses/card', {
    headers: { authorization: `Bearer ${authToken}` },
    data: {
      image: '/images/courses/cloud-devops.svg',
      title,
      description: 'Reading cached lists on a train.',
      rating: 4,
      reviews: 1,
      price: 10,
    },
  });
  expect(created.ok()).toBe(true);
  await page.getByPlaceholder('Enter your email').fill('admin@coursedesk.dev');
  await page.getByPlaceholder('Enter your password').fill('coursedesk-demo');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByText(title)).toBeVisible();

  // The tab that logged out follows the new session from its login to the dashboard, with the new lists.
  await expect(other.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await other.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Courses' }).click();
  await expect(other.getByText(title)).toBeVisible();
  const now = await session(page);
  expect(JSON.parse(now.user!)).toMatchObject({ email: 'admin@coursedesk.dev' });
  // It works on with the new session: its calls are accepted, nobody is logged out.
  await other.getByRole('button', { name: 'Reload Data' }).click();
  await expect(other.getByText('Reloading data…')).toBeHidden();
  await expect(other.getByText(title)).toBeVisible();
  expect(await session(other)).toEqual(now);
  await expect(page.getByText(title)).toBeVisible();
  expect(page.url()).not.toContain('/login');
});
