import { nextTask } from './sync/tasks';

/**
 * Work written as a generator that yields now and then (every few thousand rows), run in one go (`runSteps`) or
 * in slices of about `sliceMs` with the browser free between them (`runInSlices`): the same steps, the same result.
 */
export type Steps<R> = Generator<void, R, void>;

export function runSteps<R>(steps: Steps<R>): R {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/**
 * Resolves null if `alive` turns false between two slices (the result is no longer wanted). `later`: the first slice
 * waits for a task of its own too (work started by a render, which must not lengthen the render's task).
 */
export async function runInSlices<R>(
  steps: Steps<R>,
  alive: () => boolean,
  { sliceMs = 10, later = false }: { sliceMs?: number; later?: boolean } = {},
): Promise<R | null> {
  if (later) await nextTask();
  if (!alive()) return null;
  let slice = performance.now();
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
    if (performance.now() - slice < sliceMs) continue;
    await nextTask();
    if (!alive()) return null;
    slice = performance.now();
  }
}
