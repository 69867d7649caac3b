/**
 * Yields to the browser for one task: a message, not setTimeout (clamped to 4 ms when nested, and paused by
 * a test's fake clock, which must not decide whether a pull finishes).
 */
export const nextTask = () =>
  new Promise<void>((resolve) => {
    const { port1, port2 } = new MessageChannel();
    port1.onmessage = () => {
      port1.close();
      resolve();
    };
    port2.postMessage(null);
  });

/** A promise with its resolve, and whether it has been called. */
export function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve, done: false };
}
