import { apiFetch, ApiError, watchWrites } from '@/app/lib/api-client';
import { MESSAGES } from '@/shared/messages';
import type { SyncReply } from '@/shared/schemas/sync';
import { SYNC_LISTS, SYNC_NEXT_HEADER, SYNC_ORDER, SYNC_PAGE, SYNC_SCHEMA, type SyncList } from '@/shared/sync-lists';
import { DeviceStore, type ChunkKey, type DeviceMeta, type StoredChunk } from './device-store';
import { Interner } from './interning';
import { CHUNK_FORMAT, LIST_CODECS, type SyncRows } from './list-codecs';
import { followSyncStream, STREAM_RETRY_MAX_MS } from './sync-stream';
import { SyncedList } from './synced-list';
import type { QueryClient } from '@tanstack/react-query';

/**
 * The PWA's copy of the lists (docs/sync.md): kept in memory, stored on the device in chunks, and kept
 * current by delta pulls that the sync stream triggers. Screens read the lists through their TanStack
 * queries (`['users']` …), which this engine fills; writes put the server's reply in through `applyLocal`.
 */

const FORMAT = `${CHUNK_FORMAT}:${SYNC_SCHEMA}`;
export const SYNC_QUERY_KEY = ['sync'] as const;
/** Stored chunks encoded per task (each up to 1,000 rows): well under the 50 ms of a long task. */
const ENCODE_CHUNKS_PER_TASK = 4;
/** Pages of a pull asked for before their turn: the server builds them while the browser reads and stores. */
const PAGES_AHEAD = 2;
/** Rows interned per task when a page brings thousands. */
const INTERN_ROWS_PER_TASK = 500;
/** Rows of a bulk write patched, found and replaced per task (about 10 ms on a 2-core machine). */
export const PATCH_ROWS_PER_TASK = 500;
/**
 * Rows per page once the lists are on screen (a first sync's pages grow from 2,000 to 5,000: nextFirstSyncRows):
 * reading a page's JSON is one task of the browser's, about 80 ms for 2,000 enrollments on a 2-core machine, so
 * the pages after a bulk write of 10,000 rows would come close to a long task the admin feels.
 */
export const LIVE_PAGE_ROWS = 1000;
/** A first-sync page that comes within this grows the next one; one that takes longer than SLOW shrinks it. */
const FAST_PAGE_MS = 2000;
const SLOW_PAGE_MS = 8000;

/**
 * Rows to ask for in the next page of a first sync, from the last page's size and how long it took to come: the
 * server's default first, doubled up to its maximum while pages come fast, halved (down to LIVE_PAGE_ROWS) when one
 * is slow. Fewer, larger pages made a first sync at scale about 13% faster (fewer round trips, replies and
 * stores); a slow connection keeps pages it fetches well inside the request timeout, and loses less if one drops.
 */
export function nextFirstSyncRows(rows: number, ms: number): number {
  if (ms < FAST_PAGE_MS) return Math.min(rows * 2, SYNC_PAGE.max);
  if (ms > SLOW_PAGE_MS) return Math.max(Math.floor(rows / 2), LIVE_PAGE_ROWS);
  return rows;
}
/** Decoding a stored copy yields to the browser this often: well under the 50 ms of a long task. */
const DECODE_SLICE_MS = 16;
/**
 * The order a start-up decodes the lists in, one at a time, each shown as soon as it is whole: users first (the
 * enrollments and purchases embed them), then the small ones; a list a screen asks for goes next.
 */
const DECODE_ORDER: readonly SyncList[] = ['users', 'batches', 'courses', 'enrollments', 'services', 'activity'];
const EMBEDS_USERS: ReadonlySet<SyncList> = new Set(['enrollments', 'services']);
/**
 * Yields to the browser for one task: a message, not setTimeout (clamped to 4 ms when nested, and paused by
 * a test's fake clock, which must not decide whether a pull finishes).
 */
const nextTask = () =>
  new Promise<void>((resolve) => {
    const { port1, port2 } = new MessageChannel();
    port1.onmessage = () => {
      port1.close();
      resolve();
    };
    port2.postMessage(null);
  });
function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve, done: false };
}

