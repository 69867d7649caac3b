import { fillOrder, SYNC_LISTS, type SyncList } from '@/shared/sync-lists';
import { FORMAT, type CopySession } from './copy-session';
import { unpackPage, type PackedPage } from './page-packing';
import { newLists, StagingCopy } from './staging-copy';
import { sameValue, type SyncedList } from './synced-list';
import { nextTask } from './tasks';
import type { Dirty, Lists } from './copy-writer';
import type { Arrival } from './device-store';
import type { Interner } from './interning';
import type { SyncRows } from './list-codecs';

/** A pulled page into the copy (docs/sync.md): the live copy, or the staging copy of a full resync and its swap. */

/** How a page is applied: which rows it may set, and the cursor to store once it is in. */
export interface PageApply {
  fresh: (id: string) => boolean;
  stored: () => string;
  /** Called in the task the changes go in, with the rows `fresh` refused. */
  commit: (skipped: string[]) => void;
  /** A full sync with a whole copy on screen goes into a staging copy (only the leader stages). */
  stage: boolean;
  /** The tick of the page's request (a staging copy tells which write replies it may predate). */
  seq?: number;
  /** Called in the task a finished staging copy becomes the copy. */
  swapped?: () => void;
}

/**
 * What a first-sync page tells of the lists' arrival: its progress per list, the lists it moved past (each list
 * it filled before the last one it brought rows of, in the order it filled them, and each whose rows are all
 * in), and the dashboard's summary, kept from the page that carried it (the second).
 */
export function nextArrival(
  before: Arrival | undefined,
  page: Pick<PackedPage, 'progress' | 'summary' | 'first'>,
  brought: (list: SyncList) => boolean,
): Arrival | undefined {
  const lists = page.progress?.lists ?? before?.lists;
  if (!lists) return undefined;
  const whole = new Set(before?.whole);
  for (const list of SYNC_LISTS) if (lists[list].done >= lists[list].total) whole.add(list);
  const order = fillOrder(page.first);
  const last = order.findLastIndex(brought);
  for (const list of order.slice(0, Math.max(last, 0))) whole.add(list);
  return { lists, whole: SYNC_LISTS.filter((l) => whole.has(l)), summary: page.summary ?? before?.summary ?? null };
}

/** One page into the copy (or the staging copy), stored with its cursor in one transaction, then shown. */
export async function applyPage(s: CopySession, reply: PackedPage, how: PageApply) {
  // Read a slice per task before anything changes: a reset below must not leave the copy empty meanwhile.
  const rows = await unpackPage(reply, s.interner, () => s.alive);
  if (!rows) return;
  await nextTask(); // the changes and their encoding start a task of their own, not the last slice's
  if (!s.alive) return;
  if (reply.reset) beginReset(s, how.stage);
  const staging = s.staging;
  if (staging) shareUnchanged(rows, s.live);
  const target = staging?.lists ?? s.live;
  const gen = staging?.gen ?? s.meta.gen;
  const wasComplete = s.meta.complete;
  const readableBefore = SYNC_LISTS.filter((l) => s.readable(l));
  const wholeBefore = SYNC_LISTS.filter((l) => s.isWhole(l));
  const now = Date.now();
  const fresh = staging
    ? (id: string) => {
        staging.noteStaged(id, how.seq ?? 0);
        return true;
      }
    : how.fresh;
  const deletes = (list: SyncList) => reply.lists[list].deletes;
  // A full sync's page (it carries progress; the delta pages after its last one do not): its rows are new to a list
  // that holds only the full sync's earlier pages (SyncedList.insertNew).
  const allNew = reply.progress !== undefined;
  const dirty = applyChanges(s.interner, target, rows, deletes, fresh, allNew, (skipped) => {
    if (staging) staging.cursor = reply.cursor;
    else {
      const complete = wasComplete || !reply.hasMore;
      const { arrival: before, ...meta } = s.meta;
      const arrival = complete
        ? undefined
        : nextArrival(reply.reset ? undefined : before, reply, (l) => rows.get(l)!.length > 0);
      s.meta = {
        ...meta,
        cursor: how.stored(),
        complete,
        syncedAt: reply.hasMore ? s.meta.syncedAt : now,
        ...(arrival ? { arrival } : {}),
      };
    }
    how.commit(skipped);
  });
  if (staging) {
    if (reply.hasMore)
      return s.copy.persist({ put: (await s.copy.encodeInSlices(target, gen, dirty)).put, delete: [] });
    // The resync is whole: it becomes the copy, in one transaction with the old copy's removal.
    staging.carryWrites(dirty);
    s.live = staging.lists;
    s.staging = null;
    s.meta = { format: FORMAT, gen, cursor: how.stored(), complete: true, syncedAt: now };
    how.swapped?.();
    await s.copy.persist({
      ...(await s.copy.encodeInSlices(target, gen, dirty)),
      dropGen: gen - 1,
      meta: s.storedMeta(),
    });
    return s.publish(SYNC_LISTS, now);
  }
  // A write reply's chunks still waiting to be stored go first (storeLocal defers them): this page may have
  // skipped those rows as older, and its cursor must never be stored ahead of them.
  await s.copy.storing?.catch(() => {});
  await s.copy.persist({ ...(await s.copy.encodeInSlices(target, gen, dirty)), meta: s.storedMeta() });
  // Only the lists that changed: a pull that brings what the copy holds already re-renders no screen.
  const changed = [...dirty].filter(([, chunks]) => chunks.size > 0).map(([list]) => list);
  if (!wasComplete) {
    // A first sync: the lists fill in on screen as their pages come, a big one at ShowPace's pace; each list as
    // it becomes readable (even empty) and as it becomes whole.
    const due = (l: SyncList) =>
      !readableBefore.includes(l) ||
      (s.isWhole(l) && !wholeBefore.includes(l)) ||
      (changed.includes(l) && s.pace.due(l, s.live[l].size, now));
    const shown = s.meta.complete ? SYNC_LISTS : SYNC_LISTS.filter((l) => s.readable(l) && due(l));
    s.publish(shown, reply.hasMore ? undefined : now);
    return s.arrivalMoved();
  }
  s.publish(changed, reply.hasMore ? undefined : now);
}

