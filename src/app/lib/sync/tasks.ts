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

interface TaskScheduler {
  postTask(callback: () => void, options: { priority: 'background' }): Promise<void>;
}

/**
 * Yields to the browser until nothing more urgent waits: a render React has begun, input, the next frame. Work
 * that can come later (the lists a screen does not show yet) then does not take turns with the screen's own render,
 * which gets 5 ms per turn from React's scheduler. `scheduler.postTask` where the browser has it, else a task.
 */
export const backgroundTask = (): Promise<void> => {
  const scheduler = (globalThis as { scheduler?: TaskScheduler }).scheduler;
  return scheduler ? scheduler.postTask(() => undefined, { priority: 'background' }) : nextTask();
};

/** A promise with its resolve, and whether it has been called. */
export function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve, done: false };
}
