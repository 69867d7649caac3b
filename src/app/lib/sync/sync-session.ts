import { SYNC_LISTS, type SyncList } from '@/shared/sync-lists';
import { CopySession } from './copy-session';
import { LIST_CODECS, type SyncRows } from './list-codecs';
import { applyPage } from './page-apply';
import { packCopy, type PackedPage } from './page-packing';
import { pullPages } from './page-puller';
import { SYNC_QUERY_KEY, type ReloadPhase, type SyncState } from './sync-state';
import { followSyncStream, STREAM_RETRY_MAX_MS } from './sync-stream';
import { Leadership } from './tab-leader';
import { TabRelay } from './tab-relay';
import { nextTask } from './tasks';
import type { SyncedList } from './synced-list';
import type { TabMessage } from './tab-channel';
import type { Mark } from './write-marks';
import type { QueryClient } from '@tanstack/react-query';

/** How often the lists are pulled while the stream is down: never faster than this. */
export const POLL_MS = STREAM_RETRY_MAX_MS;
/** Rows of a bulk write patched, found and replaced per task: a short task each (docs/benchmarks.md). */
export const PATCH_ROWS_PER_TASK = 500;
/** Texts of a whole copy per tab message: a few MB to clone and post, a short task. */
const COPY_TEXTS_PER_MESSAGE = 8;
/** A first sync that failed part-way is tried again after this, doubling up to POLL_MS (its screen stays). */
export const FIRST_SYNC_RETRY_MS = 1000;

/**
 * This tab's sync: when it leads (tab-leader.ts) it keeps the stream, pulls and stores the copy, telling the
 * other tabs each change; when it follows, it applies what the leader tells, and hands it its write replies and
 * pull requests (tab-relay.ts).
 */
export class SyncSession extends CopySession {
  readonly loaded: Promise<void>;
  private readonly lead: Leadership;
  readonly relay: TabRelay;
  /** This tab's time as the leader: its stream, polls and pulls end with it. */
  private leading: AbortController | null = null;
  /** Write replies applied here, by the tick they went in at: a page asked for before must not put back an older row. */
  private touched = new Map<string, number>();
  /** The clock of this tab's events: requests sent, replies applied. */
  private seq = 0;
  /** Reload Data asked for a full sync: the next page is asked for without a cursor. */
  private forceReset = false;
  /** Reload Data asked for in this tab (or asked of this leader), until it ends: asked again meanwhile, it is the same. */
  private reloading: Promise<void> | null = null;
  /** Where Reload Data stands in this browser: the leader's word, told to every tab. */
  private reloadPhase: ReloadPhase = null;
  /** The progress of the leader's staging copy, for a tab that joins. */
  private stagedProgress: SyncState['progress'] = null;
  private running: Promise<void> | null = null;
  private again: Promise<void> | null = null;
  private poll: ReturnType<typeof setInterval> | undefined;
  /** Between taking the lock and leading (storing what it holds first). */
  private takingOver = false;
  private readonly unwatch: () => void;
  /** A failed first sync's next try, and its back-off. */
  private retry: ReturnType<typeof setTimeout> | undefined;
  private retryMs = 0;
  /**
   * The lists of the screen navigated to last in any tab of this browser (this one's, or a follower's that told
   * the leader): a first sync brings them next. Null until a tab moved.
   */
  private lastFocus: readonly SyncList[] | null = null;
  private readonly onFreeze = () => this.lead.stepDown();
  private readonly onPageHide = (e: PageTransitionEvent) => e.persisted && this.lead.stepDown();

  constructor(
    qc: QueryClient,
    adminId: string,
    setState: (s: Partial<SyncState>) => void,
    /** The lists of the screen on show: a first sync's next page brings the first that is not whole. */
    private readonly focused: () => readonly SyncList[] = () => [],
  ) {
    super(qc, adminId, setState);
    const signal = this.abort.signal;
    this.lead = new Leadership(
      `coursedesk-device-${adminId}`,
      signal,
      () => this.takeOver(),
      () => this.stepDown(),
    );
    this.relay = new TabRelay(this, adminId, this.lead.shared);
    this.unwatch = this.marks.watch();
    document.addEventListener('freeze', this.onFreeze);
    window.addEventListener('pagehide', this.onPageHide);
    this.loaded = this.load(async () => {
      await this.lead.claim();
      this.copy.fenced = this.lead.shared;
      if (this.lead.leading) {
        this.relay.ledAtStart();
        this.relay.announce();
        await this.copy.claim();
      }
    });
  }

