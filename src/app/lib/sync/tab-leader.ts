/**
 * One tab per admin leads (docs/sync.md, "One stream per browser"): the holder of the Web Lock
 * `coursedesk-device-<admin id>` writes the device copy, keeps the stream and pulls; the other tabs follow it over
 * a BroadcastChannel. When the leader closes, is frozen or goes into the back/forward cache, its lock is free and
 * the next tab in the lock's queue leads. Without Web Locks or BroadcastChannel every tab leads on its own.
 */
export class Leadership {
  /** This tab leads now. */
  leading = false;
  /** The tabs can share one leader (Web Locks and BroadcastChannel exist). */
  readonly shared = typeof navigator.locks?.request === 'function' && typeof BroadcastChannel === 'function';
  private release: (() => void) | null = null;

  constructor(
    private readonly name: string,
    private readonly signal: AbortSignal,
    /** This tab has just become the leader (it held none at start): resolves once it has taken over. */
    private readonly onLead: () => Promise<void>,
    /** This tab stops leading (frozen): its stream and pulls end. */
    private readonly onStepDown: () => void,
  ) {}

  /** Leads at once if no other tab does; else queues for the lock. Resolves once that is known. */
  async claim() {
    if (!this.shared) {
      this.leading = true;
      return;
    }
    const free = await new Promise<boolean>((resolve) => {
      void navigator.locks.request(this.name, { ifAvailable: true }, (lock) => {
        resolve(lock !== null);
        return lock ? this.hold() : undefined;
      });
    });
    if (free) this.leading = true;
    else this.queue();
  }

  /** A frozen page (or one going into the back/forward cache) lets another tab lead, and queues again. */
  stepDown() {
    if (!this.leading || !this.release) return;
    this.leading = false;
    this.onStepDown();
    this.release();
    this.release = null;
    this.queue();
  }

  /** Holds the lock until the session ends (at once if it already has: a logout during the start-up). */
  private hold() {
    return new Promise<void>((release) => {
      this.release = release;
      if (this.signal.aborted) return release();
      this.signal.addEventListener('abort', () => release());
    });
  }

  private queue() {
    void navigator.locks
      .request(this.name, { signal: this.signal }, async () => {
        if (this.signal.aborted) return;
        this.leading = true;
        const held = this.hold();
        // A session that ends while taking over (its copy never whole) lets go of the lock all the same.
        await Promise.race([this.onLead(), held]);
        return held;
      })
      .catch(() => {});
  }
}