/** The stored chunks of each list as the device store hands them over, waited for one by one. */
class Arrivals {
  private queues = new Map<SyncList, { chunks: StoredChunk[]; at: number; ended: boolean }>();
  private wake: (() => void) | null = null;
  private error: unknown = null;

  private queue(list: SyncList) {
    let q = this.queues.get(list);
    if (!q) this.queues.set(list, (q = { chunks: [], at: 0, ended: false }));
    return q;
  }
  readonly take = (list: SyncList, chunk: StoredChunk | null) => {
    const q = this.queue(list);
    if (chunk) q.chunks.push(chunk);
    else q.ended = true;
    this.wake?.();
  };
  fail(error: unknown) {
    this.error = error ?? new Error('The device copy could not be read');
    this.wake?.();
  }
  /** The list's next chunk; null once it has no more. */
  async next(list: SyncList): Promise<StoredChunk | null> {
    for (;;) {
      if (this.error) throw this.error;
      const q = this.queue(list);
      if (q.at < q.chunks.length) {
        const chunk = q.chunks[q.at]!;
        q.chunks[q.at++] = undefined as never; // its text can go once decoded
        return chunk;
      }
      if (q.ended) return null;
      await new Promise<void>((resolve) => (this.wake = resolve));
      this.wake = null;
    }
  }
}

/**
 * A write's reply goes into the copy in the task chain that received it: its mark (where the copy stood when it
 * was sent) is kept this long, far longer than that.
 */
const WRITE_REPLY_GRACE_MS = 10_000;

/** How often the lists are pulled while the stream is down: never faster than this. */
export const POLL_MS = STREAM_RETRY_MAX_MS;

type Lists = { [L in SyncList]: SyncedList<SyncRows[L]> };
const newLists = (): Lists =>
  Object.fromEntries(SYNC_LISTS.map((l) => [l, new SyncedList(SYNC_ORDER[l])])) as unknown as Lists;
const freshMeta = (gen = 1): DeviceMeta => ({ format: FORMAT, gen, cursor: null, complete: false, syncedAt: 0 });

export interface SyncState {
  /** Rows received of a full sync under way (the first one, or Reload Data's). */
  progress: { done: number; total: number } | null;
  /**
   * The first pull of this start-up has ended (brought the server's changes, or failed: offline). Until then a
   * record missing from the device copy may only be newer than it, so a screen waits before calling it gone.
   */
  caughtUp: boolean;
}

/** The rows of the lists a reply touches, read loosely: a reply that is not the API's is refused whole. */
function checkReply(reply: unknown): SyncReply {
  const r = reply as Partial<SyncReply> | null;
  const listsOk =
    r?.changes &&
    SYNC_LISTS.every((l) => Array.isArray(r.changes![l]?.upserts) && Array.isArray(r.changes![l].deletes));
  if (r?.success !== true || typeof r.cursor !== 'string' || typeof r.hasMore !== 'boolean' || !listsOk)
    throw new ApiError('unexpected', 200, null, MESSAGES.sync.notOurs);
  return r as SyncReply;
}

class SyncSession {
  readonly interner = new Interner();
  live: Lists = newLists();
  /** A full resync under way while the live copy stays on screen: it replaces the live copy when whole. */
  private staging: { lists: Lists; gen: number; cursor: string | null } | null = null;
  meta: DeviceMeta = freshMeta();
  /** Null: memory only (IndexedDB unavailable, or another tab of this admin writes the copy). */
  private store: DeviceStore | null = null;
  private writer = false;
  /** The device's meta is read (the lists are still being decoded). */
  readonly loaded: Promise<void>;
  /** Each list once it is in memory: decoded from the device, or nothing to decode. */
  private decoded = new Map(SYNC_LISTS.map((l) => [l, deferred()]));
  /** Every list in memory: pulls and a new writer's write of the copy wait for it. */
  private readonly whole = deferred();
  /** Lists the screens asked for, decoded before the others. */
  private wanted: SyncList[] = [];
  private readonly abort = new AbortController();
  /** Write replies applied locally: a pull sent before one must not put back the older row. */
  private touched = new Map<string, number>();
  private seq = 0;
  /** Live pages applied: where the copy stands, in the order of its states. */
  private pos = 0;
  /**
   * The cursor held back for a write's reply, which may be older than what pulls since `pos` brought: it is the
   * stored cursor until a pull sent after the reply (`seq`) has been applied from it (docs/sync.md, "Writes").
   */
  private hold: { pos: number; cursor: string | null; seq: number } | null = null;
  /** Writes answered lately, each with where the copy stood when it was sent. */
  private answered: { pos: number; cursor: string | null; at: number }[] = [];
  /** Reload Data asked for a full sync: the next page is asked for without a cursor. */
  private forceReset = false;
  private running: Promise<void> | null = null;
  private again: Promise<void> | null = null;
  private poll: ReturnType<typeof setInterval> | undefined;
  /** Chunks changed by write replies, not stored yet (see storeLocal). */
  private unstored = new Map<SyncList, Set<number>>();
  private storing: Promise<void> | null = null;

