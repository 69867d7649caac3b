import { ApiError } from '@/app/lib/api-client';
import type { SyncList } from '@/shared/sync-lists';
import { SyncSession } from './sync-session';
import type { SyncRows } from './list-codecs';
import type { SyncState } from './sync-state';
import type { QueryClient } from '@tanstack/react-query';

/**
 * The PWA's copy of the lists (docs/sync.md): kept in memory, stored on the device in chunks, and kept current
 * by delta pulls that the sync stream triggers, in the one tab that leads (the others follow it). Screens read the
 * lists through their TanStack queries (`['users']` …), which the engine fills; writes put the server's reply in
 * through `applyLocal` (lib/list-writes.ts).
 */

export { SYNC_QUERY_KEY, type ReloadPhase, type SyncState } from './sync-state';
export { LIVE_PAGE_ROWS, nextFirstSyncRows } from './page-puller';
export { PATCH_ROWS_PER_TASK } from './local-writes';

// ---- The one engine of this tab: started at login (or with a stored session), stopped at logout. ----

let session: SyncSession | null = null;
const START: SyncState = { progress: null, caughtUp: false, reload: null, arrival: null };
/** The lists of the screen on show (the router sets them): a first sync brings them first. */
let focused: readonly SyncList[] = [];
let state = START;
const listeners = new Set<() => void>();
const setState = (next: Partial<SyncState>) => {
  if (Object.entries(next).every(([k, v]) => state[k as keyof SyncState] === v)) return;
  state = { ...state, ...next };
  listeners.forEach((l) => l());
};

export const syncEngine = {
  /** Starts this admin's copy: device first, then the server. Waits only for the device read. */
  async start(qc: QueryClient, adminId: string) {
    syncEngine.stop();
    const mine = new SyncSession(
      qc,
      adminId,
      (s) => session === mine && setState(s),
      () => focused,
    );
    session = mine;
    await mine.loaded;
    if (session === mine) mine.follow();
  },
  stop() {
    session?.stop();
    session = null;
    setState(START);
  },
  /** Resolves when the copy is whole; rejects when a first sync fails. */
  async ready() {
    if (!session) throw new ApiError('unexpected', null, null, 'No session');
    await session.ready();
  },
  /**
   * The post-login loader: at once when the device holds a whole copy (its lists still decoding: the screens wait
   * for theirs), else once `lists` (the screen's) can be shown: as soon as a first sync has begun to bring each
   * (docs/sync.md, "Progressive first sync"); rejects when that sync fails first.
   */
  async readyFor(lists: readonly SyncList[]) {
    const mine = session;
    if (!mine) throw new ApiError('unexpected', null, null, 'No session');
    await mine.loaded;
    // A whole copy on the device: the shell shows at once, and each screen waits for its lists to be decoded.
    if (mine.meta.complete) return;
    await Promise.all(lists.map((l) => mine.readList(l)));
  },
  /** The screen on show needs these lists: a first sync under way asks for them next (`?first=`). */
  focus(lists: readonly SyncList[]) {
    focused = lists;
    session?.focusOn(lists);
  },
  /** Whether a screen can show `list`: the copy is whole, or a first sync has begun to bring it. */
  canShow: (list: SyncList) => session?.readable(list) ?? false,
  /** Whether `list` is whole on this device (false while a first sync still brings it). */
  isWhole: (list: SyncList) => session?.isWhole(list) ?? false,
  /** A list for a screen: from the device as soon as that list is decoded, else after the first full sync. */
  async read<L extends SyncList>(list: L): Promise<SyncRows[L][]> {
    const mine = session;
    if (!mine) throw new ApiError('unexpected', null, null, 'No session');
    return mine.readList(list);
  },
  /** The list as held now (empty without a session). */
  peek<L extends SyncList>(list: L): readonly SyncRows[L][] {
    return session?.peek(list) ?? [];
  },
  applyLocal<L extends SyncList>(list: L, upserts: readonly SyncRows[L][], deletes: readonly string[] = []) {
    session?.applyLocal(list, upserts, deletes);
  },
  async patchLocal<L extends SyncList>(
    list: L,
    rows: readonly SyncRows[L][],
    patch: (row: SyncRows[L]) => SyncRows[L],
  ) {
    await session?.patchLocal(list, rows, patch);
  },
  async resync() {
    await session?.resync();
  },
  /** One pull now (coalesced with any running); resolves once what it brought is on screen. */
  async pull() {
    await session?.pull();
  },
  /** Whether this tab leads (keeps the stream and writes the device copy) rather than follows another. */
  leads: () => session?.isLeader ?? false,
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  },
  getState: () => state,
};
