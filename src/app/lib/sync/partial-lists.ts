import { SYNC_ORDER, type SyncList } from '@/shared/sync-lists';
import { LIST_COMPARE, placeIn, SyncedList } from './synced-list';
import type { DecodedChunks } from './device-load';
import type { SyncRows } from './list-codecs';

type Row = SyncRows[SyncList];

/**
 * The lists a screen shows while a start-up still decodes them (docs/sync.md, "A start-up shows each screen…"):
 * the rows shown so far, how many are decoded, and the write replies they got meanwhile (shown at once, put into
 * the copy once the list is in memory).
 */
export class PartialLists {
  private shown = new Map<SyncList, readonly Row[]>();
  private counts = new Map<SyncList, number>();
  private early = new Map<SyncList, { rows: Map<string, Row>; gone: Set<string> }>();

  get size() {
    return this.shown.size;
  }

  rows<L extends SyncList>(list: L): readonly SyncRows[L][] | undefined {
    return this.shown.get(list) as readonly SyncRows[L][] | undefined;
  }

  /** Rows of `list` decoded so far: more than it shows between two of its publishes. */
  count(list: SyncList) {
    return this.counts.get(list) ?? 0;
  }

  /**
   * The chunks decoded so far: the rows to show, each time they have doubled since the last ones shown, else null.
   * Laying them out and the screen's own pass over them grow with the list: at 1,000,000 rows, a new array every
   * few slices would fill the main thread, and the top of the list, what the screen shows, is there from the start.
   */
  decoded<L extends SyncList>(list: L, chunks: DecodedChunks<L>): readonly SyncRows[L][] | null {
    let count = 0;
    for (const chunk of chunks) count += chunk.rows.length;
    const shown = this.shown.get(list)?.length;
    this.counts.set(list, count);
    if (shown !== undefined && count < 2 * shown) return null;
    // A list of its own lays the chunks out in screen order, as the copy's list will (load sorts them).
    const top = new SyncedList<SyncRows[L]>(SYNC_ORDER[list]);
    top.load(chunks);
    return this.show(list, top.list());
  }

  /** A write's reply to a list shown partly: the rows to show now; null when no screen shows the list yet. */
  reply<L extends SyncList>(list: L, upserts: readonly SyncRows[L][], deletes: readonly string[]) {
    const rows = this.rows(list);
    if (!rows) return null;
    let early = this.early.get(list);
    if (!early) this.early.set(list, (early = { rows: new Map(), gone: new Set() }));
    for (const row of upserts) early.rows.set(row._id, row);
    for (const id of deletes) early.gone.add(id);
    return this.show(list, rows);
  }

  /** The list is in memory: its replies go into the copy now (local-writes.ts). True when it was shown partly. */
  end(list: SyncList) {
    this.counts.delete(list);
    this.early.delete(list);
    return this.shown.delete(list);
  }

  /**
   * `rows` with the write replies the list got (new rows wait for the copy), as the list shows now. A reply's row is
   * found by binary search (it keeps its place in the order), so the rows around it stay the same objects and a
   * reply costs a copy of the array, not a pass over every row (a million, during a reload at that size).
   */
  private show<L extends SyncList>(list: L, rows: readonly SyncRows[L][]): readonly SyncRows[L][] {
    const early = this.early.get(list);
    let out = rows;
    if (early) {
      const compare = LIST_COMPARE[SYNC_ORDER[list]];
      const next = rows.slice();
      for (const row of early.rows.values()) {
        const at = placeIn(next, row, compare);
        if (next[at]?._id === row._id) next[at] = row as SyncRows[L];
      }
      out = early.gone.size > 0 ? next.filter((r) => !early.gone.has(r._id)) : next;
    }
    this.shown.set(list, out);
    return out;
  }
}