  constructor(
    private readonly qc: QueryClient,
    readonly adminId: string,
    private readonly setState: (s: Partial<SyncState>) => void,
  ) {
    // The engine alone fills these queries: never refetched on their own, never dropped, never compared row by row.
    for (const key of [...SYNC_LISTS.map((l) => [l]), SYNC_QUERY_KEY])
      qc.setQueryDefaults(key, { staleTime: Infinity, gcTime: Infinity, structuralSharing: false });
    this.loaded = this.load();
    watchWrites(() => {
      const sent = this.mark();
      return () => this.answered.push({ ...sent, at: Date.now() });
    });
  }

  /** Where the copy stands: a delta from this cursor brings every change it may lack. */
  private mark() {
    return { pos: this.hold?.pos ?? this.pos, cursor: this.meta.cursor };
  }

  /**
   * A write's reply is about to go into the copy: pulls applied since the write was sent may have brought a newer
   * state of its rows (another admin's), which the reply would hide. The cursor goes back to where the copy stood
   * when the oldest write answered lately was sent, and stays there until a pull sent after this reply brings the
   * committed state of every row since.
   */
  private holdBack() {
    const now = Date.now();
    this.answered = this.answered.filter((a) => now - a.at < WRITE_REPLY_GRACE_MS);
    const oldest = this.answered.reduce((o, a) => (a.pos < o.pos ? a : o), this.mark());
    this.hold = { pos: oldest.pos, cursor: oldest.cursor, seq: ++this.seq };
    this.meta = { ...this.meta, cursor: oldest.cursor };
    void this.persist({ put: [], delete: [], meta: this.meta });
  }

  /** A page of a pull that began at `start` was applied to the live copy: the cursor to store. */
  private advance(cursor: string, start: number) {
    this.pos++;
    if (this.hold && start > this.hold.seq) this.hold = null;
    return this.hold?.cursor ?? cursor;
  }

  get alive() {
    return !this.abort.signal.aborted;
  }

  /**
   * The device copy: its meta at once (`loaded`), then its lists decoded in the background a slice per task,
   * each list shown as soon as it is whole (the screens wait only for the lists they show).
   */
  private async load() {
    const arrivals = new Arrivals();
    let reading: Promise<void> | null = null;
    try {
      this.store = await DeviceStore.open(this.adminId);
      await this.claimWriter();
      let seen!: () => void;
      const metaRead = new Promise<void>((resolve) => (seen = resolve));
      let meta: DeviceMeta | undefined;
      const read = this.store.read(
        DECODE_ORDER,
        (m) => {
          meta = m;
          seen();
          return m?.format === FORMAT;
        },
        arrivals.take,
      );
      read.catch((err: unknown) => arrivals.fail(err));
      await Promise.race([metaRead, read]);
      if (meta?.format === FORMAT) {
        this.meta = meta;
        reading = read;
      } else if (this.writer) await this.store.clear();
    } catch (err) {
      console.warn('The device copy could not be read; keeping the lists in memory only', err);
      this.store = null;
    }
    if (!this.alive) return;
    if (this.meta.complete)
      this.qc.setQueryData(SYNC_QUERY_KEY, { syncedAt: this.meta.syncedAt }, { updatedAt: this.meta.syncedAt });
    void this.decodeAll(reading, arrivals);
  }

