import 'fake-indexeddb/auto';
import { QueryClient } from '@tanstack/react-query';
import { DeviceStore, deleteDeviceCopies, type DeviceMeta, type StoredChunk } from '@/app/lib/sync/device-store';
import { Interner } from '@/app/lib/sync/interning';
import { LIST_CODECS } from '@/app/lib/sync/list-codecs';
import { SyncSession } from '@/app/lib/sync/sync-session';
import { STORAGE_KEYS } from '@/shared/constants';
import { SYNC_LISTS, type SyncList, type SyncReply } from '@/shared/schemas/sync';
import { makeBatch, makeCourse, makeEnrollment, makeUser } from './factories';
import { TestLockManager } from './web-locks';
import type { TestServer } from './build-server';

/**
 * A model of browsers syncing against the real server (tests/server/sync-convergence.test.ts and
 * `npm run bench:convergence`). Each device is a browser profile with one to three tabs (SyncSession instances
 * sharing its IndexedDB, Web Locks and BroadcastChannel); the network between them and the server is a queue the
 * seed drives: requests answered at once, late (the server answers now, the tab hears later), out of order,
 * failed before the server, or dropped after it. Tabs write (their replies applied as the PWA does), other admins
 * write, streams announce, tabs reload and the leading tab closes. At the end, once the network is quiet, every
 * tab's lists and every device's stored copy must equal the server's lists.
 */

/** The few browser globals the sync engine needs, in Node (IndexedDB from fake-indexeddb, locks from the test's). */
export function installBrowser(fetch: typeof globalThis.fetch) {
  const store = new Map<string, string>();
  const g = globalThis as Record<string, unknown>;
  g.localStorage = {
    getItem: (k: string) => store.get(k) ?? null,
    setItem: (k: string, v: string) => void store.set(k, String(v)),
    removeItem: (k: string) => void store.delete(k),
  };
  g.window ??= new EventTarget();
  g.document ??= new EventTarget();
  Object.defineProperty(globalThis, 'navigator', {
    value: { locks: new TestLockManager(), onLine: true },
    configurable: true,
  });
  globalThis.fetch = fetch;
}

/** A small seeded random source (mulberry32): the same seed gives the same run. */
export function random(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (n: number) => Math.floor(next() * n),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!,
  };
}

interface Request {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: string | undefined;
  resolve: (r: Response) => void;
  reject: (e: unknown) => void;
  /** The server's reply, when it answered but the tab has not heard yet (answered late). */
  answer?: Response;
}

/** The network: every request waits in `queue` until the run says what happens to it. */
export class Network {
  queue: Request[] = [];
  private streams = new Set<ReadableStreamDefaultController<Uint8Array>>();
  constructor(private readonly s: TestServer) {}

  readonly fetch = (async (input: string | URL | globalThis.Request, init: RequestInit = {}) => {
    const url = String(input);
    const headers = Object.fromEntries(new Headers(init.headers).entries());
    if (url === '/api/sync/stream') return this.stream(init.signal ?? undefined);
    return new Promise<Response>((resolve, reject) => {
      const request: Request = {
        method: init.method ?? 'GET',
        url,
        headers,
        body: init.body as string | undefined,
        resolve,
        reject,
      };
      init.signal?.addEventListener('abort', () => {
        this.queue = this.queue.filter((r) => r !== request);
        reject(new DOMException('aborted', 'AbortError'));
      });
      this.queue.push(request);
    });
  }) as typeof globalThis.fetch;

  /** The sync stream, held by the run: it says "change" when the run announces one. */
  private stream(signal: AbortSignal | undefined) {
    let mine: ReadableStreamDefaultController<Uint8Array>;
    const body = new ReadableStream<Uint8Array>({
      start: (controller) => {
        mine = controller;
        this.streams.add(controller);
        controller.enqueue(new TextEncoder().encode('event: change\ndata: {"version":0}\n\n'));
      },
    });
    signal?.addEventListener('abort', () => {
      this.streams.delete(mine);
      mine.error(new DOMException('aborted', 'AbortError'));
    });
    return Promise.resolve(new Response(body, { headers: { 'content-type': 'text/event-stream' } }));
  }

