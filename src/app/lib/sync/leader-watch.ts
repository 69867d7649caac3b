import type { SyncSession } from './sync-session';
import type { TabMessage } from './tab-channel';

/** How often a follower looks whether the leader is still there (a hidden tab's timers may run less often). */
export const WATCH_MS = 100;
/** A follower that has heard nothing from the leader this long asks it whether it is there (`ping`). */
export const ASK_AFTER_MS = 200;
/**
 * A ping unanswered this long, while this tab itself ran on time: the leader is frozen or asleep. A leader past its
 * start-up answered within 60 ms under CPU load (tabs.spec, 3 busy loops on the 2 cores), with seven tabs joining it.
 */
export const SILENT_MS = 800;
/**
 * The wait in a follower's first START_MS: a page's start-up (its modules, its first render) runs tasks of up to a
 * second or more on a loaded machine, and a leader in its start-up has only followers that started with it or after
 * it (any older tab would have been in the lock's queue first); so an older follower knows the leader is past its own.
 */
export const SILENT_START_MS = 2000;
export const START_MS = 10_000;
/** Before taking the lock, the follower asks once more and waits this long (another may have taken it already). */
export const CONFIRM_MS = 200;
/**
 * A look that comes this much later than WATCH_MS after the one before: this tab itself did not run (its process,
 * or the machine, is busy; or it is hidden), so the leader's silence may be the same and the wait starts over.
 */
export const LATE_MS = 150;
/** What only the leader says: hearing any of it, a follower knows the leader is there. */
const FROM_LEADER = new Set<TabMessage['t']>([
  'page',
  'copy',
  'swap',
  'applied',
  'progress',
  'reload',
  'pulled',
  'lead',
  'pong',
]);

/**
 * A follower makes sure the leader is there (docs/sync.md, "A leader that falls silent without letting go"): after
 * ASK_AFTER_MS of silence it asks (`ping`, which the leader answers from its message handler, not a timer: a hidden
 * leader's timers may be slowed to once a minute); a ping unanswered for SILENT_MS means the leader is frozen or
 * asleep (a frozen page runs nothing, and holds its lock), and this tab takes the lock from it.
 */
export class LeaderWatch {
  /** When this follower last heard the leader, and when it asked with no answer yet (performance.now()). */
  private heardAt = performance.now();
  private askedAt: number | null = null;
  private lookedAt = performance.now();
  private readonly timer = setInterval(() => this.look(), WATCH_MS);
  private stealing = false;

  constructor(
    private readonly s: SyncSession,
    /** Asks the leader whether it is there. */
    private readonly ping: () => void,
  ) {}

  /** A message from another tab: one only a leader sends says it is there. */
  heardFrom(m: TabMessage) {
    if (FROM_LEADER.has(m.t)) this.heardLeader();
  }

  /** The leader is there (or this tab has just learnt who leads): the wait starts over. */
  heardLeader() {
    this.heardAt = performance.now();
    this.askedAt = null;
  }

  stop() {
    clearInterval(this.timer);
  }

  private look() {
    const now = performance.now();
    const late = now - this.lookedAt > WATCH_MS + LATE_MS;
    this.lookedAt = now;
    if (this.s.isLeader || !this.s.alive || !this.s.whole.done || this.stealing) {
      if (!this.stealing) this.heardLeader();
      return;
    }
    if (late) {
      if (this.askedAt !== null) this.askedAt = now;
      return;
    }
    if (this.askedAt === null) {
      if (now - this.heardAt < ASK_AFTER_MS) return;
      this.askedAt = now;
      this.ping();
    } else if (now - this.askedAt >= (now < START_MS ? SILENT_START_MS : SILENT_MS)) {
      this.stealing = true;
      void this.s
        .stealLead(() => this.stillSilent())
        .finally(() => {
          this.stealing = false;
          this.heardLeader();
        });
    }
  }

  /**
   * Asked once more, no answer within CONFIRM_MS (checked while no other follower is taking the lock), and this tab
   * ran on time meanwhile.
   */
  private async stillSilent() {
    const before = this.heardAt;
    const askedAt = performance.now();
    this.ping();
    await new Promise((resolve) => setTimeout(resolve, CONFIRM_MS));
    const late = performance.now() - askedAt > CONFIRM_MS + LATE_MS;
    return !late && this.heardAt === before && !this.s.isLeader && this.s.alive;
  }
}