  /** The stored lists into memory, one list at a time in DECODE_ORDER (the ones screens want first). */
  private async decodeAll(reading: Promise<void> | null, arrivals: Arrivals) {
    try {
      const left = new Set(reading ? DECODE_ORDER : []);
      while (left.size > 0) {
        const list = this.nextToDecode(left);
        left.delete(list);
        await this.decodeList(list, arrivals);
        if (!this.alive) return;
        this.listDecoded(list);
      }
      await reading;
    } catch (err) {
      console.warn('The device copy could not be read; syncing it again', err);
      this.live = newLists();
      this.meta = freshMeta(this.meta.gen + 1);
    }
    if (!this.alive) return;
    for (const list of SYNC_LISTS) this.listDecoded(list);
    this.whole.resolve();
    if (this.writer) await this.store?.dropOtherGens(this.meta.gen).catch((err) => console.warn(err));
  }

  private nextToDecode(left: ReadonlySet<SyncList>): SyncList {
    const list = this.wanted.find((l) => left.has(l)) ?? DECODE_ORDER.find((l) => left.has(l))!;
    return EMBEDS_USERS.has(list) && left.has('users') ? 'users' : list;
  }

  /** One list's stored chunks, decoded in slices that leave the browser free every DECODE_SLICE_MS. */
  private async decodeList(list: SyncList, arrivals: Arrivals) {
    const codec = LIST_CODECS[list];
    const stored: { key: number; rows: SyncRows[typeof list][] }[] = [];
    let slice = performance.now();
    for (let chunk = await arrivals.next(list); chunk; chunk = await arrivals.next(list)) {
      if (performance.now() - slice > DECODE_SLICE_MS) {
        await nextTask();
        if (!this.alive) return;
        slice = performance.now();
      }
      const rows = codec.decode(chunk.text, this.interner);
      if (list === 'users') for (const u of rows as SyncRows['users'][]) this.interner.setUser(u);
      stored.push({ key: chunk.key[2], rows });
    }
    const relaid = (this.live[list] as SyncedList<SyncRows[typeof list]>).load(stored);
    if (relaid.size > 0) void this.persist(this.encode(this.live, this.meta.gen, new Map([[list, relaid]])));
  }

  /** A list is in memory: whoever waits for it goes on, and the screens get it when the copy is whole. */
  private listDecoded(list: SyncList) {
    const d = this.decoded.get(list)!;
    if (d.done) return;
    d.done = true;
    d.resolve();
    if (this.meta.complete) this.qc.setQueryData([list], this.live[list].list());
  }

  /**
   * One tab per admin writes the device copy (two writers would lay chunks out differently and lose rows):
   * the first to hold the lock. Another tab keeps its copy in memory, and takes over, writing all it holds,
   * when the writer closes.
   */
  private async claimWriter() {
    if (!navigator.locks) {
      this.writer = true;
      return;
    }
    const name = `coursedesk-device-${this.adminId}`;
    const hold = () => new Promise<void>((release) => this.abort.signal.addEventListener('abort', () => release()));
    this.writer = await new Promise<boolean>((resolve) => {
      void navigator.locks.request(name, { ifAvailable: true }, (lock) => {
        resolve(lock !== null);
        return lock ? hold() : undefined;
      });
    });
    if (!this.writer)
      void navigator.locks
        .request(name, { signal: this.abort.signal }, async () => {
          await this.whole.promise;
          if (!this.alive) return;
          this.writer = true;
          await this.writeAll().catch((err) => console.warn('Could not store the device copy', err));
          return hold();
        })
        .catch(() => {});
  }

  /** The lists into their queries, and the sync time into ['sync'] (the shell's "Synced … ago"). */
  private publish(lists: readonly SyncList[], syncedAt?: number) {
    for (const list of lists) this.qc.setQueryData([list], this.live[list].list());
    if (syncedAt) this.qc.setQueryData(SYNC_QUERY_KEY, { syncedAt }, { updatedAt: syncedAt });
  }

  /** Waits until the copy is whole: at once from the device (its lists still decoding), else after the first full sync. */
  async ready() {
    await this.loaded;
    if (!this.meta.complete) await this.pull();
  }

  /** A list for a screen: once it is decoded (it goes first), and the copy is whole. */
  async read<L extends SyncList>(list: L): Promise<SyncRows[L][]> {
    if (!this.wanted.includes(list)) this.wanted.push(list);
    await this.loaded;
    await this.decoded.get(list)!.promise;
    if (!this.meta.complete) await this.pull();
    return this.peek(list);
  }

