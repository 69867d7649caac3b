/** Rows per stored chunk: a change rewrites its chunks only, each a few hundred KB at the most. */
export const CHUNK_ROWS = 1000;

type Row = { _id: string; createdAt: string };

/** The order the screens show a list in (the order of its GET route, or of its screen for batches). */
export type ListOrder = 'newestFirst' | 'oldestFirst';

const ascending = (a: Row, b: Row) =>
  a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : a._id < b._id ? -1 : a._id > b._id ? 1 : 0;
const COMPARE = { oldestFirst: ascending, newestFirst: (a: Row, b: Row) => ascending(b, a) };

/**
 * One list of the device copy in memory: its rows by id, in screen order, and which stored chunk holds
 * each row. Applying a change costs one pass over the ordered array (no sort of the whole list), and says
 * which chunks must be written again.
 */
export class SyncedList<T extends Row> {
  private rows = new Map<string, T>();
  private ordered: T[] | null = [];
  private chunkOf = new Map<string, number>();
  private chunks = new Map<number, string[]>();
  /** The chunk new rows go into while it has room. */
  private open: number | null = null;
  private nextChunk = 0;
  private readonly compare: (a: Row, b: Row) => number;

  constructor(order: ListOrder) {
    this.compare = COMPARE[order];
  }

  get size() {
    return this.rows.size;
  }
  get(id: string) {
    return this.rows.get(id);
  }

  /** The rows in screen order; a new array after every change, the same array while nothing changed. */
  list(): readonly T[] {
    this.ordered ??= [...this.rows.values()].sort(this.compare);
    return this.ordered;
  }

  /** A stored chunk read back at start-up. */
  loadChunk(chunk: number, rows: readonly T[]) {
    const ids = rows.map((r) => r._id);
    for (const row of rows) {
      this.rows.set(row._id, row);
      this.chunkOf.set(row._id, chunk);
    }
    this.chunks.set(chunk, ids);
    this.nextChunk = Math.max(this.nextChunk, chunk + 1);
    if (ids.length < CHUNK_ROWS) this.open = chunk;
    this.ordered = null;
  }

  /** Applies upserts and deletes; returns the chunks whose stored copy is now out of date. */
  apply(upserts: readonly T[], deletes: readonly string[]): Set<number> {
    const dirty = new Set<number>();
    if (upserts.length === 0 && deletes.length === 0) return dirty;
    const replaced = new Map<string, T | null>();
    const added: T[] = [];
    for (const row of upserts) {
      const old = this.rows.get(row._id);
      this.rows.set(row._id, row);
      if (old) {
        dirty.add(this.chunkOf.get(row._id)!);
        if (this.compare(old, row) === 0) replaced.set(row._id, row);
        else {
          replaced.set(row._id, null);
          added.push(row);
        }
      } else {
        dirty.add(this.place(row._id));
        added.push(row);
      }
    }
    for (const id of deletes) {
      if (!this.rows.delete(id)) continue;
      replaced.set(id, null);
      const chunk = this.chunkOf.get(id)!;
      this.chunkOf.delete(id);
      const ids = this.chunks.get(chunk)!;
      ids.splice(ids.indexOf(id), 1);
      dirty.add(chunk);
      if (chunk !== this.open && ids.length < CHUNK_ROWS / 2) this.open ??= chunk;
    }
    this.reorder(replaced, added);
    return dirty;
  }

  /** A new ordered array: replaced rows in place, deleted ones out, added ones merged in. */
  private reorder(replaced: Map<string, T | null>, added: T[]) {
    if (this.ordered === null) return;
    // A large change (a full sync's page) is cheaper sorted once, when the list is next read.
    if (added.length > 4096) {
      this.ordered = null;
      return;
    }
    added.sort(this.compare);
    const next: T[] = [];
    let a = 0;
    for (const row of this.ordered) {
      const swap = replaced.get(row._id);
      const current = swap === undefined ? row : swap;
      if (current === null) continue;
      while (a < added.length && this.compare(added[a]!, current) < 0) next.push(added[a++]!);
      next.push(current);
    }
    while (a < added.length) next.push(added[a++]!);
    this.ordered = next;
  }

  /** The chunk a new row goes into. */
  private place(id: string): number {
    if (this.open === null || (this.chunks.get(this.open)?.length ?? 0) >= CHUNK_ROWS) this.open = this.nextChunk++;
    let ids = this.chunks.get(this.open);
    if (!ids) this.chunks.set(this.open, (ids = []));
    ids.push(id);
    this.chunkOf.set(id, this.open);
    return this.open;
  }

  /** The rows a chunk holds now (empty: the chunk is to be deleted). */
  chunkRows(chunk: number): T[] {
    const ids = this.chunks.get(chunk) ?? [];
    if (ids.length === 0) this.chunks.delete(chunk);
    return ids.map((id) => this.rows.get(id)!);
  }

  /** Every chunk, for writing the whole list (a full sync that replaces the copy). */
  chunkNumbers(): number[] {
    return [...this.chunks.keys()];
  }
}
