import { apiFetch, ApiError } from '@/app/lib/api-client';
import { MESSAGES } from '@/shared/messages';
import { SYNC_LISTS, SYNC_SCHEMA, type SyncList, type SyncReply } from '@/shared/schemas/sync';
import { DeviceStore, type ChunkKey, type DeviceMeta, type StoredChunk } from './device-store';
import { Interner } from './interning';
import { CHUNK_FORMAT, LIST_CODECS, type SyncRows } from './list-codecs';
import { followSyncStream, STREAM_RETRY_MAX_MS } from './sync-stream';
import { SyncedList, type ListOrder } from './synced-list';
import type { QueryClient } from '@tanstack/react-query';

/**
 * The PWA's copy of the lists (docs/sync.md): kept in memory, stored on the device in chunks, and kept
 * current by delta pulls that the sync stream triggers. Screens read the lists through their TanStack
 * queries (`['users']` …), which this engine fills; writes put the server's reply in through `applyLocal`.
 */

const FORMAT = `${CHUNK_FORMAT}:${SYNC_SCHEMA}`;
/** The order each list is shown in: the order of its GET route (batches: the screen's newest first). */
const ORDERS: { [L in SyncList]: ListOrder } = {
  users: 'newestFirst',
  courses: 'oldestFirst',
  batches: 'newestFirst',
  services: 'newestFirst',
  enrollments: 'newestFirst',
};
export const SYNC_QUERY_KEY = ['sync'] as const;
/** How often the lists are pulled while the stream is down: never faster than this. */
export const POLL_MS = STREAM_RETRY_MAX_MS;

type Lists = { [L in SyncList]: SyncedList<SyncRows[L]> };
const newLists = (): Lists =>
  Object.fromEntries(SYNC_LISTS.map((l) => [l, new SyncedList(ORDERS[l])])) as unknown as Lists;
const freshMeta = (gen = 1): DeviceMeta => ({ format: FORMAT, gen, cursor: null, complete: false, syncedAt: 0 });

export interface SyncState {
  /** Rows received of a full sync under way (the first one, or Reload Data's). */
  progress: { done: number; total: number } | null;
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
  readonly loaded: Promise<void>;
  private readonly abort = new AbortController();
  /** Write replies applied locally: a pull sent before one must not put back the older row. */
  private touched = new Map<string, number>();
  private seq = 0;
  /** Reload Data asked for a full sync: the next page is asked for without a cursor. */
  private forceReset = false;
  private running: Promise<void> | null = null;
  private again: Promise<void> | null = null;
  private poll: ReturnType<typeof setInterval> | undefined;

  constructor(
    private readonly qc: QueryClient,
    readonly adminId: string,
    private readonly setState: (s: SyncState) => void,
  ) {
    // The engine alone fills these queries: never refetched on their own, never dropped, never compared row by row.
    for (const key of [...SYNC_LISTS.map((l) => [l]), SYNC_QUERY_KEY])
      qc.setQueryDefaults(key, { staleTime: Infinity, gcTime: Infinity, structuralSharing: false });
    this.loaded = this.load();
  }

  get alive() {
    return !this.abort.signal.aborted;
  }

