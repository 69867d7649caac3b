import { expect, test, type Page } from '@playwright/test';
import { MESSAGES } from '@/shared/messages';
import { SYNC_LISTS } from '@/shared/schemas/sync';
import { DEMO, deviceCopyLists, login } from './helpers';

/** Rows per page here: the demo's 61 users come in four pages, the whole copy in about twenty. */
const LIMIT = '20';
const SYNC = /\/api\/sync(\?.*)?$/;

/** How many users the server holds (the demo's and its admin), asked with a session of its own. */
async function serverUsers(page: Page) {
  const res = await page.request.post('/api/users/login-admin', { data: DEMO });
  const { authToken } = ((await res.json()) as { data: { authToken: string } }).data;
  const list = await page.request.get('/api/users', { headers: { authorization: `Bearer ${authToken}` } });
  return ((await list.json()) as { users: unknown[] }).users.length;
}

/**
 * Every sync page (fetched by the page worker) asked for with small pages; `answer` decides each request's fate
 * from its 1-based number among the full sync's distinct cursors.
 */
async function smallPages(page: Page, answer: (n: number, retry: number) => 'continue' | 'hold' | 'drop') {
  const asked: { cursor: string | null; first: string | null }[] = [];
  const seen = new Map<string | null, number>();
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(SYNC, async (route) => {
    const url = new URL(route.request().url());
    const cursor = url.searchParams.get('cursor');
    asked.push({ cursor, first: url.searchParams.get('first') });
    if (!seen.has(cursor)) seen.set(cursor, seen.size + 1);
    const n = seen.get(cursor)!;
    const fate = answer(n, asked.filter((a) => a.cursor === cursor).length - 1);
    if (fate === 'drop') return route.abort('connectionreset');
    if (fate === 'hold') await released;
    url.searchParams.set('limit', LIMIT);
    return route.continue({ url: url.toString() }).catch(() => undefined); // the page may have gone
  });
  return { asked, release };
}

test('the screen asked for shows from its first page, says how much has come, and fills in', async ({ page }) => {
  // Every page after the first waits until the test has seen the screen.
  const { asked, release } = await smallPages(page, (n) => (n === 1 ? 'continue' : 'hold'));
  const total = await serverUsers(page);
  await login(page, '/users');
  await expect(page.getByRole('heading', { name: 'Users', exact: true })).toBeVisible();
  expect(asked[0]).toEqual({ cursor: null, first: 'users' }); // the login's redirect: its list first
  const arriving = page.getByRole('status').filter({ hasText: MESSAGES.sync.arriving(20, total, 'users') });
  await expect(arriving).toBeVisible();
  await expect(page.getByRole('row', { name: /^Open user / })).not.toHaveCount(0);
  // The CSV waits for the whole list, and so does "select all".
  await expect(page.getByRole('button', { name: 'Download Users' })).toBeDisabled();
  await expect(page.getByRole('checkbox', { name: MESSAGES.bulk.selectAll(20) })).toBeDisabled();
  expect(await deviceCopyLists(page)).toBe(0); // the copy is not whole yet

  release();
  await expect(page.getByText(`${total} users`, { exact: true })).toBeVisible();
  await expect(arriving).toBeHidden();
  await expect(page.getByRole('button', { name: 'Download Users' })).toBeEnabled();
  await expect.poll(() => deviceCopyLists(page)).toBe(SYNC_LISTS.length);
});

test('a first sync dropped while a screen is open keeps the screen and resumes from its cursor', async ({ page }) => {
  // The third page's connection resets twice (the pull's try and the query cache's retry): the back-off resumes.
  const { asked } = await smallPages(page, (n, retry) => (n === 3 && retry < 2 ? 'drop' : 'continue'));
  const total = await serverUsers(page);
  await login(page, '/users');
  await expect(page.getByRole('heading', { name: 'Users', exact: true })).toBeVisible();
  await expect.poll(() => deviceCopyLists(page), { timeout: 30_000 }).toBe(SYNC_LISTS.length);
  await expect(page.getByText(`${total} users`, { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Users', exact: true })).toBeVisible();
  const third = [...new Set(asked.map((a) => a.cursor))][2]!;
  expect(asked.filter((a) => a.cursor === third).length).toBeGreaterThanOrEqual(3); // dropped twice, then resumed
  expect(asked.filter((a) => a.cursor === null)).toHaveLength(1); // never started over
});
