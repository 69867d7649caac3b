import { waitFor } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { auth } from '@/app/features/auth/auth-store';
import { createQueryClient } from '@/app/lib/query-client';
import { writeSession } from '@/app/lib/session-storage';
import { deleteDeviceCopies } from '@/app/lib/sync/device-store';
import { syncEngine } from '@/app/lib/sync/sync-engine';
import { SYNC_LISTS, type SyncReply } from '@/shared/schemas/sync';
import { adminUser, enrollments, users } from '../mocks/fixtures';
import { server } from '../mocks/server';
import { setMockLists, syncReply } from '../mocks/sync-api';
import { deviceCopy } from '../utils/device-copy';
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
    expect(usersOf(qc)).toHaveLength(users.length);
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
        const reply = syncReply(new URL(request.url).searchParams.get('cursor'));
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
    const renamed = { ...users[0]!, name: 'Renamed By This Admin' };
    syncEngine.applyLocal('users', [renamed]);
    expect(usersOf(qc)!.find((u) => u._id === renamed._id)!.name).toBe('Renamed By This Admin');
    await waitFor(() => expect(put).toHaveBeenCalledTimes(1)); // one chunk, no other write
    answer!();
    await waitFor(() => expect(asked).toBe(2)); // the write's own pull, after the held one
    expect(usersOf(qc)!.find((u) => u._id === renamed._id)!.name).toBe('Renamed By This Admin');
  });

  it("another admin's change arrives through the stream without a reload", async () => {
    const qc = await start();
    await syncEngine.ready();
    setMockLists({ users: [{ ...users[0]!, name: 'Changed Elsewhere' }, ...users.slice(1)] });
    await waitFor(() => expect(usersOf(qc)!.some((u) => u.name === 'Changed Elsewhere')).toBe(true));
  });

  it('Reload Data keeps the lists on screen until the full sync is whole, then swaps them', async () => {
    const qc = await start();
    await syncEngine.ready();
    const before = usersOf(qc);
    let page = 0;
    server.use(
      http.get('/api/sync', async () => {
        page++;
        await delay(20);
        const changes = emptyChanges();
        if (page === 1) changes.users.upserts = [users[0]!];
        return HttpResponse.json({ success: true, reset: page === 1, changes, cursor: `r${page}`, hasMore: page < 3 });
      }),
    );
    const reload = syncEngine.resync();
    await waitFor(() => expect(page).toBeGreaterThanOrEqual(2));
    expect(usersOf(qc)).toBe(before); // mid-way: the old copy is still what screens read
    await reload;
    expect(usersOf(qc)).toHaveLength(1);
    expect((await deviceCopy(adminUser._id))!.rows.users).toHaveLength(1);
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
        return HttpResponse.json({
          success: true,
          reset: at === 0,
          changes,
          cursor: `p${at + 1}`,
          hasMore,
          ...(hasMore ? { progress: { done: at + 1, total: users.length } } : {}),
        });
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
