import { syncEngine } from '@/app/lib/sync/sync-engine';
import type { SyncList } from '@/shared/sync-lists';

/**
 * The lists each screen shows, by the start of its path (the first match counts). A first sync shows a screen
 * as soon as these have begun to arrive, and brings them before the others (docs/sync.md, "Progressive first
 * sync"). The dashboard needs only the newest enrollments: its figures come from the server's summary (on the second page) until
 * the lists are whole. A screen not listed (account, API reference) waits for none.
 */
const SCREEN_LISTS: readonly [path: RegExp, lists: readonly SyncList[]][] = [
  [/^\/$/, ['enrollments']],
  [/^\/users(\/|$)/, ['users']],
  [/^\/courses(\/|$)/, ['courses']],
  [/^\/enrollments(\/|$)/, ['batches', 'enrollments']],
  [/^\/services(\/|$)/, ['services']],
  [/^\/activity(\/|$)/, ['activity']],
];

export const screenLists = (pathname: string): readonly SyncList[] =>
  SCREEN_LISTS.find(([path]) => path.test(pathname))?.[1] ?? [];

/**
 * The post-login loader: the lists of the screen asked for, from the device copy at once, or as soon as the
 * first full sync has begun to bring them (with its progress on screen). The engine fills every list's query.
 */
export const ensureLoaderData = (pathname: string) => syncEngine.readyFor(screenLists(pathname));

/** Whether the screen at `pathname` can show now: its lists have begun to arrive (or the copy is whole). */
export const screenCanShow = (pathname: string) => screenLists(pathname).every((l) => syncEngine.canShow(l));

/** The screen on show: a first sync under way brings its lists next. */
export const focusScreen = (pathname: string) => syncEngine.focus(screenLists(pathname));

/** Reload Data: a full sync from the server; the lists on screen stay until it is whole. */
export const refetchLoaderData = () => syncEngine.resync();
