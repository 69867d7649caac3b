import { expect, test, type Page } from '@playwright/test';
import { SYNC_LISTS } from '@/shared/schemas/sync';
import { DEMO, deviceCopyLists, login } from './helpers';

/** Another admin's session: a token of its own, used straight against the API. */
async function anotherAdmin(page: Page) {
  const res = await page.request.post('/api/users/login-admin', { data: DEMO });
  const { authToken } = ((await res.json()) as { data: { authToken: string } }).data;
  return { authorization: `Bearer ${authToken}` };
}

test("another admin's change shows on this screen by itself, without a reload", async ({ page }) => {
  await login(page, '/courses');
  await expect(page.getByRole('heading', { name: 'Courses', exact: true })).toBeVisible();
  const title = `Pushed Course ${Date.now()}`;
  const created = await page.request.post('/api/courses/card', {
    headers: await anotherAdmin(page),
    data: {
      image: '/images/courses/cloud-devops.svg',
      title,
      description: 'Made elsewhere.',
      rating: 4,
      reviews: 1,
      price: 10,
    },
  });
  expect(created.ok()).toBe(true);
  await expect(page.getByRole('article', { name: title })).toBeVisible();

  // And its deletion, the same way.
  const { data } = (await created.json()) as { data: { _id: string } };
  const deleted = await page.request.delete(`/api/courses/${data._id}`, { headers: await anotherAdmin(page) });
  expect(deleted.ok()).toBe(true);
  await expect(page.getByRole('article', { name: title })).toBeHidden();
});

test('a first sync cut off part-way resumes from where it was, not from zero', async ({ page }) => {
  // Small pages, so the demo data comes in several; the third page's connection is reset once.
  const pulls: (string | null)[] = [];
  let reset = false;
  await page.route(/\/api\/sync(\?.*)?$/, async (route) => {
    const url = new URL(route.request().url());
    pulls.push(url.searchParams.get('cursor'));
    if (pulls.length === 3 && !reset) {
      reset = true;
      return route.abort('connectionreset');
    }
    url.searchParams.set('limit', '20');
    return route.continue({ url: url.toString() });
  });
  await login(page, '/users');
  await expect(page.getByRole('heading', { name: 'Users', exact: true })).toBeVisible();
  // The screen shows from the users' first page (docs/sync.md, "Progressive first sync"); the copy completes.
  await expect.poll(() => deviceCopyLists(page)).toBe(SYNC_LISTS.length);
  expect(reset).toBe(true);
  expect(pulls.filter((c) => c === null)).toHaveLength(1); // one full sync, resumed after the reset
  expect(pulls[3]).toBe(pulls[2]); // the page that failed was asked for again with the same cursor

  const total = (await page.request.get('/api/users', { headers: await anotherAdmin(page) }).then((r) => r.json())) as {
    users: unknown[];
  };
  await expect(page.getByText(`${total.users.length} users`, { exact: true })).toBeVisible();
});

test('after the first sync, a reload moves only what changed', async ({ page }) => {
  await login(page, '/users');
  await expect.poll(() => deviceCopyLists(page)).toBe(SYNC_LISTS.length);
  const replies: number[] = [];
  page.on('response', (res) => {
    if (!/\/api\/sync(\?|$)/.test(res.url())) return;
    // A pull of the page before the reload (the stream's, in flight as it reloads) has no body left to read.
    res.body().then(
      (body) => replies.push(body.length),
      () => undefined,
    );
  });
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Users', exact: true })).toBeVisible();
  await expect.poll(() => replies.length).toBeGreaterThan(0);
  // Nothing changed: each pull is a few hundred bytes, whatever the size of the lists.
  for (const size of replies) expect(size).toBeLessThan(1024);
});