  /** The list as held now. */
  peek<L extends SyncList>(list: L): SyncRows[L][] {
    return this.live[list].list() as SyncRows[L][];
  }

  /** Pulls once now, then whenever the stream says so (or every POLL_MS while it is down). */
  follow() {
    this.background();
    followSyncStream(this.abort.signal, {
      onChange: () => this.background(),
      onState: (up) => {
        clearInterval(this.poll);
        if (!up) this.poll = setInterval(() => this.background(), POLL_MS);
      },
      onRejected: () => this.background(),
    });
  }

  /** A pull nobody waits for: its errors are reported by the query cache (toast, or the end of the session). */
  background() {
    this.pull().catch(() => {});
  }

  /** One pull at a time; a request during one runs once more after it (many requests, one more pull). */
  pull(): Promise<void> {
    if (!this.running)
      return (this.running = this.fetchPull().finally(() => {
        this.running = null;
      }));
    return (this.again ??= this.running
      .catch(() => {})
      .then(() => {
        this.again = null;
        return this.pull();
      }));
  }

  /** Through the query cache, so a failed pull is reported like every failed read (lib/query-client.ts). */
  private async fetchPull() {
    try {
      await this.qc.fetchQuery({
        queryKey: SYNC_QUERY_KEY,
        queryFn: ({ signal }) => this.pullPages(AbortSignal.any([signal, this.abort.signal])),
        staleTime: 0,
      });
    } finally {
      this.setState({ caughtUp: true });
    }
  }

  /** Pages until the server has nothing more; each page is applied and stored before the next is asked for. */
  private async pullPages(signal: AbortSignal): Promise<{ syncedAt: number }> {
    await this.loaded;
    await this.whole.promise;
    let firstSyncRows: number = SYNC_PAGE.default;
    /** Pages asked for before their turn, by cursor, and the newest cursor a reply's headers named. */
    const ahead = new Map<string, ReturnType<typeof fetchPage>>();
    let named: string | null = null;
    const askAhead = () => {
      if (named === null || ahead.size >= PAGES_AHEAD) return;
      ahead.set(named, fetchPage(named));
      named = null;
    };
    const fetchPage = (cursor: string | null) => {
      const seq = ++this.seq;
      const query = new URLSearchParams();
      if (cursor) query.set('cursor', cursor);
      const live = this.meta.complete;
      query.set('limit', String(live ? LIVE_PAGE_ROWS : firstSyncRows));
      const asked = performance.now();
      const reply = apiFetch<unknown>(`/sync?${query}`, {
        signal,
        timeoutMs: 60_000,
        onHeaders: (headers) => {
          named = headers.get(SYNC_NEXT_HEADER);
          askAhead();
        },
      }).then((r) => {
        if (!live) firstSyncRows = nextFirstSyncRows(firstSyncRows, performance.now() - asked);
        return { reply: checkReply(r), seq };
      });
      reply.catch(() => {}); // a page asked for ahead may fail before its turn: it is reported then
      return reply;
    };
    let page = fetchPage(this.forceReset ? null : this.staging ? this.staging.cursor : this.meta.cursor);
    const start = this.seq;
    this.forceReset = false;
    for (;;) {
      const { reply, seq } = await page;
      if (!this.alive) throw new DOMException('The session ended', 'AbortError');
      // The following pages are asked for as soon as a reply's headers name them (up to PAGES_AHEAD): the server
      // builds them while this one is read, applied and stored. Pages are applied in order, and a failure of any
      // ends the pull at the stored cursor.
      await this.applyPage(reply, seq, start);
      this.setState({ progress: reply.hasMore && reply.progress ? reply.progress : null });
      if (!reply.hasMore) return { syncedAt: this.meta.syncedAt };
      const following = ahead.get(reply.cursor);
      if (!following) ahead.clear();
      ahead.delete(reply.cursor);
      page = following ?? fetchPage(reply.cursor);
      askAhead();
    }
  }

