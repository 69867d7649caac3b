import { waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { auth } from '@/app/features/auth/auth-store';
import { createQueryClient } from '@/app/lib/query-client';
import { writeSession } from '@/app/lib/session-storage';
import { deleteDeviceCopies, DeviceStore } from '@/app/lib/sync/device-store';
import type { SyncState } from '@/app/lib/sync/sync-engine';
import { SyncSession } from '@/app/lib/sync/sync-session';
import type { TabMessage } from '@/app/lib/sync/tab-channel';
import { TabRelay } from '@/app/lib/sync/tab-relay';
import type { User } from '@/shared/schemas';
import { SYNC_LISTS, type SyncReply } from '@/shared/schemas/sync';
import { adminUser, users } from '../mocks/fixtures';
import { server } from '../mocks/server';
import { mockLists, setMockLists } from '../mocks/sync-api';
import { deviceCopy, holdPulls, holdStoredList } from '../utils/device-copy';
import { installWebLocks } from '../utils/web-locks';

/**
 * Several tabs of one admin in one browser profile (docs/sync.md, "One stream per browser"): one leads (the Web
 * Lock's holder) and keeps the stream, pulls and writes the device copy; the others follow it over a
 * BroadcastChannel, and one of them takes over when it closes.
 */

let removeLocks: () => void;
const tabs: SyncSession[] = [];
/** Requests to the sync routes since the last `counted()`. */
let streams = 0;
let pulls = 0;
const count = ({ request }: { request: Request }) => {
  const { pathname } = new URL(request.url);
  if (pathname === '/api/sync/stream') streams++;
  if (pathname === '/api/sync') pulls++;
};

beforeEach(() => {
  removeLocks = installWebLocks();
  writeSession('test-token', adminUser);
  auth.reload();
  streams = pulls = 0;
  server.events.on('request:start', count);
});
afterEach(async () => {
  server.events.removeListener('request:start', count);
  for (const tab of tabs.splice(0)) tab.stop();
  removeLocks();
  await deleteDeviceCopies();
});

async function openTab() {
  const qc = createQueryClient();
  const state: Partial<SyncState> = {};
  const tab = new SyncSession(qc, adminUser._id, (s) => Object.assign(state, s));
  tabs.push(tab);
  await tab.loaded;
  tab.follow();
  await tab.ready();
  const name = (id: string) => qc.getQueryData<User[]>(['users'])?.find((u) => u._id === id)?.name;
  return { tab, qc, name, state };
}
const R = users[0]!;
const withR = (row: User) => users.map((u) => (u._id === R._id ? row : u));

describe('tabs of one admin', () => {
  it('one tab keeps the stream and pulls once per change; every tab shows it', async () => {
    const a = await openTab();
    await waitFor(async () => expect((await deviceCopy(adminUser._id))?.meta.complete).toBe(true));
    const others = [await openTab(), await openTab()];
    expect(a.tab.isLeader).toBe(true);
    expect(others.map((t) => t.tab.isLeader)).toEqual([false, false]);
    await waitFor(() => expect(streams).toBe(1));
    await Promise.all(tabs.map((t) => t.pull())); // the followers' catch-up pulls (the leader's) have ended
    pulls = 0;

    setMockLists({ users: withR({ ...R, name: 'Changed Elsewhere' }) });
    for (const t of [a, ...others]) await waitFor(() => expect(t.name(R._id)).toBe('Changed Elsewhere'));
    expect(pulls).toBe(1);
    expect(streams).toBe(1);
  });

  it("a follower's write reply shows in it at once, then in every tab, and the leader stores it", async () => {
    const a = await openTab();
    const b = await openTab();
    const c = await openTab();
    await waitFor(() => expect(b.name(R._id)).toBe(R.name)); // tab B shows the list (read from the device copy)
    const mine = { ...R, name: 'Written In Tab B' };
    setMockLists({ users: withR(mine) }); // the write commits; its reply comes to tab B
    b.tab.applyLocal('users', [mine], []);
    expect(b.name(R._id)).toBe(mine.name);
    for (const t of [a, c]) await waitFor(() => expect(t.name(R._id)).toBe(mine.name));
    await waitFor(async () =>
      expect((await deviceCopy(adminUser._id))!.rows.users.find((u) => u._id === R._id)).toMatchObject(mine),
    );
  });

  it('a session ended during its start-up (a logout) leaves the lead to the next one', async () => {
    const gone = new SyncSession(createQueryClient(), adminUser._id, () => {});
    gone.stop();
    await gone.loaded;
    const next = await openTab();
    expect(next.tab.isLeader).toBe(true);
    await waitFor(() => expect(streams).toBe(1));
  });

  it('a tab closed while it takes over (its copy still being read) leaves the lead to the next one', async () => {
    const a = await openTab();
    await waitFor(async () => expect((await deviceCopy(adminUser._id))?.meta.complete).toBe(true));
    const release = holdStoredList('enrollments'); // the next start-ups never finish reading their copy
    const b = new SyncSession(createQueryClient(), adminUser._id, () => {});
    tabs.push(b);
    await b.loaded;
    a.tab.stop();
    await waitFor(() => expect(b.isLeader).toBe(true)); // taking over: waits for its copy
    b.stop();
    const c = new SyncSession(createQueryClient(), adminUser._id, () => {});
    tabs.push(c);
    await c.loaded;
    await waitFor(() => expect(c.isLeader).toBe(true));
    release();
  });

  it('a tab opened while the leader has not stored its last change yet still gets it', async () => {
    const a = await openTab();
    await waitFor(async () => expect((await deviceCopy(adminUser._id))?.meta.complete).toBe(true));
    let store!: () => void;
    const stored = new Promise<void>((resolve) => (store = resolve));
    const write = DeviceStore.prototype.write;
    vi.spyOn(DeviceStore.prototype, 'write').mockImplementation(async function (this: DeviceStore, w) {
      await stored; // the leader's writes wait: the device copy lags what it told the tabs
      return write.call(this, w);
    });
    setMockLists({ users: withR({ ...R, name: 'Told Before B Listened' }) });
    // In the leader's copy and told to the tabs, not yet stored (nor on its screens, which follow the store).
    await waitFor(() => expect(a.tab.peek('users').find((u) => u._id === R._id)?.name).toBe('Told Before B Listened'));
    const b = await openTab();
    await waitFor(() => expect(b.name(R._id)).toBe('Told Before B Listened'));
    store();
  });

  it("a write from a tab opened since the leader's write was sent keeps the leader's hold on the cursor", async () => {
    const a = await openTab();
    await waitFor(async () => expect((await deviceCopy(adminUser._id))?.meta.complete).toBe(true));
    const sentAt = a.tab.meta.cursor;
    const replied = a.tab.marks.sent(); // A's write of R is sent
    const mine = { ...R, name: 'Written In Tab A' };
    const final = { ...R, name: 'Changed After A Wrote' };
    setMockLists({ users: withR(mine) }); // it commits, its reply is on its way…
    setMockLists({ users: withR(final) }); // …another admin changes R, and the copy pulls it
    await waitFor(() => expect(a.name(R._id)).toBe(final.name));
    await waitFor(async () => expect((await deviceCopy(adminUser._id))!.meta.cursor).toBe(a.tab.meta.cursor));
    // B opens from the device copy; the leader's whole copy for it is still on its way (at scale, seconds).
    vi.spyOn(TabRelay.prototype, 'sendCopy').mockImplementation(() => {});
    const b = await openTab();
    const T = users[2]!;
    await waitFor(() => expect(b.name(T._id)).toBe(T.name));
    // A pull is on its way when A's reply comes: the one A asks for after the reply goes out after it.
    const release = holdPulls();
    void a.tab.pull();
    replied();
    a.tab.applyLocal('users', [mine], []); // the older R shows, until a pull from where A's write was sent
    // B's write of T: its reply goes in, and to the leader with B's mark.
    b.tab.marks.sent()();
    b.tab.applyLocal('users', [{ ...T, name: 'Written In Tab B' }], []);
    await waitFor(() => expect(a.name(T._id)).toBe('Written In Tab B'));
    // B's copy is newer than A's write: the next pull still starts where A's write was sent, so it brings R again.
    const from: (string | null)[] = [];
    server.events.on('request:start', ({ request }) => {
      const url = new URL(request.url);
      if (url.pathname === '/api/sync') from.push(url.searchParams.get('cursor'));
    });
    release();
    await waitFor(() => expect(from.length).toBeGreaterThan(0));
    expect(from[0]).toBe(sentAt);
  });

  it('a tab that joins reads the whole copy from its own parts only, not from parts a closed leader left', async () => {
    const a = await openTab();
    await waitFor(async () => expect((await deviceCopy(adminUser._id))?.meta.complete).toBe(true));
    const told: TabMessage[] = [];
    const post = BroadcastChannel.prototype.postMessage;
    vi.spyOn(BroadcastChannel.prototype, 'postMessage').mockImplementation(function (this: BroadcastChannel, m) {
      told.push(m as TabMessage);
      return post.call(this, m);
    });
    await openTab(); // B joins: A tells it its whole copy in parts
    type Part = Extract<TabMessage, { t: 'copy' }>;
    const aPart = () => told.find((m): m is Part => m.t === 'copy' && m.list === 'users');
    await waitFor(() => expect(aPart()).toBeDefined());
    const part = aPart()!;
    // As a leader that closed while telling a copy leaves it: a part for the next tab's join, before its own copy.
    const leftover = new BroadcastChannel(`coursedesk-sync-${adminUser._id}`);
    leftover.onmessage = ({ data }: MessageEvent<TabMessage>) => {
      if (data.t === 'join') leftover.postMessage({ ...part, copy: 'a copy never finished', to: data.id });
    };
    const c = await openTab();
    const swapped = (m: TabMessage) => m.t === 'swap' && m.to !== null && m.to !== part.to; // C's copy, told whole
    await waitFor(() => expect(told.some(swapped)).toBe(true));
    await c.tab.relay.drained();
    leftover.close();
    const ids = (t: { qc: typeof a.qc }) => t.qc.getQueryData<User[]>(['users'])!.map((u) => u._id);
    expect(ids(c)).toEqual(ids(a)); // each row once, as the leader holds them
  });

  it('closing the leading tab hands the stream to another, and changes still reach every open tab', async () => {
    const a = await openTab();
    const b = await openTab();
    const c = await openTab();
    await waitFor(() => expect(streams).toBe(1));
    a.tab.stop();
    await waitFor(() => expect(streams).toBe(2)); // the next tab in the lock's queue opened its own
    const [leader, follower] = b.tab.isLeader ? [b, c] : [c, b];
    expect(leader.tab.isLeader).toBe(true);
    expect(follower.tab.isLeader).toBe(false);

    setMockLists({ users: withR({ ...R, name: 'After The Handover' }) });
    for (const t of [b, c]) await waitFor(() => expect(t.name(R._id)).toBe('After The Handover'));
    // The new leader stored everything it held as the device copy, and goes on storing.
    await waitFor(async () =>
      expect(((await deviceCopy(adminUser._id))!.rows.users.find((u) => u._id === R._id) as User).name).toBe(
        'After The Handover',
      ),
    );
  });

  it('a leader frozen without letting go loses the lead to a follower; running again, it steps down and follows', async () => {
    const a = await openTab();
    const b = await openTab();
    await waitFor(() => expect(streams).toBe(1));
    expect(a.tab.isLeader).toBe(true);
    // Frozen (as Chromium freezes a background tab, with no `freeze` event): tab A holds its lock and hears nothing,
    // so it answers no ping, until it thaws.
    const relay = a.tab.relay as unknown as { receive: (m: unknown) => void };
    const receive = relay.receive.bind(relay);
    const missed: unknown[] = [];
    relay.receive = (m) => void missed.push(m);
    await waitFor(() => expect(b.tab.isLeader).toBe(true), { timeout: 5_000 });
    await waitFor(() => expect(streams).toBe(2)); // B took the lock from A, and keeps the stream
    setMockLists({ users: withR({ ...R, name: 'While A Was Frozen' }) });
    await waitFor(() => expect(b.name(R._id)).toBe('While A Was Frozen'));

    // A thaws: it hears what it missed, no longer leads, and follows B (one stream, the change it slept through).
    relay.receive = receive;
    for (const m of missed.splice(0)) receive(m);
    expect(a.tab.isLeader).toBe(false);
    await waitFor(() => expect(a.name(R._id)).toBe('While A Was Frozen'));
    setMockLists({ users: withR({ ...R, name: 'After The Thaw' }) });
    for (const t of [a, b]) await waitFor(() => expect(t.name(R._id)).toBe('After The Thaw'));
    expect(streams).toBe(2);
    expect([a, b].map((t) => t.tab.isLeader)).toEqual([false, true]);
    await waitFor(async () =>
      expect(((await deviceCopy(adminUser._id))!.rows.users.find((u) => u._id === R._id) as User).name).toBe(
        'After The Thaw',
      ),
    );
  });

  it('Reload Data asked in a follower runs in the leader; every tab sees where it stands, a tab that joins too', async () => {
    const a = await openTab();
    const b = await openTab();
    await Promise.all([a, b].map((t) => t.tab.pull()));
    let fail = false;
    let fulls = 0;
    let release!: () => void;
    let held = new Promise<void>((resolve) => (release = resolve));
    const lists = Object.fromEntries(SYNC_LISTS.map((l) => [l, { done: 1, total: 2 }]));
    const empty = () =>
      Object.fromEntries(SYNC_LISTS.map((l) => [l, { upserts: [], deletes: [] }])) as unknown as SyncReply['changes'];
    server.use(
      http.get('/api/sync', async ({ request }) => {
        const cursor = new URL(request.url).searchParams.get('cursor');
        const changes = empty();
        if (cursor === null) fulls++;
        if (cursor === null) {
          for (const l of SYNC_LISTS) changes[l].upserts = mockLists()[l] as never[];
          changes.users.upserts = withR({ ...R, name: 'Reloaded' }) as never[];
          const progress = { done: 6, total: 12, lists };
          return HttpResponse.json({ success: true, reset: true, changes, cursor: 'p1', hasMore: true, progress });
        }
        if (cursor === 'p1') {
          await held;
          if (fail) return HttpResponse.json({ success: false, message: 'Unavailable' }, { status: 503 });
        }
        return HttpResponse.json({ success: true, reset: false, changes, cursor: 'p2', hasMore: false });
      }),
    );
    const running = { reload: 'running', progress: { done: 6, total: 12, lists } };
    const reload = b.tab.resync();
    for (const t of [a, b]) await waitFor(() => expect(t.state).toMatchObject(running));
    const c = await openTab(); // opened mid-way: the leader tells it where the reload stands
    await waitFor(() => expect(c.state).toMatchObject(running));
    const again = a.tab.resync(); // asked again meanwhile (in the leader): the same reload
    release();
    await Promise.all([reload, again]);
    expect(fulls).toBe(1);
    for (const t of [a, b, c]) {
      await waitFor(() => expect(t.state).toMatchObject({ reload: 'done', progress: null }));
      await waitFor(() => expect(t.name(R._id)).toBe('Reloaded'));
    }

    fail = true;
    held = new Promise<void>((resolve) => (release = resolve));
    const failing = c.tab.resync();
    for (const t of [a, b, c]) await waitFor(() => expect(t.state).toMatchObject(running));
    release();
    await expect(failing).rejects.toBeTruthy();
    expect(fulls).toBe(2); // the leader's attempt (with its one retry of the page); the follower does not ask again
    for (const t of [a, b, c]) {
      await waitFor(() => expect(t.state).toMatchObject({ reload: 'failed', progress: null }));
      expect(t.name(R._id)).toBe('Reloaded'); // the copy as it was
    }
  });

  it('a leader alone tells no pages; a tab that joins gets the whole copy, then each change, until it leaves', async () => {
    const heard: TabMessage['t'][] = [];
    const ear = new BroadcastChannel(`coursedesk-sync-${adminUser._id}`);
    ear.onmessage = (e: MessageEvent<TabMessage>) => heard.push(e.data.t);
    // The mock's pulls after a change bring the whole lists again (a reset): the leader stages them and tells the
    // tabs the new copy (`copy` parts, then `swap`), where a real server's delta would be a `page`.
    const told = () => heard.filter((t) => t === 'page' || t === 'copy' || t === 'swap');
    try {
      const a = await openTab();
      setMockLists({ users: withR({ ...R, name: 'Alone' }) });
      await waitFor(() => expect(a.name(R._id)).toBe('Alone'));
      expect(told()).toEqual([]);

      const b = await openTab();
      await waitFor(() => expect(heard).toContain('swap')); // its join: the copy in parts, then the swap
      expect(heard).toContain('copy');
      heard.length = 0;
      setMockLists({ users: withR({ ...R, name: 'Told' }) });
      await waitFor(() => expect(b.name(R._id)).toBe('Told'));
      expect(told()).not.toEqual([]);

      b.tab.stop();
      await waitFor(() => expect(heard).toContain('leave'));
      heard.length = 0;
      setMockLists({ users: withR({ ...R, name: 'Alone Again' }) });
      await waitFor(() => expect(a.name(R._id)).toBe('Alone Again'));
      expect(told()).toEqual([]);
    } finally {
      ear.close();
    }
  });

  it('Reload Data: a row its full sync sent and the delta after it sends again is held once, as the delta has it', async () => {
    const a = await openTab();
    const empty = () =>
      Object.fromEntries(SYNC_LISTS.map((l) => [l, { upserts: [], deletes: [] }])) as unknown as SyncReply['changes'];
    const lists = Object.fromEntries(SYNC_LISTS.map((l) => [l, { done: 1, total: 1 }]));
    server.use(
      http.get('/api/sync', ({ request }) => {
        const cursor = new URL(request.url).searchParams.get('cursor');
        const changes = empty();
        if (cursor === null) {
          // The full sync's one page: every list whole, and something changed since it began (hasMore).
          for (const l of SYNC_LISTS) changes[l].upserts = mockLists()[l] as never[];
          const progress = { done: 6, total: 6, lists };
          return HttpResponse.json({ success: true, reset: true, changes, cursor: 'd1', hasMore: true, progress });
        }
        // The delta after it (no progress): R changed while the full sync ran.
        if (cursor === 'd1') changes.users.upserts = [{ ...R, name: 'Changed Meanwhile' }] as never[];
        return HttpResponse.json({ success: true, reset: false, changes, cursor: 'd2', hasMore: false });
      }),
    );
    await a.tab.resync();
    await waitFor(() => expect(a.name(R._id)).toBe('Changed Meanwhile'));
    const held = a.qc.getQueryData<User[]>(['users'])!.filter((u) => u._id === R._id);
    expect(held).toHaveLength(1);
  });
});
