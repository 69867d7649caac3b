import { expect, test, type Page } from '@playwright/test';
import type { Enrollment } from '@/shared/schemas';
import { DEMO, login } from './helpers';

/**
 * The tab that keeps the sync stream is frozen (docs/sync.md, "Handover"): Chromium freezes background tabs to
 * save power, and a frozen page runs nothing, so it can neither read the stream nor tell the other tabs. Another tab
 * takes the stream over and another admin's change still reaches it; once thawed, the old leader follows the new one
 * (no second stream) and shows the changes it slept through.
 */

async function asAdmin(page: Page) {
  const res = await page.request.post('/api/users/login-admin', { data: DEMO });
  const { authToken } = ((await res.json()) as { data: { authToken: string } }).data;
  return { authorization: `Bearer ${authToken}` };
}

test('a frozen stream tab hands the stream over; thawed, it steps down and follows', async ({ page, context }) => {
  test.slow(); // two pages and a handover on one shared machine
  /** Each stream request, with the tab that made it and whether it is still open. */
  const streams: { page: Page; open: boolean }[] = [];
  context.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/sync/stream')
      streams.push({ page: request.frame().page(), open: true });
  });
  const ended = (request: { url: () => string; frame: () => { page: () => Page } }) => {
    if (new URL(request.url()).pathname !== '/api/sync/stream') return;
    const stream = streams.find((s) => s.open && s.page === request.frame().page());
    if (stream) stream.open = false;
  };
  context.on('requestfailed', ended);
  context.on('requestfinished', ended);
  const openStreams = (p?: Page) => streams.filter((s) => s.open && (!p || s.page === p)).length;

  await login(page, '/enrollments');
  const headers = await asAdmin(page);
  const all = ((await (await page.request.get('/api/enrollments', { headers })).json()) as { data: Enrollment[] }).data;
  const pending = all.filter((e) => !e.isVerified && e.batchId);
  const [first, second] = [pending[0]!, pending.find((e) => e.batchId === pending[0]!.batchId && e !== pending[0])!];
  const url = `/enrollments/batch/${first.batchId}`;
  const other = await context.newPage();
  await Promise.all([page, other].map((p) => p.goto(url)));
  const row = (p: Page, e: Enrollment) =>
    p
      .getByRole('row', { name: `Open enrollment of ${e.userId?.name || e.userDetails.name}` })
      .filter({ hasText: e.courseDetails.title })
      .first();
  for (const p of [page, other]) {
    await row(p, first).scrollIntoViewIfNeeded();
    await expect(row(p, first).getByText('Pending')).toBeVisible();
  }
  await expect.poll(() => openStreams()).toBe(1);
  const holder = streams.find((s) => s.open)!.page;
  const follower = holder === page ? other : page;

  // The holder is frozen, as Chromium freezes a background tab: the follower takes the stream over. In headless
  // Chromium the lifecycle state alone leaves the page's timers and messages running (measured), so the debugger
  // stops it too: like a frozen or sleeping page, it then runs nothing, answers nothing and keeps its lock.
  const cdp = await context.newCDPSession(holder);
  await cdp.send('Page.setWebLifecycleState', { state: 'frozen' });
  await cdp.send('Debugger.enable');
  await cdp.send('Debugger.pause');
  await expect.poll(() => openStreams(follower)).toBe(1); // (the frozen tab's own stays open: it runs nothing)

  // Another admin's change reaches the follower, now the leader.
  const approved = await page.request.put(`/api/enrollments/approve/${first._id}`, { headers });
  expect(approved.ok()).toBe(true);
  await expect(row(follower, first).getByText('Approved')).toBeVisible();

  // Thawed, the old holder does not take the stream back: it follows, and shows what it slept through and what
  // comes next.
  await cdp.send('Debugger.resume');
  await cdp.send('Page.setWebLifecycleState', { state: 'active' });
  await expect.poll(() => openStreams(holder)).toBe(0); // it steps down: its stream ends
  await expect(row(holder, first).getByText('Approved')).toBeVisible();
  const again = await page.request.put(`/api/enrollments/approve/${second._id}`, { headers });
  expect(again.ok()).toBe(true);
  for (const p of [holder, follower]) {
    await row(p, second).scrollIntoViewIfNeeded();
    await expect(row(p, second).getByText('Approved')).toBeVisible();
  }
  expect(openStreams(holder)).toBe(0);
  expect(openStreams()).toBe(1);
});