  private async applyPage(reply: SyncReply, seq: number, start: number) {
    if (reply.reset) this.beginReset();
    const staging = this.staging;
    const target = staging?.lists ?? this.live;
    const gen = staging?.gen ?? this.meta.gen;
    const dirty = await this.applyChanges(target, reply, staging ? null : seq);
    for (const [id, at] of this.touched) if (at <= seq) this.touched.delete(id);

    const now = Date.now();
    if (staging) {
      staging.cursor = reply.cursor;
      if (reply.hasMore) return this.persist({ put: (await this.encodeInSlices(target, gen, dirty)).put, delete: [] });
      // The resync is whole: it becomes the copy, in one transaction with the old copy's removal.
      this.live = staging.lists;
      this.staging = null;
      this.meta = { format: FORMAT, gen, cursor: this.advance(reply.cursor, start), complete: true, syncedAt: now };
      await this.persist({ ...(await this.encodeInSlices(target, gen, dirty)), dropGen: gen - 1, meta: this.meta });
      return this.publish(SYNC_LISTS, now);
    }
    const wasComplete = this.meta.complete;
    this.meta = {
      ...this.meta,
      cursor: this.advance(reply.cursor, start),
      complete: wasComplete || !reply.hasMore,
      syncedAt: reply.hasMore ? this.meta.syncedAt : now,
    };
    // A write reply's chunks still waiting to be stored go first (storeLocal defers them): this page may have
    // skipped those rows as older, and its cursor must never be stored ahead of them.
    await this.storing?.catch(() => {});
    await this.persist({ ...(await this.encodeInSlices(target, gen, dirty)), meta: this.meta });
    if (!this.meta.complete) return;
    // Only the lists that changed: a pull that brings what the copy holds already re-renders no screen.
    const changed = [...dirty].filter(([, chunks]) => chunks.size > 0).map(([list]) => list);
    this.publish(wasComplete ? changed : SYNC_LISTS, reply.hasMore ? undefined : now);
  }

  /**
   * A reset: with a whole copy on screen (Reload Data, or a cursor the server can no longer serve), the full
   * sync goes into a staging copy and replaces it at the end; a first sync simply starts over.
   */
  private beginReset() {
    if (this.meta.complete) {
      this.staging = { lists: newLists(), gen: this.meta.gen + 1, cursor: null };
      return;
    }
    this.live = newLists();
    void this.persist({ put: [], delete: [], dropGen: this.meta.gen });
  }

  /** The changes into `lists`; `seq` (live pulls only) skips rows a later write reply already set. */
  private async applyChanges(lists: Lists, reply: SyncReply, seq: number | null) {
    const dirty = new Map<SyncList, Set<number>>();
    const fresh = (id: string) => seq === null || (this.touched.get(id) ?? 0) <= seq;
    let interned = 0;
    for (const list of SYNC_LISTS) {
      const { upserts, deletes } = reply.changes[list];
      if (upserts.length === 0 && deletes.length === 0) continue;
      const codec = LIST_CODECS[list];
      // A page of a few thousand rows (a bulk write's) is interned a slice per task.
      const all: SyncRows[typeof list][] = [];
      for (const r of upserts) {
        if (++interned % INTERN_ROWS_PER_TASK === 0) await nextTask();
        all.push(codec.intern(r as never, this.interner) as SyncRows[typeof list]);
      }
      // Checked after the slices: a write reply applied meanwhile is newer than this page.
      const rows = all.filter((r) => fresh(r._id));
      const gone = deletes.filter(fresh);
      if (list === 'users') {
        for (const u of rows as SyncRows['users'][]) this.interner.setUser(u);
        for (const id of gone) this.interner.deleteUser(id);
      }
      dirty.set(list, (lists[list] as SyncedList<(typeof rows)[number]>).apply(rows, gone));
    }
    return dirty;
  }

  /** The chunks that changed, in their stored form (an emptied chunk is deleted). */
  private encode(lists: Lists, gen: number, dirty: Map<SyncList, Set<number>>) {
    const put: StoredChunk[] = [];
    const deletes: ChunkKey[] = [];
    if (!this.writer) return { put, delete: deletes };
    for (const [list, chunks] of dirty)
      for (const chunk of chunks) {
        const rows = lists[list].chunkRows(chunk);
        const key: ChunkKey = [gen, list, chunk];
        if (rows.length === 0) deletes.push(key);
        else put.push({ key, text: LIST_CODECS[list].encode(rows as never[], this.interner) });
      }
    return { put, delete: deletes };
  }

