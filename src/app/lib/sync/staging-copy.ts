import { SYNC_LISTS, SYNC_ORDER, type SyncList } from '@/shared/sync-lists';
import { LIST_CODECS, type SyncRows } from './list-codecs';
import { SyncedList } from './synced-list';
import type { Dirty, Lists } from './copy-writer';
import type { Interner, UserParts } from './interning';

export const newLists = (): Lists =>
  Object.fromEntries(SYNC_LISTS.map((l) => [l, new SyncedList(SYNC_ORDER[l])])) as unknown as Lists;

/** A write reply put into the live copy while a staging copy fills: the rows it set or deleted, and when. */
interface Written {
  list: SyncList;
  row: SyncRows[SyncList] | null;
  tick: number;
}

/**
 * A full resync (Reload Data) under way while the live copy stays on screen (docs/sync.md): its lists fill page by
 * page into a new generation, and replace the live copy in one step when whole. Write replies keep going into the
 * live copy meanwhile; a page asked for before such a reply may bring the row as it was before the write, so at
 * the swap the reply's row is carried into the new copy unless a page asked for after the reply brought it (that
 * page has the committed state or newer). The cursor held back for the reply (write-marks.ts) then brings the
 * row as it is now with the next pull.
 */
export class StagingCopy {
  readonly lists = newLists();
  /** The cursor of the last page applied to it: an attempt's retry goes on from there. */
  cursor: string | null = null;
  private readonly written = new Map<string, Written>();
  /** For rows a write reply set: the tick of the request of the page that last brought them here. */
  private readonly staged = new Map<string, number>();
  /** The users the interner held for the live copy: given back if this copy is abandoned. */
  private readonly liveUsers: Map<string, UserParts>;

  constructor(
    readonly gen: number,
    private readonly interner: Interner,
  ) {
    this.liveUsers = interner.usersHeld();
  }

  /** A write reply went into the live copy at `tick`. */
  noteWritten(list: SyncList, upserts: readonly SyncRows[SyncList][], deletes: readonly string[], tick: number) {
    for (const row of upserts) this.written.set(row._id, { list, row, tick });
    for (const id of deletes) this.written.set(id, { list, row: null, tick });
  }

  /** A page asked for at `seq` brings row `id` into this copy. */
  noteStaged(id: string, seq: number) {
    if (this.written.has(id)) this.staged.set(id, seq);
  }

  /** The whole copy is in: write replies newer than the pages that brought their rows go in. */
  carryWrites(dirty: Dirty) {
    for (const [id, { list, row, tick }] of this.written) {
      if ((this.staged.get(id) ?? -1) > tick) continue;
      const rows = row ? [LIST_CODECS[list].intern(row as never, this.interner)] : [];
      if (list === 'users' && row) this.interner.setUser(row as SyncRows['users']);
      const chunks = (this.lists[list] as SyncedList<SyncRows[SyncList]>).apply(rows, row ? [] : [id]);
      const all = dirty.get(list) ?? new Set<number>();
      for (const c of chunks) all.add(c);
      dirty.set(list, all);
    }
  }

  /** Abandoned (it failed half-way): the interner holds the live copy's users again. */
  abandon() {
    this.interner.restoreUsers(this.liveUsers);
  }
}
