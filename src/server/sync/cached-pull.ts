import type { Db } from '@/server/db/client';
import type { Encoding } from '@/server/http/encoding';
import { deltaUsable, fullSyncUsable, pullSyncAt, syncReplyBody } from '@/server/repositories/sync-repo';
import { readState, type SyncState } from '@/server/repositories/sync-sources';
import {
  encodeSyncCursor,
  SYNC_LISTS,
  SYNC_SCHEMA,
  type ResetCursor,
  type SyncCursor,
  type SyncList,
} from '@/shared/schemas';
import { packPage, type CachedPage, type SyncPageCache } from './page-cache';

/**
 * Which full-sync page a request asks for, as a cache key, and what to build it from; null for a delta pull
 * (never cached: it is small, and each device's is its own).
 *
 * What makes two requests' page the same (docs/operations.md, "The full-sync page cache"):
 * - **a page after the first** is determined by its cursor, which pins the sync's start version V0 and each
 *   list's place, and by `limit` and the order of the lists (`first`). The data it shows is the data when it
 *   was built, at some version V1 >= V0, exactly as if this device had asked for it then: a full sync's pages
 *   were never one snapshot, and whatever changed after V0 comes in the delta pull that follows the last page
 *   (its cursor is a delta cursor at V0). So a cached page is reused whatever was written since, as long as the
 *   cursor can still be served (same database, V0 not pruned) and, on the last page, `hasMore` still tells the
 *   truth (checked on every reply: `fresh`).
 * - **the first page** (no cursor, or one that cannot be served) starts a sync at the current version, with
 *   the counts and the dashboard's summary of that moment: its key holds the database, the version and the
 *   activity window's start, so a write in between makes another page.
 * The sync schema is in both (in the cursor, or written out), so an upgraded server never serves an older shape.
 */
export interface PlannedPage {
  key: string;
  /** The cursor to build it from: the request's (a full sync under way) or null (a first page). */
  from: ResetCursor | null;
  first: SyncList | undefined;
}

const firstPageKey = (state: SyncState, limit: number, first: SyncList | undefined) =>
  [
    'first',
    SYNC_SCHEMA,
    state.epoch,
    state.version,
    state.activityFrom ? `${state.activityFrom.micros}:${state.activityFrom.id}` : '-',
    limit,
    first ?? '-',
  ].join('|');

export function planPage(
  state: SyncState,
  cursor: SyncCursor | null,
  limit: number,
  first: SyncList | undefined,
): PlannedPage | null {
  if (cursor && 'r' in cursor && fullSyncUsable(cursor, state)) {
    // A `first` list already whole fills the page in the default order: the same page as without it.
    const whole = first !== undefined && cursor.r.l[SYNC_LISTS.indexOf(first)]![2] === 'end';
    const order = whole ? undefined : first;
    return { key: ['next', encodeSyncCursor(cursor), limit, order ?? '-'].join('|'), from: cursor, first: order };
  }
  if (cursor && !('r' in cursor) && deltaUsable(cursor, state)) return null;
  return { key: firstPageKey(state, limit, first), from: null, first };
}

/** A kept page that still tells the truth now: a last page saying "nothing more" is stale once the clock moved past V0. */
const freshAt = (state: SyncState) => (page: CachedPage) => !(page.last && !page.hasMore && state.version > page.v);

/**
 * The reply to a pull, through the cache: null for a delta pull (the caller builds it as before). A full-sync page
 * is served from the cache when there, else built once for every request that asks for it meanwhile, and kept.
 */
export async function cachedPull(
  db: Db,
  cache: SyncPageCache,
  cursor: SyncCursor | null,
  limit: number,
  first: SyncList | undefined,
  wanted: Encoding,
  /** Built ahead of its request (`SyncPageCache.whenAsked`), not asked for by a device. */
  ahead = false,
): Promise<CachedPage | null> {
  // Read outside any transaction: a request waiting for another's build holds no connection (PGlite has one).
  const state = await readState(db);
  const plan = planPage(state, cursor, limit, first);
  if (!plan) return null;
  if (ahead && cache.holds(plan.key)) return null;
  if (!ahead) cache.asks(plan.key);
  const fresh = freshAt(state);
  const kept = cache.get(plan.key, fresh);
  if (kept) return kept;
  const build = async (): Promise<CachedPage> => {
    const { page, state: at } = await pullSyncAt(db, plan.from, limit, plan.first);
    // The next page's rows are read while this one is encoded, compressed and sent, and while the device reads it;
    // from the size a device asks for once its pages come fast (page-puller.ts), which its next request keeps.
    if (cache.readAheadFrom !== null && limit >= cache.readAheadFrom && plan.from && page.hasMore) {
      const next = page.cursor;
      cache.whenAsked(
        plan.key,
        () => void cachedPull(db, cache, next, limit, plan.first, wanted, true).catch(() => {}),
      );
    }
    const packed = await packPage(syncReplyBody(page), wanted);
    const built: CachedPage = {
      ...packed,
      next: page.hasMore ? encodeSyncCursor(page.cursor) : null,
      last: !('r' in page.cursor),
      hasMore: page.hasMore,
      v: 'r' in page.cursor ? page.cursor.r.v : page.cursor.v,
    };
    // Kept under the key of what it is: a page after the first only if the cursor was still served (not a reset),
    // a first page under the state its snapshot read (a write may have come since this request's look).
    if (plan.from && !page.reset) cache.set(plan.key, built);
    else if (!plan.from) cache.set(firstPageKey(at, limit, plan.first), built);
    return built;
  };
  const page = await cache.build(plan.key, build);
  // A build this request joined may have read its snapshot before a write this request's look saw.
  return fresh(page) ? page : build();
}
