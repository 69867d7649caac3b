import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { auth } from '@/app/features/auth/auth-store';
import { createQueryClient } from '@/app/lib/query-client';
import { writeSession } from '@/app/lib/session-storage';
import { deleteDeviceCopies, DeviceStore } from '@/app/lib/sync/device-store';
import { FIRST_SYNC_RETRY_MS } from '@/app/lib/sync/pulls';
import { SyncSession } from '@/app/lib/sync/sync-session';
import { MESSAGES } from '@/shared/messages';
import type { Enrollment } from '@/shared/schemas';
import { SYNC_LISTS, type SyncList, type SyncReply, type SyncSummary } from '@/shared/schemas/sync';
import { fillOrder } from '@/shared/sync-lists';
import { adminUser, enrollments, users } from '../mocks/fixtures';
import { server } from '../mocks/server';
import { mockLists, setMockLists, syncReply, syncReplyTo } from '../mocks/sync-api';
import { deviceCopy, readStored } from '../utils/device-copy';
import { renderApp } from '../utils/render';
import { bodyRows } from '../utils/table';
import { installWebLocks } from '../utils/web-locks';
import { allowConsoleError } from './setup';

/**
 * A progressive first sync (docs/sync.md, "Progressive first sync") against a server that pages as the real one
 * does: `first` list first, then the others in SYNC_LISTS order, ROWS per page, each list's position kept in the
 * cursor, `progress.lists` on every page and the `summary` on the second (when the sync goes on after it). `hold(n)` keeps page n (1-based) from
 * being answered until released; `drop: { n: k }` makes page n's first k tries fail as a dropped connection.
 */
const ROWS = 2;
const SUMMARY: SyncSummary = {
  users: 1234,
  verifiedUsers: 1000,
  courses: 7,
  activeBatches: 5,
  pendingEnrollments: 4321,
  pendingServices: 9,
  revenue: [{ currency: 'USD', amount: 98765 }],
};

function pagedFirstSync({ hold = [], drop = {} }: { hold?: number[]; drop?: Record<number, number> } = {}) {
  const asked: { cursor: string | null; first: string | null }[] = [];
  const gates = new Map(
    hold.map((n) => {
      let resolve!: () => void;
      const promise = new Promise<void>((r) => (resolve = r));
      return [n, { promise, resolve }];
    }),
  );
  const dropped = new Map<number, number>();
  server.use(
    http.get('/api/sync', async ({ request }) => {
      const query = new URL(request.url).searchParams;
      const cursor = query.get('cursor');
      const first = query.get('first') as SyncList | null;
      if (cursor?.startsWith('mock-')) return HttpResponse.json(syncReplyTo(request)); // the delta after it
      asked.push({ cursor, first });
      const page = cursor ? Number(cursor.split(':')[1]) + 1 : 1;
      await gates.get(page)?.promise;
      if ((dropped.get(page) ?? 0) < (drop[page] ?? 0)) {
        dropped.set(page, (dropped.get(page) ?? 0) + 1);
        return HttpResponse.error();
      }
      const lists = mockLists();
      const at: number[] = cursor ? JSON.parse(cursor.split(':')[2]!) : SYNC_LISTS.map(() => 0);
      const changes = Object.fromEntries(SYNC_LISTS.map((l) => [l, { upserts: [], deletes: [] }])) as unknown as {
        [L in SyncList]: { upserts: unknown[]; deletes: string[] };
      };
      let room = ROWS;
      for (const list of fillOrder(first ?? undefined) as SyncList[]) {
        const i = SYNC_LISTS.indexOf(list);
        const rows = lists[list].slice(at[i], at[i]! + room);
        changes[list].upserts = rows;
        at[i] = at[i]! + rows.length;
        room -= rows.length;
        if (room === 0) break;
      }
      const whole = SYNC_LISTS.every((l, i) => at[i] === lists[l].length);
      const done = (l: SyncList) => at[SYNC_LISTS.indexOf(l)]!;
      const progress = {
        done: SYNC_LISTS.reduce((n, l) => n + done(l), 0),
        total: SYNC_LISTS.reduce((n, l) => n + lists[l].length, 0),
        lists: Object.fromEntries(SYNC_LISTS.map((l) => [l, { done: done(l), total: lists[l].length }])),
      };
      const reply = {
        success: true,
        reset: page === 1,
        changes,
        // Whole: a delta cursor that is current (the mock's), so the pulls after it bring nothing.
        cursor: whole ? syncReply(null).cursor : `full:${page}:${JSON.stringify(at)}`,
        hasMore: !whole,
        progress,
        ...(page === 2 && !whole ? { summary: SUMMARY } : {}),
      };
      return HttpResponse.json(reply as SyncReply);
    }),
  );
  return { asked, release: (n: number) => gates.get(n)!.resolve() };
}

