import { expect, test, type Page } from '@playwright/test';
import { SYNC_LISTS } from '@/shared/schemas/sync';
import { DEMO, deviceCopyLists, login, storedCopies } from './helpers';

/** Rows of each list in the stored copy (its current generation), counted from the chunks' texts. */
async function storedRows(page: Page) {
  const rows: Record<string, number> = {};
  for (const { list, text } of (await storedCopies(page))[0]?.chunks ?? []) {
    const value = JSON.parse(text) as { n?: number } | unknown[];
    rows[list] = (rows[list] ?? 0) + (Array.isArray(value) ? value.length : (value.n ?? 0));
  }
  return rows;
}

test('the first sync goes through the page worker and ends with the server’s lists', async ({ page, context }) => {
  // Every sync page this tab's own thread fetches is counted: with the worker, there is none.
  await page.addInitScript(() => {
    const w = window as unknown as { tabSyncPages: number };
    w.tabSyncPages = 0;
    const original = window.fetch.bind(window);
    window.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
      const url = input instanceof Request ? input.url : String(input);
      if (/\/api\/sync\?/.test(url)) w.tabSyncPages++;
      return original(input, init);
    };
  });
  const workers: string[] = [];
  page.on('worker', (worker) => workers.push(worker.url()));
  const pages: string[] = [];
  context.on('request', (r) => {
    if (/\/api\/sync\?/.test(r.url())) pages.push(r.url());
  });

  await login(page, '/users');
  await expect.poll(() => deviceCopyLists(page)).toBe(SYNC_LISTS.length);
  expect(workers.some((url) => /page-worker/.test(url))).toBe(true);
  expect(pages.length).toBeGreaterThan(0);
  expect(await page.evaluate(() => (window as unknown as { tabSyncPages: number }).tabSyncPages)).toBe(0);

  // The copy it stored is the server's: each list's rows, and the users screen's count.
  const signIn = await page.request.post('/api/users/login-admin', { data: DEMO });
  const { authToken } = ((await signIn.json()) as { data: { authToken: string } }).data;
  const count = async (path: string, key: string) => {
    const res = await page.request.get(path, { headers: { authorization: `Bearer ${authToken}` } });
    return ((await res.json()) as Record<string, unknown[]>)[key]!.length;
  };
  const users = await count('/api/users', 'users');
  expect(await storedRows(page)).toMatchObject({
    users,
    enrollments: await count('/api/enrollments', 'data'),
    courses: await count('/api/courses', 'data'),
  });
  await expect(page.getByText(`${users} users`, { exact: true })).toBeVisible();
});