  get isLeader() {
    return this.lead.leading;
  }

  /** Waits until the copy is whole: at once from the device (its lists still decoding), else after the first full sync. */
  async ready() {
    await this.loaded;
    if (!this.meta.complete) await this.pull();
  }

  async readList<L extends SyncList>(list: L): Promise<SyncRows[L][]> {
    await this.loaded;
    return this.read(list, () => this.pull());
  }

  /** Starts syncing: the leader pulls and follows the stream; a follower asks the leader once (to catch up). */
  follow() {
    if (this.takingOver) return; // it leads once it has stored what it holds
    if (this.lead.leading) this.startLeading();
    else {
      this.tellFocus();
      this.background();
    }
  }

  /**
   * This tab navigated to a screen that shows `lists`: a first sync under way brings them next. A follower tells the
   * leader (which asks for the pages), so its navigation moves `first=` as the leader's own does.
   */
  focusOn(lists: readonly SyncList[]) {
    this.lastFocus = lists;
    if (!this.lead.leading) this.tellFocus();
  }

  /** The leader heard a follower's navigation. */
  heardFocus(lists: readonly SyncList[]) {
    this.lastFocus = lists;
  }

  /** A follower's screen, for the leader (again to a new leader). */
  tellFocus() {
    if (!this.meta.complete) this.relay.post({ t: 'focus', lists: [...(this.lastFocus ?? this.focused())] });
  }

  private startLeading() {
    if (this.leading && !this.leading.signal.aborted) return;
    this.leading = new AbortController();
    const signal = AbortSignal.any([this.leading.signal, this.abort.signal]);
    this.background();
    followSyncStream(signal, {
      onChange: () => this.background(),
      onState: (up) => {
        clearInterval(this.poll);
        if (!up && !signal.aborted) this.poll = setInterval(() => this.background(), POLL_MS);
      },
      onRejected: () => this.background(),
    });
  }

  /**
   * This tab no longer leads (frozen, or its lock was taken while it was): another leads; what it started ends, and
   * it asks the new leader for its copy (it may have missed what that one told before this tab knew).
   */
  private stepDown() {
    this.leading?.abort();
    this.leading = null;
    clearInterval(this.poll);
    this.copy.writer = false;
    this.relay.rejoin();
  }

  /** The leader is silent: this tab takes the lead from it, once `silent` confirms (leader-watch.ts). */
  stealLead(silent: () => Promise<boolean>) {
    return this.lead.steal(silent);
  }

  /** Another tab says it has just been granted the lead: if this tab thought it led, the lock was taken from it. */
  leadsElsewhere() {
    this.lead.stepDown();
  }

  /** The leader went: this tab writes all it holds as the device copy, then leads. */
  private async takeOver() {
    this.takingOver = true;
    this.relay.announce();
    const still = () => this.alive && this.lead.leading;
    try {
      await this.loaded;
      await this.whole.promise;
      await this.relay.drained();
      if (!still()) return;
      await this.copy.claim();
      if (!still()) return;
      await this.writeAll().catch((err) => console.warn('Could not store the device copy', err));
      if (!still()) return;
      // A Reload Data the old leader ran ended with it (its staging copy too): unless this tab asked for it (then it
      // runs it now), none is under way.
      if (this.reloadPhase === 'running' && !this.reloading) {
        this.showProgress(null);
        this.tellReload(null);
      }
      this.relay.becameLeader();
      this.startLeading();
    } finally {
      this.takingOver = false;
    }
  }

  /** A pull nobody waits for: its errors are reported by the query cache (toast, or the end of the session). */
  background() {
    this.pull().catch(() => {});
  }

