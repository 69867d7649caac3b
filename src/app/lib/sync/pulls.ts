import { applyPage } from './page-apply';
import { pullPages } from './page-puller';
import { SYNC_QUERY_KEY } from './sync-state';
import { STREAM_RETRY_MAX_MS } from './sync-stream';
import type { PackedPage } from './page-packing';
import type { SyncSession } from './sync-session';
import type { QueryClient } from '@tanstack/react-query';

/** How often the lists are pulled while the stream is down: never faster than this. */
export const POLL_MS = STREAM_RETRY_MAX_MS;
/** A first sync that failed part-way is tried again after this, doubling up to POLL_MS (its screen stays). */
export const FIRST_SYNC_RETRY_MS = 1000;

/**
 * This tab's pulls: one at a time, through the query cache. The leader pulls the pages itself, each applied, stored
 * and told to the other tabs; a follower's pull is a request to the leader (tab-relay.ts).
 */
export class Pulls {
  private running: Promise<void> | null = null;
  private again: Promise<void> | null = null;
  /** A failed first sync's next try, and its back-off. */
  private retry: ReturnType<typeof setTimeout> | undefined;
  private retryMs = 0;
  /** The clock of this tab's events: requests sent, replies applied. */
  private seq = 0;
  /** Write replies applied here, by the tick they went in at: a page asked for before must not put back an older row. */
  private touched = new Map<string, number>();

  constructor(
    private readonly s: SyncSession,
    private readonly qc: QueryClient,
    /** The session's: it ends every pull. */
    private readonly signal: AbortSignal,
  ) {}

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
    pulled.then(this.s.marks.pulling(), () => {});
    return pulled;
  }

  /** A write reply's rows went in now: the tick they went in at, before which no page may put them back. */
  hold(ids: readonly string[]) {
    const tick = ++this.seq;
    for (const id of ids) this.touched.set(id, tick);
    return tick;
  }

  stop() {
    clearTimeout(this.retry);
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
    const { s } = this;
    // Reload Data's full sync: its retries (the query cache's) go on with the staging copy it began.
    const reset = s.reload.takeReset();
    /** This tab runs Reload Data's full sync (it leads): it tells every tab where it stands. */
    let reloads = false;
    // A back-off's try says nothing more when it fails too: the first failure was reported.
    const retrying = this.retryMs > 0;
    clearTimeout(this.retry);
    try {
      await this.qc.fetchQuery({
        // A follower's Reload Data is the leader's, which has retried already: asked again it would start over.
        ...(reset && !s.isLeader ? { retry: false } : {}),
        meta: { silent: retrying },
        queryKey: SYNC_QUERY_KEY,
        queryFn: async ({ signal }) => {
          // A follower's pull is the leader's; if this tab leads by the time it would be answered, it pulls.
          if (!s.isLeader && (await s.relay.ask(reset)) !== 'lead') return { syncedAt: s.meta.syncedAt };
          if (reset && !reloads) {
            reloads = true;
            s.reload.tell('running');
          }
          return this.pullNow(signal, reset && !s.staging);
        },
        staleTime: 0,
      });
      if (reloads) s.reload.tell('done');
      this.retryMs = 0;
    } catch (err) {
      // A full resync that failed half-way leaves the copy as it was; Reload Data can be asked for again.
      if (s.staging) {
        s.abandonStaging();
        s.reload.showProgress(null);
      }
      if (reloads) s.reload.tell('failed');
      this.retryFirstSync();
      throw err;
    } finally {
      s.setState({ caughtUp: true });
    }
  }

  /**
   * A first sync that failed part-way (a dropped connection, a 502) goes on from its stored cursor by itself,
   * after 1 s, 2 s, 4 s … up to POLL_MS: the screen on show keeps its rows meanwhile. The leader's alone (a
   * follower's pull is the leader's); the stream's reconnect may pull sooner.
   */
  private retryFirstSync() {
    if (this.s.meta.complete || !this.s.alive || !this.s.isLeader) return;
    this.retryMs = Math.min(this.retryMs ? this.retryMs * 2 : FIRST_SYNC_RETRY_MS, POLL_MS);
    clearTimeout(this.retry);
    this.retry = setTimeout(() => this.background(), this.retryMs);
  }

  /** The leader's pull: pages until the server has nothing more, each applied, stored and told to the tabs. */
  private async pullNow(signal: AbortSignal, reset: boolean): Promise<{ syncedAt: number }> {
    const { s } = this;
    await s.loaded;
    await s.whole.promise;
    const start = this.seq + 1;
    await pullPages({
      from: reset ? null : s.staging ? s.staging.cursor : s.meta.cursor,
      signal: AbortSignal.any([signal, this.signal, s.leadSignal ?? signal]),
      live: () => s.meta.complete,
      first: () => (reset || s.staging ? undefined : s.nextFirst()),
      tick: () => ++this.seq,
      apply: (reply, seq) => this.applyPulled(reply, seq, start),
    });
    return { syncedAt: s.meta.syncedAt };
  }

  private async applyPulled(reply: PackedPage, seq: number, start: number) {
    const { s } = this;
    const staged = reply.reset ? s.meta.complete : s.staging !== null;
    await applyPage(s, reply, {
      stage: true,
      seq,
      fresh: (id) => (this.touched.get(id) ?? 0) <= seq,
      stored: () => s.marks.advance(reply.cursor, start),
      commit: (skipped) => {
        if (!s.staging) s.relay.postPage({ t: 'page', reply, skipped, cursor: s.meta.cursor!, pos: s.marks.pos });
      },
      swapped: () => s.relay.sendCopy(null),
    });
    for (const [id, at] of this.touched) if (at <= seq) this.touched.delete(id);
    const progress = reply.hasMore && reply.progress ? reply.progress : null;
    if (staged) s.reload.showProgress(progress);
    else s.setState({ progress });
  }
}
