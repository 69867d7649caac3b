/**
 * Runs `run` now (the caller waits for it: start-up work) and then every `everyMs`, without keeping the process
 * alive for it; returns the function that stops it. `run` reports its own failures: a failed round waits for the
 * next. The server's upkeep (pruning, the activity window, PGlite's planner statistics) runs this way.
 */
export async function repeatFromNow(everyMs: number, run: () => Promise<unknown>): Promise<() => void> {
  await run();
  const timer = setInterval(() => void run(), everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