  /**
   * A pull that begins from now (the one under way began earlier: one more runs after it). Once it has ended well,
   * the marks of the write replies in hand now go (write-marks.ts).
   */
  pull(): Promise<void> {
    const pulled = this.pullOnce();
    pulled.then(this.marks.pulling(), () => {});
    return pulled;
  }

  /** One pull at a time; a request during one runs once more after it (many requests, one more pull). */
  private pullOnce(): Promise<void> {
    if (!this.running)
      return (this.running = this.fetchPull().finally(() => {
        this.running = null;
      }));
    return (this.again ??= this.running
      .catch(() => {})
      .then(() => {
        this.again = null;
        return this.pullOnce();
      }));
  }

  /** Through the query cache, so a failed pull is reported like every failed read (lib/query-client.ts). */
  private async fetchPull() {
    // Reload Data's full sync: its retries (the query cache's) go on with the staging copy it began.
    const reset = this.forceReset;
    this.forceReset = false;
    /** This tab runs Reload Data's full sync (it leads): it tells every tab where it stands. */
    let reloads = false;
    // A back-off's try says nothing more when it fails too: the first failure was reported.
    const retrying = this.retryMs > 0;
    clearTimeout(this.retry);
    try {
      await this.qc.fetchQuery({
        // A follower's Reload Data is the leader's, which has retried already: asked again it would start over.
        ...(reset && !this.lead.leading ? { retry: false } : {}),
        meta: { silent: retrying },
        queryKey: SYNC_QUERY_KEY,
        queryFn: async ({ signal }) => {
          // A follower's pull is the leader's; if this tab leads by the time it would be answered, it pulls.
          if (!this.lead.leading && (await this.relay.ask(reset)) !== 'lead') return { syncedAt: this.meta.syncedAt };
          if (reset && !reloads) {
            reloads = true;
            this.tellReload('running');
          }
          return this.pullNow(signal, reset && !this.staging);
        },
        staleTime: 0,
      });
      if (reloads) this.tellReload('done');
      this.retryMs = 0;
    } catch (err) {
      // A full resync that failed half-way leaves the copy as it was; Reload Data can be asked for again.
      if (this.staging) {
        this.abandonStaging();
        this.showProgress(null);
      }
      if (reloads) this.tellReload('failed');
      this.retryFirstSync();
      throw err;
    } finally {
      this.setState({ caughtUp: true });
    }
  }

  /**
   * A first sync that failed part-way (a dropped connection, a 502) goes on from its stored cursor by itself,
   * after 1 s, 2 s, 4 s … up to POLL_MS: the screen on show keeps its rows meanwhile. The leader's alone (a
   * follower's pull is the leader's); the stream's reconnect may pull sooner.
   */
  private retryFirstSync() {
    if (this.meta.complete || !this.alive || !this.lead.leading) return;
    this.retryMs = Math.min(this.retryMs ? this.retryMs * 2 : FIRST_SYNC_RETRY_MS, POLL_MS);
    clearTimeout(this.retry);
    this.retry = setTimeout(() => this.background(), this.retryMs);
  }

  /**
   * The list a first sync brings next: the first list not whole yet of the screen navigated to last (in any tab),
   * else of this tab's screen, else one a screen asked for.
   */
  nextFirst(): SyncList | undefined {
    const waiting = (l: SyncList) => !this.isWhole(l);
    return this.lastFocus?.find(waiting) ?? this.focused().find(waiting) ?? this.wanted.find(waiting);
  }

  /** The leader's pull: pages until the server has nothing more, each applied, stored and told to the tabs. */
  private async pullNow(signal: AbortSignal, reset: boolean): Promise<{ syncedAt: number }> {
    await this.loaded;
    await this.whole.promise;
    const start = this.seq + 1;
    await pullPages({
      from: reset ? null : this.staging ? this.staging.cursor : this.meta.cursor,
      signal: AbortSignal.any([signal, this.abort.signal, this.leading?.signal ?? signal]),
      live: () => this.meta.complete,
      first: () => (reset || this.staging ? undefined : this.nextFirst()),
      tick: () => ++this.seq,
      apply: (reply, seq) => this.applyPulled(reply, seq, start),
    });
    return { syncedAt: this.meta.syncedAt };
  }

