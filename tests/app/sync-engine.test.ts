import { waitFor } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { auth } from '@/app/features/auth/auth-store';
import { createQueryClient } from '@/app/lib/query-client';
import { writeSession } from '@/app/lib/session-storage';
import { deleteDeviceCopies } from '@/app/lib/sync/device-store';
import { SHOW_ALWAYS_BELOW, SHOW_EVERY_MS, ShowPace } from '@/app/lib/sync/show-pace';
import { LIVE_PAGE_ROWS, nextFirstSyncRows, PATCH_ROWS_PER_TASK, syncEngine } from '@/app/lib/sync/sync-engine';
import { SyncedList } from '@/app/lib/sync/synced-list';
import { MESSAGES } from '@/shared/messages';
import type { Enrollment } from '@/shared/schemas';
import { SYNC_LISTS, SYNC_NEXT_HEADER, SYNC_PAGE, type SyncReply } from '@/shared/schemas/sync';
import { adminUser, enrollments, users } from '../mocks/fixtures';
import { server } from '../mocks/server';
import { setMockLists, syncReplyTo } from '../mocks/sync-api';
import { deviceCopy, holdStoredList, storedCopy, storedGenerations } from '../utils/device-copy';
import { allowConsoleError } from './setup';

afterEach(async () => {
  syncEngine.stop();
  await deleteDeviceCopies();
});

async function start() {
  writeSession('test-token', adminUser);
  auth.reload();
  const qc = createQueryClient();
  await syncEngine.start(qc, adminUser._id);
  return qc;
}
const usersOf = (qc: ReturnType<typeof createQueryClient>) =>
  qc.getQueryData<{ _id: string; name: string }[]>(['users']);
const newestFirst = (a: { _id: string; createdAt: string }, b: { _id: string; createdAt: string }) =>
  a.createdAt === b.createdAt ? (a._id < b._id ? 1 : -1) : a.createdAt < b.createdAt ? 1 : -1;
const emptyChanges = () =>
  Object.fromEntries(SYNC_LISTS.map((l) => [l, { upserts: [], deletes: [] }])) as unknown as SyncReply['changes'];