  announce() {
    for (const s of this.streams) s.enqueue(new TextEncoder().encode('event: change\ndata: {"version":1}\n\n'));
  }

  private async serve(r: Request) {
    const res = await this.s.app.inject({
      method: r.method as 'GET',
      url: `/api${r.url.replace(/^\/api/, '')}`,
      headers: r.headers,
      ...(r.body === undefined ? {} : { payload: r.body }),
    });
    const headers = new Headers();
    for (const [k, v] of Object.entries(res.headers))
      if (typeof v === 'string' && k !== 'content-length') headers.set(k, v);
    return new Response(res.body, { status: res.statusCode, headers });
  }

  /** What happens to the request at `at`: answered, answered late (heard later), failed, or dropped after the server. */
  async act(at: number, what: 'answer' | 'late' | 'fail' | 'drop') {
    const r = this.queue[at];
    if (!r) return;
    if (r.answer) {
      this.queue.splice(at, 1);
      return r.resolve(r.answer);
    }
    if (what === 'fail') {
      this.queue.splice(at, 1);
      return r.reject(new TypeError('fetch failed'));
    }
    const answer = await this.serve(r);
    if (what === 'late') r.answer = answer;
    else {
      this.queue = this.queue.filter((q) => q !== r);
      if (what === 'drop') r.reject(new TypeError('fetch failed'));
      else r.resolve(answer);
    }
  }
}

/** Lets the tabs run: timers, IndexedDB and messages between them. */
export const settle = async (rounds = 6) => {
  for (let i = 0; i < rounds; i++)
    await new Promise((resolve) => (i % 3 === 2 ? setTimeout : setImmediate)(resolve, 0));
};

/** Rows as canonical JSON (keys sorted), by id: two copies compare field by field. */
const canonical = (v: unknown): unknown =>
  Array.isArray(v)
    ? v.map(canonical)
    : v && typeof v === 'object'
      ? Object.fromEntries(
          Object.keys(v)
            .sort()
            .map((k) => [k, canonical((v as Record<string, unknown>)[k])]),
        )
      : v;
export type Lists = Record<SyncList, Record<string, string>>;
const byId = (rows: readonly { _id: string }[]) =>
  Object.fromEntries(rows.map((r) => [r._id, JSON.stringify(canonical(r))]));

/** The server's lists, as a full sync gives them. */
export async function serverLists(s: TestServer, token: string): Promise<Lists> {
  const rows = Object.fromEntries(SYNC_LISTS.map((l) => [l, new Map<string, unknown>()])) as Record<
    SyncList,
    Map<string, { _id: string }>
  >;
  let cursor: string | null = null;
  for (;;) {
    const res = await s.app.inject({
      method: 'GET',
      url: `/api/sync${cursor ? `?cursor=${cursor}` : ''}`,
      headers: { authorization: `Bearer ${token}` },
    });
    const reply = res.json() as SyncReply;
    for (const l of SYNC_LISTS) {
      for (const r of reply.changes[l].upserts) rows[l].set(r._id, r);
      for (const id of reply.changes[l].deletes) rows[l].delete(id);
    }
    cursor = reply.cursor;
    if (!reply.hasMore) break;
  }
  return Object.fromEntries(SYNC_LISTS.map((l) => [l, byId([...rows[l].values()])])) as Lists;
}

/** A device's stored copy, decoded. */
async function storedLists(device: string): Promise<Lists | null> {
  const store = await DeviceStore.open(device);
  const chunks: StoredChunk[] = [];
  let meta: DeviceMeta | undefined;
  await store.read(
    SYNC_LISTS,
    (m) => Boolean((meta = m)),
    (_l, c) => c && chunks.push(c),
  );
  store.close();
  if (!meta?.complete) return null;
  const interner = new Interner();
  const out = {} as Lists;
  for (const l of SYNC_LISTS) {
    const codec = LIST_CODECS[l] as unknown as (typeof LIST_CODECS)['batches'];
    const rows = chunks.filter((c) => c.key[1] === l).flatMap((c) => codec.decode(c.text, interner));
    if (l === 'users') for (const u of rows as never[]) interner.setUser(u);
    out[l] = byId(rows);
  }
  return out;
}