  private async load() {
    try {
      this.store = await DeviceStore.open(this.adminId);
      await this.claimWriter();
      const { meta, chunks } = await this.store.read();
      if (meta?.format === FORMAT) {
        this.meta = meta;
        this.decode(
          this.live,
          chunks.filter((c) => c.key[0] === meta.gen),
        );
      } else if (this.writer) await this.store.clear();
      if (this.writer) await this.store.dropOtherGens(this.meta.gen);
    } catch (err) {
      console.warn('The device copy could not be read; keeping the lists in memory only', err);
      this.store = null;
    }
    if (!this.alive) return;
    if (this.meta.complete) this.publish(SYNC_LISTS, this.meta.syncedAt);
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
          await this.loaded;
          if (!this.alive) return;
          this.writer = true;
          await this.writeAll().catch((err) => console.warn('Could not store the device copy', err));
          return hold();
        })
        .catch(() => {});
  }

  /** Stored chunks back into lists; users first, since the other lists refer to them. */
  private decode(lists: Lists, chunks: StoredChunk[]) {
    for (const list of SYNC_LISTS)
      for (const { key, text } of chunks) {
        if (key[1] !== list) continue;
        const rows = LIST_CODECS[list].decode(text, this.interner) as SyncRows[typeof list][];
        if (list === 'users') for (const u of rows as SyncRows['users'][]) this.interner.setUser(u);
        (lists[list] as SyncedList<(typeof rows)[number]>).loadChunk(key[2], rows);
      }
  }

  /** The lists into their queries, and the sync time into ['sync'] (the shell's "Synced … ago"). */
  private publish(lists: readonly SyncList[], syncedAt?: number) {
    for (const list of lists) this.qc.setQueryData([list], this.live[list].list());
    if (syncedAt) this.qc.setQueryData(SYNC_QUERY_KEY, { syncedAt }, { updatedAt: syncedAt });
  }

  /** Waits until the copy is whole: at once from the device, else after the first full sync. */
  async ready() {
    await this.loaded;
    if (!this.meta.complete) await this.pull();
  }

  read<L extends SyncList>(list: L): SyncRows[L][] {
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
    await this.qc.fetchQuery({
      queryKey: SYNC_QUERY_KEY,
      queryFn: ({ signal }) => this.pullPages(AbortSignal.any([signal, this.abort.signal])),
      staleTime: 0,
    });
  }

  /** Pages until the server has nothing more; each page is applied and stored before the next is asked for. */
  private async pullPages(signal: AbortSignal): Promise<{ syncedAt: number }> {
    await this.loaded;
    for (;;) {
      const seq = ++this.seq;
      const cursor = this.forceReset ? null : this.staging ? this.staging.cursor : this.meta.cursor;
      this.forceReset = false;
      const query = cursor ? `?cursor=${encodeURIComponent(cursor)}` : '';
      const reply = checkReply(await apiFetch<unknown>(`/sync${query}`, { signal, timeoutMs: 60_000 }));
      if (!this.alive) throw new DOMException('The session ended', 'AbortError');
      await this.applyPage(reply, seq);
      this.setState({ progress: reply.hasMore && reply.progress ? reply.progress : null });
      if (!reply.hasMore) return { syncedAt: this.meta.syncedAt };
    }
  }

  private async applyPage(reply: SyncReply, seq: number) {
    if (reply.reset) this.beginReset();
    const staging = this.staging;
    const target = staging?.lists ?? this.live;
    const gen = staging?.gen ?? this.meta.gen;
    const dirty = this.applyChanges(target, reply, staging ? null : seq);
    for (const [id, at] of this.touched) if (at <= seq) this.touched.delete(id);

    const now = Date.now();
    if (staging) {
      staging.cursor = reply.cursor;
      if (reply.hasMore) return this.persist({ put: this.encode(target, gen, dirty).put, delete: [] });
      // The resync is whole: it becomes the copy, in one transaction with the old copy's removal.
      this.live = staging.lists;
      this.staging = null;
      this.meta = { format: FORMAT, gen, cursor: reply.cursor, complete: true, syncedAt: now };
      await this.persist({ ...this.encode(target, gen, dirty), dropGen: gen - 1, meta: this.meta });
      return this.publish(SYNC_LISTS, now);
    }
    const wasComplete = this.meta.complete;
    this.meta = {
      ...this.meta,
      cursor: reply.cursor,
      complete: wasComplete || !reply.hasMore,
      syncedAt: reply.hasMore ? this.meta.syncedAt : now,
    };
    await this.persist({ ...this.encode(target, gen, dirty), meta: this.meta });
    if (!this.meta.complete) return;
    this.publish(wasComplete ? [...dirty.keys()] : SYNC_LISTS, reply.hasMore ? undefined : now);
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
  private applyChanges(lists: Lists, reply: SyncReply, seq: number | null) {
    const dirty = new Map<SyncList, Set<number>>();
    const fresh = (id: string) => seq === null || (this.touched.get(id) ?? 0) <= seq;
    for (const list of SYNC_LISTS) {
      const { upserts, deletes } = reply.changes[list];
      if (upserts.length === 0 && deletes.length === 0) continue;
      const codec = LIST_CODECS[list];
      const rows = upserts
        .filter((r) => fresh(r._id))
        .map((r) => codec.intern(r as never, this.interner)) as SyncRows[typeof list][];
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

  /** Everything this tab holds, as a new generation (a tab that has just become the writer). */
  private async writeAll() {
    const all = new Map(SYNC_LISTS.map((l) => [l, new Set(this.live[l].chunkNumbers())]));
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
    const seq = ++this.seq;
    for (const row of upserts) this.touched.set(row._id, seq);
    for (const id of deletes) this.touched.set(id, seq);
    const codec = LIST_CODECS[list];
    const rows = upserts.map((r) => codec.intern(r, this.interner));
    if (list === 'users') for (const u of rows as SyncRows['users'][]) this.interner.setUser(u);
    const chunks = (this.live[list] as SyncedList<SyncRows[L]>).apply(rows, deletes);
    void this.persist(this.encode(this.live, this.meta.gen, new Map([[list, chunks]])));
    this.publish([list]);
    this.background();
  }

  /** Reload Data: a full sync from the server, the current copy on screen until it is whole. */
  async resync() {
    await this.loaded;
    this.forceReset = true;
    await this.pull();
  }

  stop() {
    this.abort.abort();
    clearInterval(this.poll);
    this.store?.close();
    this.interner.clear();
  }
}

// ---- The one engine of this tab: started at login (or with a stored session), stopped at logout. ----

let session: SyncSession | null = null;
let state: SyncState = { progress: null };
const listeners = new Set<() => void>();
const setState = (next: SyncState) => {
  if (next.progress === state.progress) return;
  state = next;
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
    setState({ progress: null });
  },
  /** The post-login loader: resolves when the copy is whole; rejects when a first sync fails. */
  async ready() {
    if (!session) throw new ApiError('unexpected', null, null, 'No session');
    await session.ready();
  },
  async read<L extends SyncList>(list: L): Promise<SyncRows[L][]> {
    const mine = session;
    if (!mine) throw new ApiError('unexpected', null, null, 'No session');
    await mine.ready();
    return mine.read(list);
  },
  /** The list as held now (empty without a session). */
  peek<L extends SyncList>(list: L): readonly SyncRows[L][] {
    return session?.read(list) ?? [];
  },
  applyLocal<L extends SyncList>(list: L, upserts: readonly SyncRows[L][], deletes: readonly string[] = []) {
    session?.applyLocal(list, upserts, deletes);
  },
  async resync() {
    await session?.resync();
  },
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  },
  getState: () => state,
};