describe('the device copy', () => {
  it('stores rows and cursor together, and a restart shows them with no network', async () => {
    await start();
    await syncEngine.ready();
    await waitFor(async () => expect((await deviceCopy(adminUser._id))?.meta.complete).toBe(true));
    const copy = (await deviceCopy(adminUser._id))!;
    expect(copy.meta.cursor).toMatch(/^mock-/);
    expect(copy.rows.users.map((u) => u._id).sort()).toEqual(users.map((u) => u._id).sort());
    expect(JSON.stringify(copy.rows.enrollments.find((e) => e._id === enrollments[0]!._id))).toBe(
      JSON.stringify(enrollments[0]),
    );
    syncEngine.stop();

    allowConsoleError();
    const unreachable = () => HttpResponse.html('<h1>502 Bad Gateway</h1>', { status: 502 });
    server.use(http.get('/api/sync', unreachable), http.get('/api/sync/stream', unreachable));
    const qc = await start();
    await syncEngine.ready(); // from the device: no pull needed
    expect(await syncEngine.read('users')).toHaveLength(users.length);
    expect(usersOf(qc)).toHaveLength(users.length);
  });

  it('a restart shows the list a screen asks for as soon as it is decoded, before the others, row for row', async () => {
    await storedCopy();
    const release = holdStoredList('enrollments');
    const qc = await start();
    await syncEngine.ready();
    expect((await syncEngine.read('users')).map((u) => JSON.stringify(u))).toEqual(
      [...users].sort(newestFirst).map((u) => JSON.stringify(u)),
    );
    expect(usersOf(qc)).toHaveLength(users.length);
    expect(qc.getQueryData(['enrollments'])).toBeUndefined(); // still on its way from the device
    release();
    const back = await syncEngine.read('enrollments');
    expect(back.map((e) => JSON.stringify(e))).toEqual(
      [...enrollments].sort(newestFirst).map((e) => JSON.stringify(e)),
    );
    expect(qc.getQueryData(['enrollments'])).toBe(back);
  });

  it('a restart shows the top of a big list while the rest is decoded, saying how much is in memory', async () => {
    const many = Array.from({ length: 2500 }, (_, i) => ({
      ...users[0]!,
      _id: `10000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
      email: `u${i}@example.com`,
      createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, i)).toISOString(),
    }));
    setMockLists({ users: many });
    await storedCopy();
    expect((await deviceCopy(adminUser._id))!.meta.counts?.users).toBe(2500);
    const release = holdStoredList('users');
    const qc = await start();
    const reading = syncEngine.read('users'); // the screen asks
    await release.one(); // the store gives one chunk of 1,000, then is slow
    const top = await reading;
    // A run of the list in screen order (the first of the stored chunks).
    const sorted = [...many].sort(newestFirst).map((u) => u._id);
    const at = sorted.indexOf(top[0]!._id);
    expect(top.map((u) => u._id)).toEqual(sorted.slice(at, at + 1000));
    expect(usersOf(qc)).toBe(top);
    const { arrival } = syncEngine.getState();
    expect(arrival?.lists.users).toEqual({ done: 1000, total: 2500 });
    expect(arrival?.whole).not.toContain('users');
    expect(syncEngine.isWhole('users')).toBe(true); // whole on the device: only this start-up is still reading it
    // A write's reply meanwhile (an edit of a row shown): at once in the rows shown, and in the copy once it is whole.
    syncEngine.applyLocal('users', [{ ...top[1]!, name: 'Edited Early' }]);
    expect(usersOf(qc)![1]).toMatchObject({ _id: top[1]!._id, name: 'Edited Early' });
    expect(usersOf(qc)).toHaveLength(1000);
    release();
    await waitFor(() => expect(usersOf(qc)).toHaveLength(2500));
    expect(usersOf(qc)!.find((u) => u._id === top[1]!._id)?.name).toBe('Edited Early');
    expect(syncEngine.getState().arrival).toBeNull();
  });

  it('stores each list in its screen order, chunk after chunk, so a restart never sorts it', async () => {
    // 2,500 users sent in no particular order: the device holds them newest first, in chunks of at most 1,000.
    const many = Array.from({ length: 2500 }, (_, i) => {
      const n = (i * 7919) % 2500;
      return {
        ...users[0]!,
        _id: `10000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
        email: `u${n}@example.com`,
        createdAt: `2026-01-01T00:00:${String(n % 60).padStart(2, '0')}.000Z`,
      };
    });
    setMockLists({ users: many });
    await storedCopy();
    const { chunkRows } = (await deviceCopy(adminUser._id))!;
    const laidOut = chunkRows.users.sort((a, b) => newestFirst(a[0]!, b[0]!));
    expect(laidOut.every((rows) => rows.length <= 1000)).toBe(true);
    const sorted = [...many].sort(newestFirst).map((u) => u._id);
    expect(laidOut.flat().map((u) => u._id)).toEqual(sorted);
    const sort = vi.spyOn(Array.prototype, 'sort');
    await start();
    // A start-up shows a list's top while it decodes the rest (a slice per task): read it once it is all in.
    await waitFor(async () => expect(await syncEngine.read('users')).toHaveLength(sorted.length));
    const back = await syncEngine.read('users');
    expect(back.map((u) => u._id)).toEqual(sorted);
    expect((sort.mock.contexts as unknown[][]).filter((sorted) => sorted.length > 100)).toEqual([]);
  });

  it('a write reply changes one chunk and the screens at once, and an older pull does not put it back', async () => {
    const qc = await start();
    await syncEngine.ready();
    await waitFor(async () => expect((await deviceCopy(adminUser._id))?.meta.complete).toBe(true));
    // A pull sent before the write is answered after it, with the row as it was.
    let answer: (() => void) | undefined;
    const held = new Promise<void>((r) => (answer = r));
    let asked = 0;
    server.use(
      http.get('/api/sync', async ({ request }) => {
        const reply = syncReplyTo(request);
        if (++asked > 1) return HttpResponse.json(reply);
        await held;
        const changes = emptyChanges();
        changes.users.upserts = [users[0]!];
        return HttpResponse.json({ ...reply, reset: false, changes });
      }),
    );
    setMockLists({}); // the stream announces a change: a pull goes out
    await waitFor(() => expect(asked).toBe(1));
    const put = vi.spyOn(IDBObjectStore.prototype, 'put');
    // Chunks and the meta share one store: a chunk's key is an array, the meta's the string 'state'.
    const chunkPuts = () => put.mock.calls.filter(([, key]) => Array.isArray(key));
    const renamed = { ...users[0]!, name: 'Renamed By This Admin' };
    setMockLists({ users: [renamed, ...users.slice(1)] }); // the write commits, and its reply comes
    syncEngine.applyLocal('users', [renamed]);
    expect(usersOf(qc)!.find((u) => u._id === renamed._id)!.name).toBe('Renamed By This Admin');
    // One chunk, and the meta that holds the cursor back until a pull sent after the reply (sync-race.test.ts).
    await waitFor(() => expect(chunkPuts()).toHaveLength(1));
    expect(put).toHaveBeenCalledTimes(2);
    answer!();
    await waitFor(() => expect(asked).toBe(2)); // the write's own pull, after the held one
    expect(usersOf(qc)!.find((u) => u._id === renamed._id)!.name).toBe('Renamed By This Admin');
  });

  it('a pull that brings a row as the copy holds it (the write reply) re-renders no screen and stores no chunk', async () => {
    const qc = await start();
    await syncEngine.ready();
    await waitFor(async () => expect((await deviceCopy(adminUser._id))?.meta.complete).toBe(true));
    const renamed = { ...users[0]!, name: 'Renamed By This Admin' };
    let brought = 0;
    server.use(
      http.get('/api/sync', ({ request }) => {
        const reply = syncReplyTo(request);
        const changes = emptyChanges();
        changes.users.upserts = [renamed];
        brought++;
        return HttpResponse.json({ ...reply, reset: false, changes });
      }),
    );
    const put = vi.spyOn(IDBObjectStore.prototype, 'put');
    const chunkPuts = () => put.mock.calls.filter(([, key]) => Array.isArray(key)).length;
    syncEngine.applyLocal('users', [renamed]);
    const shown = usersOf(qc);
    expect(shown!.find((u) => u._id === renamed._id)!.name).toBe('Renamed By This Admin');
    await waitFor(() => expect(chunkPuts()).toBe(1)); // the write's one chunk
    await syncEngine.pull();
    expect(brought).toBeGreaterThan(0);
    expect(usersOf(qc)).toBe(shown); // the same array: no screen renders the list again
    expect(chunkPuts()).toBe(1);
  });

  it('a bulk write of thousands of rows goes in a slice per task, and the screens get it once, whole', async () => {
    const many = Array.from({ length: PATCH_ROWS_PER_TASK * 2 + 1 }, (_, i) => ({
      ...users[0]!,
      _id: `bulk-${String(i).padStart(4, '0')}`,
      email: `bulk${i}@test.dev`,
      createdAt: new Date(Date.UTC(2026, 0, 1) - i * 1000).toISOString(),
    }));
    setMockLists({ users: many });
    const qc = await start();
    await syncEngine.ready();
    const apply = vi.spyOn(SyncedList.prototype, 'apply');
    const shown: (typeof many)[] = [];
    const unsubscribe = qc.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.query.queryKey[0] === 'users') shown.push(event.query.state.data);
    });
    await syncEngine.patchLocal('users', many, (u) => ({ ...u, name: 'Patched' }));
    unsubscribe();
    expect(apply.mock.calls.map(([rows]) => rows.length)).toEqual([PATCH_ROWS_PER_TASK, PATCH_ROWS_PER_TASK, 1]);
    expect(shown).toHaveLength(1);
    expect(shown[0]!.every((u) => u.name === 'Patched')).toBe(true);
  });

  it("another admin's change arrives through the stream without a reload", async () => {
    const qc = await start();
    await syncEngine.ready();
    setMockLists({ users: [{ ...users[0]!, name: 'Changed Elsewhere' }, ...users.slice(1)] });
    await waitFor(() => expect(usersOf(qc)!.some((u) => u.name === 'Changed Elsewhere')).toBe(true));
  });

  it('a stream refused over the session’s cap (429) keeps the session and the lists; pulls still bring changes', async () => {
    let refused = 0;
    server.use(
      http.get('/api/sync/stream', () => {
        refused++;
        return HttpResponse.json({ success: false, message: MESSAGES.sync.tooManyStreams(3) }, { status: 429 });
      }),
    );
    const qc = await start();
    await syncEngine.ready();
    await waitFor(() => expect(refused).toBe(1));
    setMockLists({ users: [{ ...users[0]!, name: 'Pulled Without A Stream' }, ...users.slice(1)] });
    await syncEngine.pull(); // as after a write, or the poll while the stream is down
    expect(usersOf(qc)!.some((u) => u.name === 'Pulled Without A Stream')).toBe(true);
    expect(auth.isLogin).toBe(true);
    expect(refused).toBe(1); // the next try waits the longest back-off, not a second
  });

  it('once the lists are on screen, pulls ask for smaller pages than the first sync', async () => {
    const limits: (string | null)[] = [];
    server.use(
      http.get('/api/sync', ({ request }) => {
        limits.push(new URL(request.url).searchParams.get('limit'));
        return HttpResponse.json(syncReplyTo(request));
      }),
    );
    await start();
    await syncEngine.ready();
    expect(limits[0]).toBe(String(SYNC_PAGE.default)); // the first sync starts at the server's default
    await syncEngine.pull();
    expect(limits.at(-1)).toBe(String(LIVE_PAGE_ROWS));
  });

  it('a first sync asks for larger pages while they come fast, up to the most the server gives', async () => {
    const limits: (string | null)[] = [];
    server.use(
      http.get('/api/sync', ({ request }) => {
        const page = limits.push(new URL(request.url).searchParams.get('limit'));
        const changes = emptyChanges();
        changes.users.upserts = [users[(page - 1) % users.length]!];
        return HttpResponse.json({ success: true, reset: page === 1, changes, cursor: `p${page}`, hasMore: page < 4 });
      }),
    );
    await start();
    await syncEngine.ready();
    // The four pages of the first sync (the stream's pull after it asks for live pages).
    expect(limits.slice(0, 4)).toEqual(['2000', '4000', '5000', '5000']);
  });

  it('a slow connection gets smaller first-sync pages, never below the live pages', () => {
    expect(nextFirstSyncRows(2000, 300)).toBe(4000);
    expect(nextFirstSyncRows(4000, 300)).toBe(SYNC_PAGE.max);
    expect(nextFirstSyncRows(4000, 5000)).toBe(4000); // neither fast nor slow: kept
    expect(nextFirstSyncRows(4000, 12_000)).toBe(2000);
    expect(nextFirstSyncRows(2000, 30_000)).toBe(LIVE_PAGE_ROWS);
    expect(nextFirstSyncRows(LIVE_PAGE_ROWS, 30_000)).toBe(LIVE_PAGE_ROWS);
  });

  it('Reload Data keeps the lists on screen until the full sync is whole, then swaps them', async () => {
    const qc = await start();
    await syncEngine.ready();
    const before = usersOf(qc);
    let page = 0;
    let release!: () => void;
    const lastPage = new Promise<void>((resolve) => (release = resolve));
    server.use(
      http.get('/api/sync', async () => {
        page++;
        await delay(20);
        // The last page waits until the test has looked mid-way (on a loaded machine the pages outran its look).
        if (page === 3) await lastPage;
        const changes = emptyChanges();
        if (page === 1) changes.users.upserts = [users[0]!];
        return HttpResponse.json({ success: true, reset: page === 1, changes, cursor: `r${page}`, hasMore: page < 3 });
      }),
    );
    const reload = syncEngine.resync();
    await waitFor(() => expect(page).toBeGreaterThanOrEqual(2));
    expect(usersOf(qc)).toBe(before); // mid-way: the old copy is still what screens read
    release();
    await reload;
    expect(usersOf(qc)).toHaveLength(1);
    expect((await deviceCopy(adminUser._id))!.rows.users).toHaveLength(1);
  });
});