interface Tab {
  session: SyncSession;
  device: string;
}

/** Where two copies differ: the first few rows, for the failure message. */
function differences(want: Lists, got: Lists) {
  const out: string[] = [];
  for (const l of SYNC_LISTS) {
    const ids = new Set([...Object.keys(want[l]), ...Object.keys(got[l])]);
    for (const id of ids)
      if (want[l][id] !== got[l][id])
        out.push(`${l} ${id}: server ${want[l][id] ?? '(none)'} / copy ${got[l][id] ?? '(none)'}`);
  }
  return out.slice(0, 3);
}

export interface RunOptions {
  seed: number;
  steps: number;
  devices: number;
}

/** The data the runs write to: a few users, courses, batches and enrollments. */
export async function seedWorld(s: TestServer) {
  const users = [];
  for (let i = 0; i < 4; i++) users.push(await makeUser(s.db));
  const courses = [await makeCourse(s.db), await makeCourse(s.db)];
  const batches = [await makeBatch(s.db), await makeBatch(s.db)];
  for (let i = 0; i < 10; i++)
    await makeEnrollment(s.db, { userId: users[i % 4]!.id, courseId: courses[i % 2]!.id, batchId: batches[i % 2]!.id });
  return { users, courses, batches };
}

/** One seeded run; throws with the seed and the first differences when a copy ends unlike the server's lists. */
export async function runWorld(
  s: TestServer,
  net: Network,
  token: string,
  world: Awaited<ReturnType<typeof seedWorld>>,
  o: RunOptions,
) {
  const rnd = random(o.seed);
  localStorage.setItem(STORAGE_KEYS.authToken, token);
  const tabs: Tab[] = [];
  const devices = Array.from({ length: o.devices }, (_, i) => `w${o.seed}-d${i}`);
  const open = async (device: string) => {
    const session = new SyncSession(new QueryClient(), device, () => {});
    const tab = { session, device };
    tabs.push(tab);
    await session.loaded;
    session.follow();
    return tab;
  };
  const close = (tab: Tab) => {
    tab.session.stop();
    tabs.splice(tabs.indexOf(tab), 1);
  };
  const enrollmentIds = async () =>
    (await s.api({ method: 'GET', url: '/api/enrollments', token }))
      .json<{ data: { _id: string }[] }>()
      .data.map((e) => e._id);

  for (const d of devices) for (let i = 0, n = 1 + rnd.int(3); i < n; i++) void open(d);
  await settle();

  for (let step = 0; step < o.steps; step++) {
    const roll = rnd.next();
    if (roll < 0.2) {
      // Another admin writes (through the server, no device of the run).
      const ids = await enrollmentIds();
      const id = rnd.pick(ids);
      const kind = rnd.int(5);
      if (kind === 0) await s.api({ method: 'PUT', url: `/api/enrollments/approve/${id}`, token });
      else if (kind === 1) await s.api({ method: 'PUT', url: `/api/enrollments/dis-approve/${id}`, token });
      else if (kind === 2)
        await s.api({
          method: 'PUT',
          url: `/api/enrollment/enrollments/${id}/progress`,
          token,
          payload: { progress: rnd.int(101) },
        });
      else if (kind === 3 && ids.length > 6)
        await s.api({ method: 'DELETE', url: `/api/enrollments/${id}`, token, payload: {} });
      else
        await makeEnrollment(s.db, {
          userId: rnd.pick(world.users).id,
          courseId: rnd.pick(world.courses).id,
          batchId: rnd.pick(world.batches).id,
        });
    } else if (roll < 0.4 && tabs.length > 0) {
      // A tab writes; its reply goes into its copy as the PWA's writes do (lib/list-writes.ts).
      const tab = rnd.pick(tabs);
      const held = tab.session.peek('enrollments');
      if (held.length === 0) continue;
      const id = rnd.pick(held)._id;
      const kind = rnd.int(4);
      const answered = tab.session.marks.sent();
      const [method, url, body] =
        kind === 0
          ? ['PUT', `/api/enrollments/approve/${id}`, undefined]
          : kind === 1
            ? ['PUT', `/api/enrollments/dis-approve/${id}`, undefined]
            : kind === 2
              ? ['PUT', `/api/enrollment/enrollments/${id}/progress`, JSON.stringify({ progress: rnd.int(101) })]
              : ['DELETE', `/api/enrollments/${id}`, '{}'];
      void globalThis
        .fetch(url, {
          method,
          body,
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        })
        // As apiCall does: the reply is in hand once its body is read, and goes in in the same task chain.
        .then(async (res) => {
          const reply = res.ok ? ((await res.json()) as { data?: { _id: string } }) : null;
          answered();
          if (!reply || !tabs.includes(tab)) return;
          if (method === 'DELETE') tab.session.applyLocal('enrollments', [], [id]);
          else tab.session.applyLocal('enrollments', [reply.data as never], []);
        })
        .catch(() => answered());
    } else if (roll < 0.55) net.announce();
    else if (roll < 0.93 && net.queue.length > 0) {
      const what = rnd.next();
      await net.act(
        rnd.int(net.queue.length),
        what < 0.55 ? 'answer' : what < 0.8 ? 'late' : what < 0.9 ? 'fail' : 'drop',
      );
    } else if (roll < 0.97 && tabs.length > 0) {
      // A reload.
      const tab = rnd.pick(tabs);
      close(tab);
      void open(tab.device);
    } else if (tabs.length > 0) {
      // The leading tab of a device closes; another takes over (a new one opens if it was the last).
      const device = rnd.pick(devices);
      const leader = tabs.find((t) => t.device === device && t.session.isLeader);
      if (leader) close(leader);
      if (!tabs.some((t) => t.device === device)) void open(device);
    }
    await settle(2);
  }

  // The network quiets down: everything waiting is answered, streams announce, every tab pulls once more.
  for (let round = 0; round < 200; round++) {
    net.announce();
    await settle();
    while (net.queue.length > 0) {
      await net.act(0, 'answer');
      await settle(2);
    }
    await settle();
    if (net.queue.length === 0 && round > 2) break;
  }
  // Every tab asks for one more pull (a follower's goes to its leader), answered while the network is pumped.
  let pulled = false;
  void Promise.all(tabs.map((t) => t.session.pull().catch(() => {}))).then(() => (pulled = true));
  for (let i = 0; i < 10_000 && !pulled; i++) {
    if (net.queue.length > 0) await net.act(0, 'answer');
    await settle(2);
  }
  await settle(10);

  const want = await serverLists(s, token);
  const problems: string[] = [];
  for (const tab of tabs) {
    const got = Object.fromEntries(SYNC_LISTS.map((l) => [l, byId(tab.session.peek(l))])) as Lists;
    const diff = differences(want, got);
    if (diff.length)
      problems.push(`tab of ${tab.device} (${tab.session.isLeader ? 'leader' : 'follower'}): ${diff.join('; ')}`);
  }
  for (const tab of [...tabs]) close(tab);
  await settle();
  // Each device's stored copy: a tab closed mid-write may leave it behind, but never with its cursor ahead of its
  // rows, so a new tab that starts from it and pulls once must hold the server's lists.
  for (const device of devices) {
    const stored = await storedLists(device);
    if (!stored) problems.push(`stored copy of ${device}: none whole`);
    const tab = await open(device);
    let pulled = false;
    void tab.session.pull().then(
      () => (pulled = true),
      () => (pulled = true),
    );
    for (let i = 0; i < 10_000 && !pulled; i++) {
      if (net.queue.length > 0) await net.act(0, 'answer');
      await settle(2);
    }
    const got = Object.fromEntries(SYNC_LISTS.map((l) => [l, byId(tab.session.peek(l))])) as Lists;
    const diff = differences(want, got);
    if (diff.length) problems.push(`stored copy of ${device}, reopened and pulled: ${diff.join('; ')}`);
    close(tab);
  }
  await settle();
  for (const device of devices) await deleteDeviceCopies(device);
  if (problems.length) throw new Error(`seed ${o.seed}: ${problems.join('\n')}`);
}
