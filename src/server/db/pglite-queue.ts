import { DatabaseBusyError } from './timeouts';

interface Waiter {
  priority: boolean;
  deadline: number;
  timer: NodeJS.Timeout;
  start: () => void;
  refuse: (err: Error) => void;
}

/**
 * PGlite has one connection: every query and transaction takes turns. This queue decides the turns instead of
 * PGlite's own first-come lock, so that (1) a caller waits at most `waitMs` for its turn and then gets the
 * retryable DatabaseBusyError rather than queueing without end, and (2) the quick reads of token checks, the
 * sync stream and /api/health go ahead of every waiting writer. A running statement cannot be interrupted:
 * it blocks the process (PGlite runs in this thread), so a turn's timer may fire late; a waiter whose
 * deadline has passed by the time its turn comes is refused then.
 */
export class PgliteQueue {
  private waiters: Waiter[] = [];
  private busySince: number | null = null;

  constructor(private waitMs: number) {}

  run<T>(priority: boolean, job: () => Promise<T>): Promise<T> {
    return this.turn(priority).then(async () => {
      try {
        return await job();
      } finally {
        this.next();
      }
    });
  }

  /** How long the current turn has lasted, in ms; null while the connection is free. */
  busyForMs(): number | null {
    return this.busySince === null ? null : Date.now() - this.busySince;
  }

  /** Callers waiting for a turn. */
  get waiting(): number {
    return this.waiters.length;
  }

  private turn(priority: boolean): Promise<void> {
    if (this.busySince === null) {
      this.busySince = Date.now();
      return Promise.resolve();
    }
    return new Promise((start, refuse) => {
      const waiter: Waiter = {
        priority,
        deadline: Date.now() + this.waitMs,
        timer: setTimeout(() => this.drop(waiter), this.waitMs),
        start,
        refuse,
      };
      // Priority waiters queue among themselves, ahead of all the others.
      const at = priority ? this.waiters.findIndex((w) => !w.priority) : -1;
      this.waiters.splice(at === -1 ? this.waiters.length : at, 0, waiter);
    });
  }

  private drop(waiter: Waiter) {
    const at = this.waiters.indexOf(waiter);
    if (at === -1) return;
    this.waiters.splice(at, 1);
    waiter.refuse(new DatabaseBusyError(this.waitMs));
  }

  private next() {
    this.busySince = null;
    for (let waiter = this.waiters.shift(); waiter; waiter = this.waiters.shift()) {
      clearTimeout(waiter.timer);
      if (Date.now() > waiter.deadline) {
        waiter.refuse(new DatabaseBusyError(this.waitMs));
        continue;
      }
      this.busySince = Date.now();
      waiter.start();
      return;
    }
  }
}