describe('Reload Data', () => {
  /** A full sync of two pages (`first`: the users of the first), then deltas that bring `later` (the server now). */
  function resyncServer(first: typeof users, later: SyncReply['changes']['users'], secondPage: () => Promise<void>) {
    const asked: (string | null)[] = [];
    server.use(
      http.get('/api/sync', async ({ request }) => {
        const cursor = new URL(request.url).searchParams.get('cursor');
        asked.push(cursor);
        const changes = emptyChanges();
        if (cursor === null) {
          changes.users.upserts = first;
          const progress = { done: first.length, total: first.length + 1 };
          return HttpResponse.json({ success: true, reset: true, changes, cursor: 'r1', hasMore: true, progress });
        }
        if (cursor === 'r1') {
          await secondPage();
          return HttpResponse.json({ success: true, reset: false, changes, cursor: 'r2', hasMore: false });
        }
        changes.users = later;
        return HttpResponse.json({ success: true, reset: false, changes, cursor: 'r3', hasMore: false });
      }),
    );
    return asked;
  }

  it('a full sync that fails half-way leaves the copy as it was, in memory and on the device; it can be asked again', async () => {
    allowConsoleError();
    const qc = await start();
    await syncEngine.ready();
    await waitFor(async () => expect((await deviceCopy(adminUser._id))?.meta.complete).toBe(true));
    const shown = usersOf(qc);
    const stored = await deviceCopy(adminUser._id);
    const fresh = { ...users[0]!, _id: '40000000-0000-4000-8000-000000000001', name: 'Only After Reload' };
    let failing = true;
    const asked = resyncServer([fresh], { upserts: [], deletes: [] }, async () => {
      if (failing) throw new Error('the connection dropped');
    });
    await expect(syncEngine.resync()).rejects.toBeTruthy();
    // The query cache tried once more, from the page it had: then the attempt ended.
    expect(asked).toEqual([null, 'r1', 'r1']);
    expect(syncEngine.getState()).toMatchObject({ reload: 'failed', progress: null });
    expect(usersOf(qc)).toBe(shown);
    await waitFor(async () => expect(await storedGenerations(adminUser._id)).toEqual([stored!.meta.gen]));
    expect(await deviceCopy(adminUser._id)).toEqual(stored);
    // Later pulls keep the copy current from its own cursor, not from the abandoned full sync's.
    await syncEngine.pull();
    expect(asked.at(-1)).toBe(stored!.meta.cursor);

    failing = false;
    await syncEngine.resync();
    expect(asked.filter((c) => c === null)).toHaveLength(2); // asked again: a new full sync
    expect(usersOf(qc)!.map((u) => u.name)).toEqual(['Only After Reload']);
    expect(syncEngine.getState().reload).toBe('done');
    expect((await deviceCopy(adminUser._id))!.rows.users.map((u) => u._id)).toEqual([fresh._id]);
    expect(await storedGenerations(adminUser._id)).toEqual([stored!.meta.gen + 1]);
  });

  it('shares the rows that did not change with the copy it replaces, and takes the ones that did', async () => {
    const qc = await start();
    await syncEngine.ready();
    const oldUsers = new Map(usersOf(qc)!.map((u) => [u._id, u]));
    const oldEnrollments = new Map(qc.getQueryData<Enrollment[]>(['enrollments'])!.map((e) => [e._id, e]));
    const renamed = { ...users[1]!, name: 'Renamed Elsewhere' };
    setMockLists({ users: users.map((u) => (u._id === renamed._id ? renamed : u)) });
    await syncEngine.resync();
    const newUsers = usersOf(qc)!;
    expect(newUsers).toHaveLength(users.length);
    for (const u of newUsers)
      if (u._id === renamed._id) expect(u).toMatchObject({ name: 'Renamed Elsewhere' });
      else expect(u).toBe(oldUsers.get(u._id)); // the same object, not an equal copy
    const newEnrollments = qc.getQueryData<Enrollment[]>(['enrollments'])!;
    expect(newEnrollments).toHaveLength(enrollments.length);
    for (const e of newEnrollments) expect(e).toBe(oldEnrollments.get(e._id));
    expect((await deviceCopy(adminUser._id))!.rows.users.find((u) => u._id === renamed._id)).toMatchObject({
      name: 'Renamed Elsewhere',
    });
  });

  it('a write reply that goes in while it runs is in the new copy from the swap on, never the older row', async () => {
    const qc = await start();
    await syncEngine.ready();
    const renamed = { ...users[0]!, name: 'Renamed During Reload' };
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    // The first page brings the user as it was before the write; the server has the write by the time deltas come.
    const asked = resyncServer(users, { upserts: [renamed], deletes: [] }, () => held);
    const published: { _id: string; name: string }[][] = [];
    qc.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.query.queryKey[0] === 'users') published.push(event.query.state.data);
    });
    const reload = syncEngine.resync();
    await waitFor(() => expect(asked).toContain('r1')); // the first page is in the staging copy
    expect(syncEngine.getState().progress).toEqual({ done: users.length, total: users.length + 1 });
    syncEngine.applyLocal('users', [renamed]);
    expect(usersOf(qc)!.find((u) => u._id === renamed._id)!.name).toBe('Renamed During Reload');
    release();
    await reload;
    await syncEngine.pull();
    expect(published.length).toBeGreaterThanOrEqual(2); // the reply, then the new copy
    for (const list of published) expect(list.find((u) => u._id === renamed._id)!.name).toBe('Renamed During Reload');
    await waitFor(async () =>
      expect((await deviceCopy(adminUser._id))!.rows.users.find((u) => u._id === renamed._id)).toMatchObject({
        name: 'Renamed During Reload',
      }),
    );
  });
});

