import { SYNC_LISTS, SYNC_SCHEMA, type SyncList } from '@/shared/sync-lists';
import { CopyWriter, type Lists } from './copy-writer';
import { Arrivals, DECODE_ORDER, decodeList, nextToDecode, type DecodedChunks } from './device-load';
import { DeviceStore, type Arrival, type DeviceMeta } from './device-store';
import { Interner } from './interning';
import { CHUNK_FORMAT, LIST_CODECS, type SyncRows } from './list-codecs';
import { unpackCopy, type PackedText } from './page-packing';
import { PartialLists } from './partial-lists';
import { ShowPace } from './show-pace';
import { newLists, type StagingCopy } from './staging-copy';
import { SYNC_QUERY_KEY, type SyncState } from './sync-state';
import { deferred } from './tasks';
import { WriteMarks } from './write-marks';
import type { SyncedList } from './synced-list';
import type { QueryClient } from '@tanstack/react-query';

/**
 * One admin's copy of the lists in this tab (docs/sync.md): read from the device at start-up, in memory for the
 * screens, stored on the device, and changed by pages (page-apply.ts: pulled by this tab when it leads, or relayed
 * from the tab that does) and write replies (local-writes.ts).
 */

/** The stored form (chunk format and sync schema): a device copy of another is dropped and synced again. */
export const FORMAT = `${CHUNK_FORMAT}:${SYNC_SCHEMA}`;
const freshMeta = (gen = 1): DeviceMeta => ({ format: FORMAT, gen, cursor: null, complete: false, syncedAt: 0 });
/** While a start-up decodes a list a screen shows, the screen gets the rows decoded so far this often. */
const PARTIAL_EVERY_MS = 150;

export class CopySession {
  readonly interner = new Interner();
  live: Lists = newLists();
  meta: DeviceMeta = freshMeta();
  /** A full resync under way while the live copy stays on screen: it replaces the live copy when whole. */
  staging: StagingCopy | null = null;
  readonly copy = new CopyWriter(
    this.interner,
    () => this.alive,
    () => ({ lists: this.live, gen: this.meta.gen }),
  );
  readonly marks = new WriteMarks(() => this.meta.cursor);
  /** How often a first sync shows each growing list. */
  readonly pace = new ShowPace();
  /** Each list once it is in memory: decoded from the device, or nothing to decode. */
  private decoded = new Map(SYNC_LISTS.map((l) => [l, deferred()]));
  /** Each list once a screen can have it: decoded, or its top decoded (`partial`) while the rest is. */
  private shown = new Map(SYNC_LISTS.map((l) => [l, deferred()]));
  /** The lists a screen shows while a start-up decodes the rest of them. */
  private partial = new PartialLists();
  /** Every list in memory: pulls and a new writer's write of the copy wait for it. */
  readonly whole = deferred();
  /** Lists the screens asked for, decoded before the others. */
  protected wanted: SyncList[] = [];
  /** Settled (and replaced) whenever a first sync's arrival moves: reads waiting for their list look again. */
  private arrived = deferred();
  protected readonly abort = new AbortController();

  constructor(
    protected readonly qc: QueryClient,
    readonly adminId: string,
    readonly setState: (s: Partial<SyncState>) => void,
  ) {
    // The engine alone fills these queries: never refetched on their own, never dropped, never compared row by row.
    for (const key of [...SYNC_LISTS.map((l) => [l]), SYNC_QUERY_KEY])
      qc.setQueryDefaults(key, { staleTime: Infinity, gcTime: Infinity, structuralSharing: false });
  }

  get alive() {
    return !this.abort.signal.aborted;
  }

  /**
   * The device copy: its meta at once, then its lists decoded in the background a slice per task, each list
   * shown as soon as it is whole (the screens wait only for the lists they show). `claim` runs once the store is
   * open: whether this tab writes it.
   */
  protected async load(claim: () => Promise<void>) {
    const arrivals = new Arrivals();
    let reading: Promise<void> | null = null;
    try {
      const store = (this.copy.store = await DeviceStore.open(this.adminId));
      await claim();
      if (!this.alive) return; // closed meanwhile: its store too
      let seen!: () => void;
      const metaRead = new Promise<void>((resolve) => (seen = resolve));
      let meta: DeviceMeta | undefined;
      const accept = (m: DeviceMeta | undefined) => {
        meta = m;
        seen();
        return m?.format === FORMAT;
      };
      const read = store.read(DECODE_ORDER, accept, arrivals.take);
      read.catch((err: unknown) => arrivals.fail(err));
      await Promise.race([metaRead, read]);
      if (meta?.format === FORMAT) {
        const { pos = 0, ...rest } = meta;
        this.meta = rest;
        this.marks.pos = pos; // counted on from the stored copy's place, as the tab that stored it counts
        reading = read;
      } else if (this.copy.writer) {
        await store.clear();
        await this.copy.claim(); // the claim went with the rest
      }
    } catch (err) {
      console.warn('The device copy could not be read; keeping the lists in memory only', err);
      this.copy.store = null;
    }
    if (!this.alive) return;
    if (this.meta.complete)
      this.qc.setQueryData(SYNC_QUERY_KEY, { syncedAt: this.meta.syncedAt }, { updatedAt: this.meta.syncedAt });
    this.arrivalMoved();
    void this.decodeAll(reading, arrivals);
  }