  /**
   * The same, a few chunks per task: a page or a bulk write that touches every chunk of 200,000 rows would
   * otherwise encode them all in one long task. Each chunk is encoded as it is when its turn comes.
   */
  private async encodeInSlices(lists: Lists, gen: number, dirty: Map<SyncList, Set<number>>) {
    const put: StoredChunk[] = [];
    const deletes: ChunkKey[] = [];
    let n = 0;
    for (const [list, chunks] of dirty)
      for (const chunk of chunks) {
        if (n++ % ENCODE_CHUNKS_PER_TASK === 0 && n > 1) await nextTask();
        const part = this.encode(lists, gen, new Map([[list, new Set([chunk])]]));
        put.push(...part.put);
        deletes.push(...part.delete);
      }
    return { put, delete: deletes };
  }

  /** Everything this tab holds, as a new generation (a tab that has just become the writer). */
  private async writeAll() {
    const all = new Map(SYNC_LISTS.map((l) => [l, new Set(this.live[l].chunkKeys())]));
    const gen = this.meta.gen + 1;
    this.meta = { ...this.meta, gen };
    await this.persist({ ...this.encode(this.live, gen, all), dropGen: gen - 1, meta: this.meta });
  }

  private async persist(write: Parameters<DeviceStore['write']>[0]) {
    if (!this.store || !this.writer || !this.alive) return;
    await this.store
      .write(write)
      .catch((err) => console.warn('Could not store the change on this device; it stays in memory', err));
  }

  /** A write's reply: into the copy at once (memory, device, screens), then a pull for what it changed too. */
  applyLocal<L extends SyncList>(list: L, upserts: readonly SyncRows[L][], deletes: readonly string[]) {
    // A list not decoded yet is not on any screen: the pull brings the change.
    if (!this.decoded.get(list)!.done) return this.background();
    this.holdBack();
    const seq = ++this.seq;
    for (const row of upserts) this.touched.set(row._id, seq);
    for (const id of deletes) this.touched.set(id, seq);
    const codec = LIST_CODECS[list];
    const rows = upserts.map((r) => codec.intern(r, this.interner));
    if (list === 'users') for (const u of rows as SyncRows['users'][]) this.interner.setUser(u);
    const chunks = (this.live[list] as SyncedList<SyncRows[L]>).apply(rows, deletes);
    if (chunks.size > 0) this.publish([list]);
    this.storeLocal(list, chunks);
    this.background();
  }

  /**
   * A bulk write whose reply names the rows done (not their server copy): `held` are the rows as the screen
   * held them, and `patch` changes one as the server did. Patched, checked and applied a slice per task (10,000
   * rows at once were one task of 70 to 110 ms: finding each in 200,000 and replacing it), then shown and stored
   * as one change. A row that changed or went meanwhile (a pull brought the server's copy) is left as it is.
   */
  async patchLocal<L extends SyncList>(
    list: L,
    held: readonly SyncRows[L][],
    patch: (row: SyncRows[L]) => SyncRows[L],
  ) {
    if (!this.decoded.get(list)!.done) return this.background();
    const codec = LIST_CODECS[list];
    const current = this.live[list] as SyncedList<SyncRows[L]>;
    const stamp = (r: unknown) => (r as { updatedAt?: string }).updatedAt ?? '';
    this.holdBack();
    const seq = ++this.seq;
    const changed = new Set<number>();
    for (let at = 0; at < held.length; at += PATCH_ROWS_PER_TASK) {
      if (at > 0) await nextTask();
      if (!this.alive) return;
      const kept: SyncRows[L][] = [];
      for (const row of held.slice(at, at + PATCH_ROWS_PER_TASK)) {
        const next = codec.intern(patch(row), this.interner);
        const now = current.find(next);
        if (now !== undefined && stamp(now) <= stamp(next)) kept.push(next);
      }
      for (const row of kept) this.touched.set(row._id, seq);
      if (list === 'users') for (const u of kept as SyncRows['users'][]) this.interner.setUser(u);
      for (const chunk of current.apply(kept, [])) changed.add(chunk);
    }
    this.storeLocal(list, changed);
    // The screens render in a task of their own.
    await nextTask();
    if (!this.alive) return;
    this.publish([list]);
    this.background();
  }

