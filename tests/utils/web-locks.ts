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
  private held = new Set<string>();
  private queues = new Map<string, Waiter[]>();

  request(name: string, a: Callback | { ifAvailable?: boolean; signal?: AbortSignal }, b?: Callback) {
    const options = typeof a === 'function' ? {} : a;
    const callback = (typeof a === 'function' ? a : b)!;
    return new Promise((resolve, reject) => {
      if (options.ifAvailable && this.held.has(name)) return resolve(Promise.resolve(callback(null)));
      const waiter = { callback, resolve, reject };
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

  private grant(name: string) {
    const next = this.queues.get(name)?.[0];
    if (this.held.has(name) || !next) return;
    this.queues.get(name)!.shift();
    this.held.add(name);
    Promise.resolve()
      .then(() => next.callback({ name }))
      .then(next.resolve, next.reject)
      .finally(() => {
        this.held.delete(name);
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