  /** The stored lists into memory, one list at a time in DECODE_ORDER (the ones screens want first). */
  private async decodeAll(reading: Promise<void> | null, arrivals: Arrivals) {
    try {
      const left = new Set(reading ? DECODE_ORDER : []);
      while (left.size > 0) {
        const list = nextToDecode(left, this.wanted);
        left.delete(list);
        const stored = await decodeList(list, arrivals, this.interner, () => this.alive, this.showPartly(list));
        if (!stored || !this.alive) return;
        const relaid = (this.live[list] as SyncedList<SyncRows[typeof list]>).load(stored);
        if (relaid.size > 0)
          void this.copy.persist(this.copy.encode(this.live, this.meta.gen, new Map([[list, relaid]])));
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
    this.whole.done = true;
    if (this.copy.writer) await this.copy.store?.dropOtherGens(this.meta.gen).catch((err) => console.warn(err));
  }

  /**
   * The rows decoded so far of a list a screen asked for, for that screen, while the rest is decoded (docs/sync.md,
   * "A start-up shows each screen…"): the top of the list first, as a first sync shows it, and how many are in
   * memory at most every PARTIAL_EVERY_MS. Only from a whole copy whose stored counts say how much is to come.
   */
  private showPartly<L extends SyncList>(list: L) {
    let last = -Infinity;
    return (decoded: DecodedChunks<L>) => {
      if (!this.meta.complete || this.meta.counts?.[list] === undefined || !this.wanted.includes(list)) return;
      if (performance.now() - last < PARTIAL_EVERY_MS) return;
      last = performance.now();
      const rows = this.partial.decoded(list, decoded);
      if (rows) this.qc.setQueryData([list], rows);
      this.setState({ arrival: this.stateArrival() });
      this.listShown(list);
    };
  }

  /**
   * A write's reply to a list a screen shows while a start-up still decodes it: into the rows shown at once; false
   * when no screen shows the list yet. The caller puts it into the copy once the list is in memory (`decodedList`).
   */
  showEarly<L extends SyncList>(list: L, upserts: readonly SyncRows[L][], deletes: readonly string[]): boolean {
    const rows = this.partial.reply(list, upserts, deletes);
    if (rows) this.qc.setQueryData([list], rows);
    return rows !== null;
  }

  /** Resolves once `list` is in memory (decoded from the device, or nothing to decode). */
  decodedList(list: SyncList) {
    return this.decoded.get(list)!.promise;
  }

  private listShown(list: SyncList) {
    const d = this.shown.get(list)!;
    d.done = true;
    d.resolve();
  }

  /** A list is in memory: whoever waits for it goes on, and the screens get it when the copy is whole. */
  private listDecoded(list: SyncList) {
    const d = this.decoded.get(list)!;
    if (d.done) return;
    d.done = true;
    d.resolve();
    const wasPartial = this.partial.end(list);
    this.listShown(list);
    if (this.readable(list)) this.qc.setQueryData([list], this.live[list].list());
    if (wasPartial || this.partial.size > 0) this.setState({ arrival: this.stateArrival() });
  }

  isDecoded(list: SyncList) {
    return this.decoded.get(list)!.done;
  }

  /**
   * Whether a screen can show `list`: the copy is whole, or a first sync has begun to bring this list (its rows
   * come newest first, so the top of the screen is there) or moved past it.
   */
  readable(list: SyncList) {
    if (this.meta.complete) return true;
    const arrival = this.meta.arrival;
    return arrival !== undefined && (arrival.lists[list].done > 0 || arrival.whole.includes(list));
  }

  /** Whether `list` is whole: the copy is, or a first sync has moved past it. */
  isWhole(list: SyncList) {
    return this.meta.complete || (this.meta.arrival?.whole.includes(list) ?? false);
  }

  /**
   * What the screens are told of lists still coming: a first sync's arrival, or, while a start-up shows the top of
   * a list it is still decoding, how much of each list is in memory (the lists not decoded yet are not whole).
   */
  private stateArrival(): Arrival | null {
    if (!this.meta.complete) return this.meta.arrival ?? null;
    if (this.partial.size === 0) return null;
    const counts = this.meta.counts ?? {};
    const inMemory = (l: SyncList) => (this.isDecoded(l) ? this.live[l].size : this.partial.count(l));
    return {
      lists: Object.fromEntries(
        SYNC_LISTS.map((l) => [l, { done: inMemory(l), total: Math.max(inMemory(l), counts[l] ?? 0) }]),
      ) as Arrival['lists'],
      whole: SYNC_LISTS.filter((l) => this.isDecoded(l)),
      summary: null,
    };
  }

  /** A first sync's arrival moved (or the copy became whole): the screens and the reads waiting are told. */
  arrivalMoved() {
    this.setState({ arrival: this.stateArrival() });
    this.arrived.resolve();
    this.arrived = deferred();
  }

  /**
   * A list for a screen: once it is decoded (it goes first) and readable: the copy is whole, or its rows have
   * begun to arrive (`pull` brings them: a first sync's pages fill the lists in).
   */
  async read<L extends SyncList>(list: L, pull: () => Promise<void>): Promise<SyncRows[L][]> {
    if (!this.wanted.includes(list)) this.wanted.push(list);
    await this.shown.get(list)!.promise;
    if (!this.readable(list)) {
      const pulling = pull();
      let ended = false;
      const end = pulling.finally(() => (ended = true));
      end.catch(() => {});
      while (!this.readable(list) && !ended) await Promise.race([this.arrived.promise, end]);
      // The pull ended before the list came: its failure is the read's.
      if (!this.readable(list)) await pulling;
    }
    return this.peek(list);
  }

  /** The list as held now (while a start-up decodes it, the rows decoded so far). */
  peek<L extends SyncList>(list: L): SyncRows[L][] {
    return (this.partial.rows(list) ?? this.live[list].list()) as SyncRows[L][];
  }

  /** The lists into their queries, and the sync time into ['sync'] (the shell's "Synced … ago"). */
  publish(lists: readonly SyncList[], syncedAt?: number) {
    const now = Date.now();
    for (const list of lists) {
      const rows = this.live[list].list();
      this.qc.setQueryData([list], rows);
      this.pace.shown(list, rows.length, now);
    }
    if (syncedAt) this.qc.setQueryData(SYNC_QUERY_KEY, { syncedAt }, { updatedAt: syncedAt });
  }

  /**
   * A full resync that failed half-way: the live copy stays as it is, on screen and stored (the new generation's
   * chunks are dropped).
   */
  abandonStaging() {
    const staging = this.staging;
    if (!staging) return;
    this.staging = null;
    staging.abandon();
    void this.copy.persist({ put: [], delete: [], dropGen: staging.gen });
  }

  /** Rows into the live copy (a write's reply, or one relayed): memory and screens at once, the device after. */
  putIn<L extends SyncList>(list: L, upserts: readonly SyncRows[L][], deletes: readonly string[]) {
    const codec = LIST_CODECS[list];
    const rows = upserts.map((r) => codec.intern(r, this.interner));
    if (list === 'users') for (const u of rows as SyncRows['users'][]) this.interner.setUser(u);
    if (list === 'users') for (const id of deletes) this.interner.deleteUser(id);
    const chunks = (this.live[list] as SyncedList<SyncRows[L]>).apply(rows, deletes);
    if (chunks.size > 0) this.publish([list]);
    this.copy.storeLocal(list, chunks);
  }

  /**
   * A copy another tab sent whole (its resync, or for this tab's join), as texts (packCopy): read a slice per task,
   * then it replaces this one in one step. Each text is a run of its list's screen order, so the lists are laid
   * out as a start-up lays out stored chunks (no row is placed one by one).
   */
  async replaceAll(texts: Record<SyncList, PackedText[]>, meta: DeviceMeta) {
    this.interner.clear(); // it holds the users of the users list: the new one's
    const runs = await unpackCopy(texts, this.interner, () => this.alive);
    if (!runs) return;
    const lists = newLists();
    for (const list of SYNC_LISTS)
      (lists[list] as SyncedList<SyncRows[SyncList]>).load(runs.get(list)!.map((rows, key) => ({ key, rows })));
    this.live = lists;
    this.meta = { ...meta, gen: this.meta.gen };
    this.publish(
      SYNC_LISTS.filter((l) => this.readable(l)),
      meta.complete ? meta.syncedAt : undefined,
    );
    this.arrivalMoved();
  }

  /** The meta to store: with where the copy stands in its history, from which a tab that opens from it counts on. */
  storedMeta(): DeviceMeta {
    const counts = { ...this.meta.counts };
    for (const l of SYNC_LISTS) if (this.isDecoded(l)) counts[l] = this.live[l].size;
    return { ...this.meta, pos: this.marks.pos, counts };
  }

  /**
   * Everything this tab holds, as a new generation (a tab that has just become the writer). Every chunk stored
   * before goes: another leader may have written a generation of the same number (a follower's number is the one
   * it read at its start), whose chunks this copy's keys would not all replace.
   */
  async writeAll() {
    this.meta = { ...this.meta, gen: this.meta.gen + 1 };
    await this.copy.writeAll(this.live, this.meta.gen, { dropAll: true, meta: this.storedMeta() });
  }
}
