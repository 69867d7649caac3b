import type { SyncList } from '@/shared/sync-lists';
import { CopySession } from './copy-session';
import { LocalWrites } from './local-writes';
import { POLL_MS, Pulls } from './pulls';
import { ReloadData } from './reload-data';
import { followSyncStream } from './sync-stream';
import { Leadership } from './tab-leader';
import { TabRelay } from './tab-relay';
import type { SyncRows } from './list-codecs';
import type { SyncState } from './sync-state';
import type { QueryClient } from '@tanstack/react-query';

/**
 * This tab's sync: when it leads (tab-leader.ts) it keeps the stream, pulls and stores the copy, telling the
 * other tabs each change; when it follows, it applies what the leader tells, and hands it its write replies and
 * pull requests (tab-relay.ts). Its pulls (pulls.ts), write replies (local-writes.ts) and Reload Data
 * (reload-data.ts) are parts of their own.
 */
export class SyncSession extends CopySession {
  readonly loaded: Promise<void>;
  private readonly lead: Leadership;
  readonly relay: TabRelay;
  readonly pulls: Pulls;
  readonly writes: LocalWrites;
  readonly reload: ReloadData;
  /** This tab's time as the leader: its stream, polls and pulls end with it. */
  private leading: AbortController | null = null;
  private poll: ReturnType<typeof setInterval> | undefined;
  /** Between taking the lock and leading (storing what it holds first). */
  private takingOver = false;
  private readonly unwatch: () => void;
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
    this.pulls = new Pulls(this, qc, signal);
    this.writes = new LocalWrites(this);
    this.reload = new ReloadData(
      setState,
      (m) => this.relay.post(m),
      () => this.pull(),
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

  /** This tab's time as the leader (none while it follows): the leader's pulls end with it. */
  get leadSignal() {
    return this.leading?.signal;
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

  /**
   * The list a first sync brings next: the first list not whole yet of the screen navigated to last (in any tab),
   * else of this tab's screen, else one a screen asked for.
   */
  nextFirst(): SyncList | undefined {
    const waiting = (l: SyncList) => !this.isWhole(l);
    return this.lastFocus?.find(waiting) ?? this.focused().find(waiting) ?? this.wanted.find(waiting);
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
      this.reload.leaderGone();
      this.relay.becameLeader();
      this.startLeading();
    } finally {
      this.takingOver = false;
    }
  }

  /** A pull nobody waits for: its errors are reported by the query cache (toast, or the end of the session). */
  background() {
    this.pulls.background();
  }

  /** A pull that begins from now (Pulls.pull). */
  pull(): Promise<void> {
    return this.pulls.pull();
  }

  /** A write's reply (LocalWrites.applyLocal). */
  applyLocal<L extends SyncList>(list: L, upserts: readonly SyncRows[L][], deletes: readonly string[]) {
    this.writes.applyLocal(list, upserts, deletes);
  }

  /** A bulk write's rows, patched as the server did (LocalWrites.patchLocal). */
  patchLocal<L extends SyncList>(list: L, held: readonly SyncRows[L][], patch: (row: SyncRows[L]) => SyncRows[L]) {
    return this.writes.patchLocal(list, held, patch);
  }

  /** Reload Data (reload-data.ts), once the device copy is read. */
  async resync() {
    await this.loaded;
    await this.reload.run();
  }

  stop() {
    this.abort.abort();
    this.unwatch();
    this.relay.close();
    clearInterval(this.poll);
    this.pulls.stop();
    document.removeEventListener('freeze', this.onFreeze);
    window.removeEventListener('pagehide', this.onPageHide);
    this.copy.store?.close();
    this.interner.clear();
  }
}
