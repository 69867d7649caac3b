/**
 * One tab per admin leads (docs/sync.md, "One stream per browser"): the holder of the Web Lock
 * `coursedesk-device-<admin id>` writes the device copy, keeps the stream and pulls; the other tabs follow it over
 * a BroadcastChannel. When the leader closes, is frozen or goes into the back/forward cache, its lock is free and
 * the next tab in the lock's queue leads. A leader that falls silent without letting go (frozen without a `freeze`
 * event, asleep) has the lock taken from it by a follower (`steal`), and steps down once it runs again. Without Web
 * Locks or BroadcastChannel every tab leads on its own.
 */
export class Leadership {
  /** This tab leads now. */
  leading = false;
  /** The tabs can share one leader (Web Locks and BroadcastChannel exist). */
  readonly shared = typeof navigator.locks?.request === 'function' && typeof BroadcastChannel === 'function';
  private release: (() => void) | null = null;
  /** This tab's place in the lock's queue, while it waits: a steal takes its place. */
  private queued: AbortController | null = null;
  /** Counts the times this tab was granted the lock: a steal rejects the request of the time it was taken in. */
  private term = 0;

  constructor(
    private readonly name: string,
    private readonly signal: AbortSignal,
    /** This tab has just become the leader (it held none at start): resolves once it has taken over. */
    private readonly onLead: () => Promise<void>,
    /** This tab stops leading (frozen, or its lock was taken): its stream and pulls end. */
    private readonly onStepDown: () => void,
  ) {}

  /** Leads at once if no other tab does; else queues for the lock. Resolves once that is known. */
  async claim() {
    if (!this.shared) {
      this.leading = true;
      return;
    }
    let term = 0;
    const free = await new Promise<boolean>((resolve) => {
      navigator.locks
        .request(this.name, { ifAvailable: true }, (lock) => {
          resolve(lock !== null);
          if (!lock) return undefined;
          term = ++this.term;
          return this.hold();
        })
        .catch(() => this.lost(term));
    });
    if (free) this.leading = true;
    else this.queue();
  }

  /**
   * This tab stops leading and queues again: it was frozen (or goes into the back/forward cache) and lets go, or
   * another tab took the lock from it (the request it was granted in failed, or that tab said it leads now).
   */
  stepDown() {
    if (!this.leading) return;
    this.leading = false;
    this.release?.();
    this.release = null;
    this.onStepDown();
    this.queue();
  }

  /**
   * The leader is silent (frozen without a `freeze` event, or asleep): this tab takes the lock from it, once `silent`
   * (asked while no other follower is doing the same) confirms it is still silent. Resolves once done or given up.
   */
  async steal(silent: () => Promise<boolean>) {
    if (!this.shared || this.leading || this.signal.aborted) return;
    await navigator.locks
      .request(`${this.name}:steal`, { ifAvailable: true }, async (lock) => {
        if (!lock || this.leading || this.signal.aborted || !(await silent())) return;
        if (this.leading || this.signal.aborted) return;
        this.queued?.abort(); // the stolen lock takes the place this tab had in the queue
        this.queued = null;
        let term = 0;
        await new Promise<void>((granted) => {
          navigator.locks
            .request(this.name, { steal: true }, () => {
              term = ++this.term;
              granted();
              return this.lead();
            })
            .catch(() => {
              granted();
              this.lost(term);
            });
        });
      })
      .catch(() => {});
  }

  /** The request of the `term`-th grant failed: the lock was taken from this tab (or the session ended). */
  private lost(term: number) {
    if (term !== 0 && term === this.term) this.stepDown();
  }

  /** Holds the lock until the session ends (at once if it already has: a logout during the start-up). */
  private hold() {
    return new Promise<void>((release) => {
      this.release = release;
      if (this.signal.aborted) return release();
      this.signal.addEventListener('abort', () => release());
    });
  }

  /** The lock is this tab's: it leads, takes over, and holds the lock until it lets go. */
  private async lead() {
    if (this.signal.aborted) return;
    this.leading = true;
    const held = this.hold();
    // A session that ends while taking over (its copy never whole) lets go of the lock all the same.
    await Promise.race([this.onLead(), held]);
    return held;
  }

  private queue() {
    if (this.signal.aborted) return;
    const queued = (this.queued = new AbortController());
    let term = 0;
    navigator.locks
      .request(this.name, { signal: AbortSignal.any([this.signal, queued.signal]) }, () => {
        if (this.queued === queued) this.queued = null;
        term = ++this.term;
        return this.lead();
      })
      .catch(() => this.lost(term));
  }
}