  private async applyPulled(reply: PackedPage, seq: number, start: number) {
    const staged = reply.reset ? this.meta.complete : this.staging !== null;
    await applyPage(this, reply, {
      stage: true,
      seq,
      fresh: (id) => (this.touched.get(id) ?? 0) <= seq,
      stored: () => this.marks.advance(reply.cursor, start),
      commit: (skipped) => {
        if (!this.staging)
          this.relay.postPage({ t: 'page', reply, skipped, cursor: this.meta.cursor!, pos: this.marks.pos });
      },
      swapped: () => this.relay.sendCopy(null),
    });
    for (const [id, at] of this.touched) if (at <= seq) this.touched.delete(id);
    const progress = reply.hasMore && reply.progress ? reply.progress : null;
    if (staged) this.showProgress(progress);
    else this.setState({ progress });
  }

  /** A staging copy's progress: its pages are not told to the other tabs, so its progress is. */
  private showProgress(progress: SyncState['progress']) {
    this.stagedProgress = progress;
    this.setState({ progress });
    this.relay.post({ t: 'progress', progress });
  }

  /** Where Reload Data stands, here and in every tab. */
  private tellReload(reload: ReloadPhase) {
    this.reloadPhase = reload;
    this.setState({ reload });
    this.relay.post({ t: 'reload', reload });
  }

  /** The leader says where Reload Data stands. */
  heardReload(reload: ReloadPhase) {
    this.reloadPhase = reload;
    this.setState({ reload });
  }

  /** For a tab that joined: where Reload Data stands, and its progress. */
  retellReload() {
    this.relay.post({ t: 'reload', reload: this.reloadPhase });
    if (this.reloadPhase === 'running') this.relay.post({ t: 'progress', progress: this.stagedProgress });
  }

  /**
   * The whole copy, for the other tabs (after a resync) or for one that joined (`to`): as it stands now, packed into
   * texts a slice per task (packCopy), then told in parts of a few texts (each a short task to clone and post).
   */
  async packedCopy(to: string | null): Promise<TabMessage[]> {
    const lists = Object.fromEntries(SYNC_LISTS.map((l) => [l, this.live[l].list()])) as never;
    const { meta } = this;
    const pos = this.marks.pos;
    const texts = await packCopy(lists, this.interner, () => this.alive);
    if (!texts) return [];
    const parts: TabMessage[] = [];
    for (const list of SYNC_LISTS)
      for (let at = 0; at < texts[list].length; at += COPY_TEXTS_PER_MESSAGE)
        parts.push({ t: 'copy', list, texts: texts[list].slice(at, at + COPY_TEXTS_PER_MESSAGE), to });
    parts.push({ t: 'swap', meta, pos, to });
    return parts;
  }

  /** A write's reply: into the copy at once (memory, device, screens, other tabs), then a pull for what it changed too. */
  applyLocal<L extends SyncList>(list: L, upserts: readonly SyncRows[L][], deletes: readonly string[]) {
    // A list not decoded yet is not on any screen: the pull brings the change.
    if (!this.isDecoded(list)) return this.background();
    if (this.lead.leading) this.putReply(list, upserts, deletes);
    else {
      this.putIn(list, upserts, deletes);
      this.relay.sendLocal(list, upserts, deletes, this.marks.oldest());
    }
    this.background();
  }

  /**
   * The leader puts a write's reply in (its own, or a follower's: `others` its mark, `echo` its message): the
   * cursor is held back to where the copy stood when the write was sent (write-marks.ts).
   */
  putReply<L extends SyncList>(
    list: L,
    upserts: readonly SyncRows[L][],
    deletes: readonly string[],
    others: readonly Mark[] = [],
    echo: string | null = null,
  ) {
    const tick = this.holdFor([...upserts.map((r) => r._id), ...deletes], others);
    this.staging?.noteWritten(list, upserts, deletes, tick);
    this.putIn(list, upserts, deletes);
    this.tellApplied(list, upserts, deletes, echo);
  }