/** Six users: three pages of them, newest first. */
const sixUsers = () =>
  Array.from({ length: 6 }, (_, i) => ({
    ...users[0]!,
    _id: `10000000-0000-4000-8000-00000000010${i}`,
    name: `User ${i}`,
    email: `user${i}@example.com`,
    createdAt: new Date(Date.UTC(2026, 9, 10 - i)).toISOString(),
  }));

describe('a progressive first sync', () => {
  it('shows the screen from the first page of its list, says how much has come, and fills in', async () => {
    setMockLists({ users: sixUsers() });
    const { asked, release } = pagedFirstSync({ hold: [2] });
    renderApp('/users');
    expect(await screen.findByRole('heading', { name: 'Users' })).toBeInTheDocument();
    // The users came first (the screen's list), and the screen shows their first page: two of six.
    expect(asked[0]).toEqual({ cursor: null, first: 'users' });
    expect(bodyRows().map((r) => within(r).getByText(/^User \d$/).textContent)).toEqual(['User 0', 'User 1']);
    const arriving = MESSAGES.sync.arriving(2, 6, 'users');
    expect(screen.getByText(arriving)).toHaveAttribute('role', 'status');
    // CSV waits for the whole list; "select all" does too. Rows can be selected one by one.
    const download = screen.getByRole('button', { name: 'Download Users' });
    expect(download).toBeDisabled();
    expect(download).toHaveAttribute('title', MESSAGES.sync.waitsForList('users', 6));
    expect(screen.getByRole('checkbox', { name: MESSAGES.bulk.selectAll(2) })).toBeDisabled();
    expect(screen.getByRole('checkbox', { name: MESSAGES.bulk.selectUser('User 0') })).toBeEnabled();

    release(2);
    await waitFor(() => expect(bodyRows()).toHaveLength(6));
    expect(screen.queryByText(/users loaded/)).toBeNull();
    expect(screen.getByRole('button', { name: 'Download Users' })).toBeEnabled();
    expect(screen.getByRole('checkbox', { name: MESSAGES.bulk.selectAll(6) })).toBeEnabled();
    expect(screen.getByText('6 users')).toBeInTheDocument();
  });

  it('shows the dashboard from the summary until the lists it counts are whole', async () => {
    // The users come first (the enrollments embed them): page 2 brings the last one and the first enrollment, and
    // the summary; page 3, without one, must not lose it.
    const { asked, release } = pagedFirstSync({ hold: [4] });
    renderApp('/');
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(asked[0]).toEqual({ cursor: null, first: 'enrollments' });
    const card = (label: string) =>
      within(screen.getByRole('main')).getByRole('link', { name: new RegExp(`^${label}`) });
    // The server's figures, not counts of the two enrollments that have come.
    expect(within(card('Users')).getByText('1,234')).toBeInTheDocument();
    expect(within(card('Enrollments to approve')).getByText('4,321')).toBeInTheDocument();
    expect(screen.getByText('USD 98,765.00')).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.sync.summaryNote)).toBeInTheDocument();
    const newest = screen.getByRole('heading', { name: 'Newest enrollments' }).closest('div')!.parentElement!;
    expect(within(newest).getByRole('link', { name: 'Ann Lee' })).toBeInTheDocument();

    // Page 3 in (the next two enrollments on screen): its figures are still the summary of page 2.
    await waitFor(() => expect(within(newest).getByRole('link', { name: 'José Álvarez' })).toBeInTheDocument());
    expect(within(card('Users')).getByText('1,234')).toBeInTheDocument();
    release(4);
    // Whole: the figures are counted from the lists (as the fixtures hold them).
    await waitFor(() => expect(within(card('Users')).getByText('3')).toBeInTheDocument());
    expect(screen.queryByText(MESSAGES.sync.summaryNote)).toBeNull();
    expect(screen.getByText('USD 399.00')).toBeInTheDocument();
  });

  it('brings the users before the enrollments that embed them: each user is held once and stored once', async () => {
    // Four enrollments of Ann Lee, each with its own copy of her, as JSON brings them.
    const ann = enrollments[0]!;
    const ofAnnSent = Array.from({ length: 4 }, (_, i) => ({
      ...ann,
      _id: `40000000-0000-4000-8000-00000000010${i}`,
      userId: { ...ann.userId! },
      createdAt: new Date(Date.UTC(2026, 10, 5 - i)).toISOString(),
    }));
    setMockLists({ enrollments: [...ofAnnSent, ...enrollments] });
    const { asked } = pagedFirstSync();
    const { queryClient } = renderApp('/');
    await waitFor(async () => expect((await deviceCopy(adminUser._id))?.meta.complete).toBe(true));
    expect(asked[0]!.first).toBe('enrollments');
    const held = queryClient.getQueryData<Enrollment[]>(['enrollments'])!;
    const ofAnn = held.filter((e) => e.userId?._id === users[0]!._id);
    expect(ofAnn.length).toBeGreaterThan(1);
    expect(new Set(ofAnn.map((e) => e.userId)).size).toBe(1); // one object, not one per enrollment
    // Stored as the users list's id: column 2 of an enrollments chunk holds the embedded user.
    const store = await DeviceStore.open(adminUser._id);
    const stored = (await readStored(store)).chunks.filter((c) => c.key[1] === 'enrollments');
    store.close();
    const userCells = stored.flatMap((c) => (JSON.parse(c.text) as { c: unknown[][] }).c[2]!);
    expect(userCells.length).toBe(mockLists().enrollments.length);
    expect(userCells.every((u) => u === null || typeof u === 'string')).toBe(true);
  });

  it('brings the list of the screen navigated to next', async () => {
    setMockLists({ users: sixUsers() });
    const { asked, release } = pagedFirstSync({ hold: [2] });
    const { router } = renderApp('/users');
    await screen.findByRole('heading', { name: 'Users' });
    await waitFor(() => expect(asked).toHaveLength(2)); // page 2 asked for with the users first, held
    expect(asked[1]!.first).toBe('users');
    await router.navigate({ to: '/services' });
    release(2);
    expect(await screen.findByRole('heading', { name: 'Services' })).toBeInTheDocument();
    // The page asked for after the navigation names the services.
    await waitFor(() => expect(asked.length).toBeGreaterThanOrEqual(3));
    expect(asked[2]!.first).toBe('services');
  });

  it('keeps the screen when a page drops, and goes on from the stored cursor after a back-off', async () => {
    allowConsoleError();
    setMockLists({ users: sixUsers() });
    // Page 2 fails twice: the pull's own try and the query cache's retry.
    const { asked } = pagedFirstSync({ drop: { 2: 2 } });
    renderApp('/users');
    await screen.findByRole('heading', { name: 'Users' });
    expect(bodyRows()).toHaveLength(2);
    // Page 2 dropped twice: the screen stays as it was, and the back-off asks for the same page again.
    await waitFor(() => expect(asked.filter((a) => a.cursor === asked[1]!.cursor)).toHaveLength(2));
    expect(bodyRows()).toHaveLength(2);
    expect(screen.getByRole('heading', { name: 'Users' })).toBeInTheDocument();
    await waitFor(() => expect(bodyRows()).toHaveLength(6), { timeout: FIRST_SYNC_RETRY_MS * 4 + 5000 });
    // Resumed, never started over: one page without a cursor.
    expect(asked.filter((a) => a.cursor === null)).toHaveLength(1);
  });

  it('brings the list a follower tab navigates to next (the leader hears it over the tab channel)', async () => {
    setMockLists({ users: sixUsers() });
    const { asked, release } = pagedFirstSync({ hold: [2] });
    const removeLocks = installWebLocks();
    writeSession('test-token', adminUser);
    auth.reload();
    const open = (focused: SyncList[]) =>
      new SyncSession(
        createQueryClient(),
        adminUser._id,
        () => {},
        () => focused,
      );
    // The leader shows the users; the follower opens on them too, then moves to the services.
    const leader = open(['users']);
    const follower = open(['users']);
    try {
      await leader.loaded;
      await follower.loaded;
      leader.follow();
      follower.follow();
      expect(leader.isLeader).toBe(true);
      expect(follower.isLeader).toBe(false);
      await waitFor(() => expect(asked).toHaveLength(2)); // page 2 asked for with the users first, held
      expect(asked[1]!.first).toBe('users');
      follower.focusOn(['services']);
      await waitFor(() => expect(leader.nextFirst()).toBe('services'));
      release(2);
      // The page asked for after the follower's navigation names the services.
      await waitFor(() => expect(asked.length).toBeGreaterThanOrEqual(3));
      expect(asked[2]!.first).toBe('services');
    } finally {
      follower.stop();
      leader.stop();
      removeLocks();
      await deleteDeviceCopies();
    }
  });

  it("takes the error screen away once the back-off brings the screen's list, and shows the screen", async () => {
    allowConsoleError();
    setMockLists({ users: sixUsers() });
    // Page 1 fails four times (two pulls, the one started at once and the loader's after it, each with the query
    // cache's retry): the loader fails, its error shows.
    pagedFirstSync({ drop: { 1: 4 } });
    renderApp('/users');
    expect(await screen.findByText('The data could not be loaded', {}, { timeout: 15_000 })).toBeInTheDocument();
    // The back-off asks again by itself and page 1 comes: the screen replaces the error, with no click.
    expect(
      await screen.findByRole('heading', { name: 'Users' }, { timeout: FIRST_SYNC_RETRY_MS * 4 + 5000 }),
    ).toBeInTheDocument();
    expect(screen.queryByText('The data could not be loaded')).toBeNull();
    await waitFor(() => expect(bodyRows()).toHaveLength(6));
  });
});
