/**
 * The Web Locks API (exclusive locks: what the sync's leader election uses) for tests that run several tabs in
 * one process, where jsdom has none: requests for a name are granted one at a time in the order they are made.
 */
type Callback = (lock: { name: string } | null) => unknown;
interface Waiter {
  callback: Callback;
  resolve: (v: unknown) => void;
  reject: (e: unknown) => void;
}

export class TestLockManager {
  /** The request holding each name. */
  private holders = new Map<string, Waiter>();
  private queues = new Map<string, Waiter[]>();

  request(name: string, a: Callback | { ifAvailable?: boolean; steal?: boolean; signal?: AbortSignal }, b?: Callback) {
    const options = typeof a === 'function' ? {} : a;
    const callback = (typeof a === 'function' ? a : b)!;
    return new Promise((resolve, reject) => {
      if (options.ifAvailable && this.holders.has(name)) return resolve(Promise.resolve(callback(null)));
      const waiter = { callback, resolve, reject };
      if (options.steal) {
        // The holder's request fails with an AbortError (its callback runs on, holding nothing); this one is granted
        // at once, before any queued.
        this.holders.get(name)?.reject(new DOMException('The lock was stolen', 'AbortError'));
        this.holders.delete(name);
        return this.run(name, waiter);
      }
      const queue = this.queues.get(name) ?? [];
      this.queues.set(name, queue);
      queue.push(waiter);
      options.signal?.addEventListener('abort', () => {
        const at = queue.indexOf(waiter);
        if (at < 0) return;
        queue.splice(at, 1);
        reject(new DOMException('The request was aborted', 'AbortError'));
      });
      this.grant(name);
    });
  }

  /** Which names are held (`held`) and asked for (`pending`), as navigator.locks.query() says. */
  query() {
    return Promise.resolve({
      held: [...this.holders.keys()].map((name) => ({ name })),
      pending: [...this.queues].flatMap(([name, queue]) => queue.map(() => ({ name }))),
    });
  }

  private grant(name: string) {
    const next = this.queues.get(name)?.[0];
    if (this.holders.has(name) || !next) return;
    this.queues.get(name)!.shift();
    this.run(name, next);
  }

  private run(name: string, waiter: Waiter) {
    this.holders.set(name, waiter);
    Promise.resolve()
      .then(() => waiter.callback({ name }))
      .then(waiter.resolve, waiter.reject)
      .finally(() => {
        // A holder whose lock was stolen lets go of nothing.
        if (this.holders.get(name) !== waiter) return;
        this.holders.delete(name);
        this.grant(name);
      });
  }
}

/** Installs one lock manager for every "tab" of the test; returns a function that removes it. */
export function installWebLocks() {
  const locks = new TestLockManager();
  Object.defineProperty(navigator, 'locks', { value: locks, configurable: true });
  return () => {
    Reflect.deleteProperty(navigator, 'locks');
  };
}
