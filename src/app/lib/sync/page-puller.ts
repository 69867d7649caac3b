import { SYNC_PAGE, type SyncList } from '@/shared/sync-lists';
import { fetchPackedPage } from './page-source';
import type { PackedPage } from './page-packing';

/** Paging a pull: pages asked for ahead, applied one after another in order (docs/sync.md, "Client loop"). */

/** Pages of a pull asked for before their turn: the server builds them while the browser reads and stores. */
const PAGES_AHEAD = 2;
/**
 * Rows per page once the lists are on screen (a first sync's pages grow from 2,000 to 5,000: nextFirstSyncRows):
 * reading a page's JSON is one task of the browser's, which for 2,000 enrollments comes close to a long task the
 * admin feels, and the pages after a bulk write of 10,000 rows would (docs/benchmarks.md).
 */
export const LIVE_PAGE_ROWS = 1000;
/** A first-sync page that comes within this grows the next one; one that takes longer than SLOW shrinks it. */
const FAST_PAGE_MS = 2000;
const SLOW_PAGE_MS = 8000;

/**
 * Rows to ask for in the next page of a first sync, from the last page's size and how long it took to come: the
 * server's default first, doubled up to its maximum while pages come fast, halved (down to LIVE_PAGE_ROWS) when one
 * is slow. Fewer, larger pages made a first sync at scale about 13% faster (fewer round trips, replies and
 * stores); a slow connection keeps pages it fetches well inside the request timeout, and loses less if one drops.
 */
export function nextFirstSyncRows(rows: number, ms: number): number {
  if (ms < FAST_PAGE_MS) return Math.min(rows * 2, SYNC_PAGE.max);
  if (ms > SLOW_PAGE_MS) return Math.max(Math.floor(rows / 2), LIVE_PAGE_ROWS);
  return rows;
}

export interface PullPlan {
  /** The cursor to pull from (null: a full sync). */
  from: string | null;
  signal: AbortSignal;
  /** Whether the lists are on screen (live pages) or a first sync is under way. */
  live: () => boolean;
  /** The list a full sync's next page should bring first (the screen's: `?first=`), if any. */
  first?: () => SyncList | undefined;
  /** A number for each request, in the order they are sent (the engine's clock of events). */
  tick: () => number;
  /** Applies and stores one page; `seq` is its request's tick. */
  apply: (page: PackedPage, seq: number) => Promise<void>;
}

/** Pages until the server has nothing more; each page is applied and stored before the next is applied. */
export async function pullPages({
  from,
  signal,
  live: isLive,
  first: firstList,
  tick,
  apply,
}: PullPlan): Promise<void> {
  let firstSyncRows: number = SYNC_PAGE.default;
  /** Pages asked for before their turn, by cursor, and the newest cursor a reply's headers named. */
  const ahead = new Map<string, ReturnType<typeof fetchPage>>();
  let named: string | null = null;
  const askAhead = () => {
    if (named === null || ahead.size >= PAGES_AHEAD) return;
    ahead.set(named, fetchPage(named));
    named = null;
  };
  function fetchPage(cursor: string | null) {
    const seq = tick();
    const query = new URLSearchParams();
    if (cursor) query.set('cursor', cursor);
    const live = isLive();
    query.set('limit', String(live ? LIVE_PAGE_ROWS : firstSyncRows));
    // Asked for as each page is (navigation moves it): the server ignores it on delta pages.
    const first = live ? undefined : firstList?.();
    if (first) query.set('first', first);
    const asked = performance.now();
    // Fetched, read and packed in the page worker (page-source.ts): this thread gets texts, read a slice per task.
    const onNext = (next: string | null) => {
      named = next;
      askAhead();
    };
    const reply = fetchPackedPage(query, signal, onNext).then((r) => {
      if (!live) firstSyncRows = nextFirstSyncRows(firstSyncRows, performance.now() - asked);
      return { reply: first ? { ...r, first } : r, seq };
    });
    reply.catch(() => {}); // a page asked for ahead may fail before its turn: it is reported then
    return reply;
  }
  let page = fetchPage(from);
  for (;;) {
    const { reply, seq } = await page;
    if (signal.aborted) throw new DOMException('The pull was stopped', 'AbortError');
    // The following pages are asked for as soon as a reply's headers name them (up to PAGES_AHEAD): the server
    // builds them while this one is read, applied and stored. Pages are applied in order, and a failure of any
    // ends the pull at the stored cursor.
    await apply(reply, seq);
    if (!reply.hasMore) return;
    const following = ahead.get(reply.cursor);
    if (!following) ahead.clear();
    ahead.delete(reply.cursor);
    page = following ?? fetchPage(reply.cursor);
    askAhead();
  }
}
