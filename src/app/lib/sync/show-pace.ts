import type { SyncList } from '@/shared/sync-lists';

/** A list this small is shown after every page: laying it out and the screen's pass over it cost little. */
export const SHOW_ALWAYS_BELOW = 20_000;
/** A bigger one at least this often while it grows, so that what the screen shows trails its count by little. */
export const SHOW_EVERY_MS = 1000;

/**
 * How often a first sync shows a growing list (docs/sync.md, "Progressive first sync"): every page while it is
 * small, then each time it has doubled or SHOW_EVERY_MS has passed. Each showing lays the whole list out anew and
 * the screen filters all of it: once per page is 500 times at 1,000,000 enrollments, now about 25. (On a quick
 * machine the first sync's figures did not move either way: docs/benchmarks.md.)
 */
export class ShowPace {
  private last = new Map<SyncList, { size: number; at: number }>();

  /** Whether `list`, grown to `size` rows, is shown now. */
  due(list: SyncList, size: number, now: number) {
    const last = this.last.get(list);
    return !last || size < SHOW_ALWAYS_BELOW || size >= 2 * last.size || now - last.at >= SHOW_EVERY_MS;
  }

  shown(list: SyncList, size: number, now: number) {
    this.last.set(list, { size, at: now });
  }
}