describe('the first sync', () => {
  /** A server that sends the users one per page; the third page's connection drops until `reconnect`. */
  function pagedServer() {
    const asked: (string | null)[] = [];
    let dropped = true;
    server.use(
      http.get('/api/sync', ({ request }) => {
        const cursor = new URL(request.url).searchParams.get('cursor');
        asked.push(cursor);
        const at = cursor ? Number(cursor.slice(1)) : 0;
        if (at === 2 && dropped) return HttpResponse.error();
        const changes = emptyChanges();
        if (at < users.length) changes.users.upserts = [users[at]!];
        const hasMore = at + 1 < users.length;
        // Each page names the next in its headers, as the real server does: the dropped page was asked for ahead.
        return HttpResponse.json(
          {
            success: true,
            reset: at === 0,
            changes,
            cursor: `p${at + 1}`,
            hasMore,
            ...(hasMore ? { progress: { done: at + 1, total: users.length } } : {}),
          },
          { headers: hasMore ? { [SYNC_NEXT_HEADER]: `p${at + 1}` } : {} },
        );
      }),
    );
    return { asked, reconnect: () => (dropped = false) };
  }

  it('comes in pages with progress, and resumes where a dropped connection left it', async () => {
    allowConsoleError();
    const { asked, reconnect } = pagedServer();
    const progress: (number | undefined)[] = [];
    const unsubscribe = syncEngine.subscribe(() => progress.push(syncEngine.getState().progress?.done));
    const qc = await start();
    await expect(syncEngine.ready()).rejects.toMatchObject({ kind: 'network' });
    expect(progress).toContain(2);
    expect(usersOf(qc)).toBeUndefined(); // not whole yet: nothing on screen
    expect((await deviceCopy(adminUser._id))!.meta).toMatchObject({ cursor: 'p2', complete: false });

    syncEngine.stop(); // a reload, with the connection back
    reconnect();
    const again = await start();
    await syncEngine.ready();
    unsubscribe();
    expect(asked.filter((c) => c === null)).toHaveLength(1); // the second start resumed at p2, not from zero
    expect(usersOf(again)).toHaveLength(users.length);
  });
  it('shows a big list after every page while it is small, then each time it doubles, and whole at the end', async () => {
    vi.useFakeTimers({ toFake: ['Date'] }); // the clock stands still: the sizes alone decide (not SHOW_EVERY_MS)
    const PAGE = 4000;
    const total = 10 * PAGE;
    expect(4 * PAGE).toBeLessThan(SHOW_ALWAYS_BELOW);
    const many = Array.from({ length: total }, (_, i) => ({
      ...users[0]!,
      _id: `20000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
      email: `p${i}@example.com`,
      createdAt: new Date(Date.UTC(2026, 0, 1) - i * 1000).toISOString(),
    }));
    const counts = (done: number) =>
      Object.fromEntries(SYNC_LISTS.map((l) => [l, l === 'users' ? { done, total } : { done: 0, total: 0 }]));
    server.use(
      http.get('/api/sync', ({ request }) => {
        const cursor = new URL(request.url).searchParams.get('cursor');
        const at = cursor ? Number(cursor.slice(1)) : 0;
        const changes = emptyChanges();
        changes.users.upserts = many.slice(at, at + PAGE);
        const next = at + PAGE;
        const hasMore = next < total;
        return HttpResponse.json({
          success: true,
          reset: at === 0,
          changes,
          cursor: `p${next}`,
          hasMore,
          ...(hasMore ? { progress: { done: next, total, lists: counts(next) } } : {}),
        });
      }),
    );
    const shown: number[] = [];
    const qc = createQueryClient();
    qc.getQueryCache().subscribe((e) => {
      if (e.type === 'updated' && e.action.type === 'success' && e.query.queryKey[0] === 'users')
        shown.push((e.query.state.data as unknown[]).length);
    });
    writeSession('test-token', adminUser);
    auth.reload();
    await syncEngine.start(qc, adminUser._id);
    await syncEngine.ready();
    await waitFor(() => expect(usersOf(qc)).toHaveLength(total));
    vi.useRealTimers();
    // Each page's rows while the list is under SHOW_ALWAYS_BELOW; then at twice the last size shown, then whole.
    expect(shown).toEqual([PAGE, 2 * PAGE, 3 * PAGE, 4 * PAGE, 8 * PAGE, total]);
    expect(usersOf(qc)!.map((u) => u._id)).toEqual(many.map((u) => u._id));
  });
});

describe('showing a growing list', () => {
  it('shows it when small, then when it has doubled or SHOW_EVERY_MS has passed', () => {
    const pace = new ShowPace();
    expect(pace.due('users', 50_000, 0)).toBe(true); // never shown yet
    pace.shown('users', 50_000, 0);
    expect(pace.due('users', 99_999, SHOW_EVERY_MS - 1)).toBe(false);
    expect(pace.due('users', 100_000, 1)).toBe(true);
    expect(pace.due('users', 60_000, SHOW_EVERY_MS)).toBe(true);
    expect(pace.due('enrollments', 60_000, 1)).toBe(true); // each list keeps its own pace
    pace.shown('users', 1000, 0);
    expect(pace.due('users', SHOW_ALWAYS_BELOW - 1, 1)).toBe(true);
  });
});

describe('pages asked for ahead', () => {
  const encoder = new TextEncoder();
  const pageUser = (at: number) => ({
    ...users[0]!,
    _id: `30000000-0000-4000-8000-00000000000${at}`,
    name: `Page ${at}`,
  });
  /** A server of `pages` pages, one user each, naming the next page in its headers (as the real one does). */
  function aheadServer(pages: number, { hold, wrongHeader }: { hold?: Promise<void>; wrongHeader?: boolean } = {}) {
    const asked: (string | null)[] = [];
    server.use(
      http.get('/api/sync', ({ request }) => {
        const cursor = new URL(request.url).searchParams.get('cursor');
        asked.push(cursor);
        const at = cursor ? Number(cursor.slice(1)) : 0;
        const changes = emptyChanges();
        if (at < pages) changes.users.upserts = [pageUser(at)]; // past the last page: nothing new
        const hasMore = at + 1 < pages;
        const next = `p${Math.min(at + 1, pages)}`;
        const text = JSON.stringify({ success: true, reset: at === 0, changes, cursor: next, hasMore });
        const headers: Record<string, string> = { 'content-type': 'application/json' };
        if (hasMore) headers[SYNC_NEXT_HEADER] = wrongHeader ? `p${at + 2}` : `p${at + 1}`;
        // The first page's headers come at once; its body only once `hold` settles.
        const body = new ReadableStream<Uint8Array>({
          async start(controller) {
            if (at === 0) await hold;
            controller.enqueue(encoder.encode(text));
            controller.close();
          },
        });
        return new HttpResponse(body, { headers });
      }),
    );
    return asked;
  }

  it('asks for the next pages as soon as headers name them, while a page still comes, each once', async () => {
    let release!: () => void;
    const asked = aheadServer(4, { hold: new Promise<void>((resolve) => (release = resolve)) });
    const qc = await start();
    // The first page's body has not come, yet the next two pages are asked for (no more: their rows wait in memory).
    await waitFor(() => expect(asked).toEqual([null, 'p1', 'p2']));
    expect(usersOf(qc)).toBeUndefined();
    release();
    await syncEngine.ready();
    expect(asked.slice(0, 4)).toEqual([null, 'p1', 'p2', 'p3']); // each page once (the stream's pull may follow)
    expect(usersOf(qc)!.map((u) => u.name)).toEqual(['Page 3', 'Page 2', 'Page 1', 'Page 0']);
    expect((await deviceCopy(adminUser._id))!.meta).toMatchObject({ cursor: 'p4', complete: true });
  });

  it("follows the body's cursor when a header names another page", async () => {
    const asked = aheadServer(3, { wrongHeader: true });
    const qc = await start();
    await syncEngine.ready();
    expect(asked).toContain('p1');
    expect(asked).toContain('p2');
    expect(usersOf(qc)!.map((u) => u.name)).toEqual(['Page 2', 'Page 1', 'Page 0']);
    expect((await deviceCopy(adminUser._id))!.meta).toMatchObject({ cursor: 'p3', complete: true });
  });
});

describe('logout', () => {
  it('deletes every device copy', async () => {
    await start();
    await syncEngine.ready();
    await waitFor(async () => expect(await deviceCopy(adminUser._id)).not.toBeNull());
    syncEngine.stop();
    await deleteDeviceCopies();
    expect((await indexedDB.databases()).filter((d) => d.name?.startsWith('coursedesk'))).toEqual([]);
  });
});