/**
 * A reset: with a whole copy on screen (Reload Data, or a cursor the server can no longer serve), the full
 * sync goes into a staging copy and replaces it at the end; a first sync simply starts over.
 */
function beginReset(s: CopySession, stage: boolean) {
  if (s.meta.complete && stage) {
    s.staging = new StagingCopy(s.meta.gen + 1, s.interner);
    return;
  }
  s.live = newLists();
  void s.copy.persist({ put: [], delete: [], dropGen: s.meta.gen });
}

/**
 * A resync's rows equal to the live copy's become the live copy's own objects: the two copies share them, and the
 * staging copy costs the rows that changed, not a second copy of every row. At 1,000,000 enrollments the second
 * copy held what is alive at about 450 MB until the swap; shared, about 315 MB (docs/benchmarks.md).
 */
function shareUnchanged(rows: Map<SyncList, SyncRows[SyncList][]>, live: Lists) {
  for (const [list, page] of rows) {
    const held = live[list] as SyncedList<SyncRows[SyncList]>;
    for (let i = 0; i < page.length; i++) {
      const old = held.find(page[i]!);
      if (old && old !== page[i] && sameValue(old, page[i])) page[i] = old;
    }
  }
}

/**
 * The changes into `lists`, their rows already read (a slice per task): checked and applied in one task, so that
 * a write reply applied meanwhile counts, and every tab sees this page at one point.
 */
function applyChanges(
  interner: Interner,
  lists: Lists,
  upserts: Map<SyncList, SyncRows[SyncList][]>,
  deletes: (list: SyncList) => readonly string[],
  fresh: (id: string) => boolean,
  /** A full sync's page, which sends each row once (SyncedList.insertNew). */
  allNew: boolean,
  commit: (s: string[]) => void,
) {
  const dirty: Dirty = new Map();
  const skipped: string[] = [];
  const keep = (id: string) => fresh(id) || (skipped.push(id), false);
  for (const list of SYNC_LISTS) {
    const rows = upserts.get(list)!.filter((r) => keep(r._id));
    const gone = deletes(list).filter(keep);
    if (rows.length === 0 && gone.length === 0) continue;
    if (list === 'users') {
      // A user already held as this very row (a resync's, shared with the live copy) keeps the parts rows derive.
      for (const u of rows as SyncRows['users'][]) if (interner.user(u._id) !== u) interner.setUser(u);
      for (const id of gone) interner.deleteUser(id);
    }
    const target = lists[list] as SyncedList<(typeof rows)[number]>;
    dirty.set(list, allNew && gone.length === 0 ? target.insertNew(rows) : target.apply(rows, gone));
  }
  commit(skipped);
  return dirty;
}