  /** A reply's rows go in now: pages asked for before must not put them back, and the cursor is held. */
  private holdFor(ids: readonly string[], others: readonly Mark[]) {
    const tick = ++this.seq;
    const cursor = this.marks.holdAt(this.marks.oldest(others), tick);
    this.meta = { ...this.meta, cursor };
    void this.copy.persist({ put: [], delete: [], meta: this.storedMeta() });
    for (const id of ids) this.touched.set(id, tick);
    return tick;
  }

  private tellApplied(list: SyncList, upserts: readonly unknown[], deletes: readonly string[], echo: string | null) {
    const { cursor } = this.meta;
    this.relay.post({
      t: 'applied',
      list,
      upserts: [...upserts],
      deletes: [...deletes],
      cursor,
      pos: this.marks.pos,
      echo,
    });
  }

  /**
   * A bulk write whose reply names the rows done (not their server copy): `held` are the rows as the screen
   * held them, and `patch` changes one as the server did. Patched, checked and applied a slice per task (10,000
   * rows at once were one long task: finding each in 200,000 and replacing it), then shown, stored and
   * told as one change. A row that changed or went meanwhile (a pull brought the server's copy) is left as it is.
   */
  async patchLocal<L extends SyncList>(
    list: L,
    held: readonly SyncRows[L][],
    patch: (row: SyncRows[L]) => SyncRows[L],
  ) {
    if (!this.isDecoded(list)) return this.background();
    const leading = this.lead.leading;
    const mark = this.marks.oldest();
    const ids = held.map((r) => r._id);
    const tick = leading ? this.holdFor(ids, []) : 0;
    const codec = LIST_CODECS[list];
    const current = this.live[list] as SyncedList<SyncRows[L]>;
    const stamp = (r: unknown) => (r as { updatedAt?: string }).updatedAt ?? '';
    const changed = new Set<number>();
    const all: SyncRows[L][] = [];
    for (let at = 0; at < held.length; at += PATCH_ROWS_PER_TASK) {
      if (at > 0) await nextTask();
      if (!this.alive) return;
      const kept: SyncRows[L][] = [];
      for (const row of held.slice(at, at + PATCH_ROWS_PER_TASK)) {
        const next = codec.intern(patch(row), this.interner);
        const now = current.find(next);
        if (now !== undefined && stamp(now) <= stamp(next)) kept.push(next);
      }
      if (list === 'users') for (const u of kept as SyncRows['users'][]) this.interner.setUser(u);
      for (const chunk of current.apply(kept, [])) changed.add(chunk);
      all.push(...kept);
    }
    this.copy.storeLocal(list, changed);
    if (leading) this.staging?.noteWritten(list, all, [], tick);
    // The screens render in a task of their own.
    await nextTask();
    if (!this.alive) return;
    this.publish([list]);
    if (leading) this.tellApplied(list, all, [], null);
    else this.relay.sendLocal(list, all, [], mark);
    this.background();
  }

  /**
   * Reload Data: a full sync from the server, the current copy on screen until it is whole. Where it stands is the
   * state's `reload`, which the leader (that runs it) tells every tab.
   */
  async resync() {
    await this.loaded;
    await this.pullAll();
  }

  /**
   * A full sync into a staging copy (this tab's Reload Data, or another tab's that asked this leader); asked for
   * again while one is under way, it is that one.
   */
  pullAll(): Promise<void> {
    return (this.reloading ??= (async () => {
      try {
        this.forceReset = true;
        await this.pull();
      } finally {
        this.reloading = null;
      }
    })());
  }

  stop() {
    this.abort.abort();
    this.unwatch();
    this.relay.close();
    clearInterval(this.poll);
    clearTimeout(this.retry);
    document.removeEventListener('freeze', this.onFreeze);
    window.removeEventListener('pagehide', this.onPageHide);
    this.copy.store?.close();
    this.interner.clear();
  }
}