  /**
   * The chunks a write's reply changed, stored after the screens have shown the change: encoding and cloning a
   * chunk of 1,000 rows would delay the row the admin clicked. The first wait is a timer, queued behind the
   * query cache's own (publish), so the screens render first; then a few chunks per task.
   */
  private storeLocal(list: SyncList, chunks: Set<number>) {
    if (chunks.size === 0) return;
    const pending = this.unstored.get(list) ?? new Set<number>();
    this.unstored.set(list, pending);
    for (const c of chunks) pending.add(c);
    this.storing ??= new Promise((resolve) => setTimeout(resolve, 0))
      .then(() => this.storeUnstored())
      .finally(() => {
        this.storing = null;
      });
  }

  /** A few chunks per task and per transaction: structured-cloning 200 chunk texts at once is a long task. */
  private async storeUnstored() {
    while (this.unstored.size && this.alive) {
      await nextTask();
      const dirty = new Map<SyncList, Set<number>>();
      let n = 0;
      for (const [list, chunks] of this.unstored) {
        const take = new Set<number>();
        for (const c of chunks) {
          if (n++ >= ENCODE_CHUNKS_PER_TASK) break;
          take.add(c);
          chunks.delete(c);
        }
        if (chunks.size === 0) this.unstored.delete(list);
        if (take.size) dirty.set(list, take);
        if (n >= ENCODE_CHUNKS_PER_TASK) break;
      }
      await this.persist(this.encode(this.live, this.meta.gen, dirty));
    }
  }

  /** Reload Data: a full sync from the server, the current copy on screen until it is whole. */
  async resync() {
    await this.loaded;
    this.forceReset = true;
    await this.pull();
  }

  stop() {
    this.abort.abort();
    watchWrites(null);
    clearInterval(this.poll);
    this.store?.close();
    this.interner.clear();
  }
}

// ---- The one engine of this tab: started at login (or with a stored session), stopped at logout. ----

let session: SyncSession | null = null;
const START: SyncState = { progress: null, caughtUp: false };
let state = START;
const listeners = new Set<() => void>();
const setState = (next: Partial<SyncState>) => {
  if (Object.entries(next).every(([k, v]) => state[k as keyof SyncState] === v)) return;
  state = { ...state, ...next };
  listeners.forEach((l) => l());
};

export const syncEngine = {
  /** Starts this admin's copy: device first, then the server. Waits only for the device read. */
  async start(qc: QueryClient, adminId: string) {
    syncEngine.stop();
    const mine = new SyncSession(qc, adminId, (s) => session === mine && setState(s));
    session = mine;
    await mine.loaded;
    if (session === mine) mine.follow();
  },
  stop() {
    session?.stop();
    session = null;
    setState(START);
  },
  /** The post-login loader: resolves when the copy is whole; rejects when a first sync fails. */
  async ready() {
    if (!session) throw new ApiError('unexpected', null, null, 'No session');
    await session.ready();
  },
  /** A list for a screen: from the device as soon as that list is decoded, else after the first full sync. */
  async read<L extends SyncList>(list: L): Promise<SyncRows[L][]> {
    const mine = session;
    if (!mine) throw new ApiError('unexpected', null, null, 'No session');
    return mine.read(list);
  },
  /** The list as held now (empty without a session). */
  peek<L extends SyncList>(list: L): readonly SyncRows[L][] {
    return session?.peek(list) ?? [];
  },
  applyLocal<L extends SyncList>(list: L, upserts: readonly SyncRows[L][], deletes: readonly string[] = []) {
    session?.applyLocal(list, upserts, deletes);
  },
  async patchLocal<L extends SyncList>(
    list: L,
    rows: readonly SyncRows[L][],
    patch: (row: SyncRows[L]) => SyncRows[L],
  ) {
    await session?.patchLocal(list, rows, patch);
  },
  async resync() {
    await session?.resync();
  },
  /** One pull now (coalesced with any running); resolves once what it brought is on screen. */
  async pull() {
    await session?.pull();
  },
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  },
  getState: () => state,
};
