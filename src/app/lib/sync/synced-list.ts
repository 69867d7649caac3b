/** Rows per stored chunk at most: a change rewrites its chunks only, each a few hundred KB at the most. */
export const CHUNK_ROWS = 1000;
/** A chunk emptied below this share of CHUNK_ROWS joins its neighbour when both fit in one. */
const MERGE_BELOW = CHUNK_ROWS / 4;

type Row = { _id: string; createdAt: string };

/** The order the screens show a list in (the order of its GET route, or of its screen for batches). */
export type ListOrder = 'newestFirst' | 'oldestFirst';

const ascending = (a: Row, b: Row) =>
  a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : a._id < b._id ? -1 : a._id > b._id ? 1 : 0;
export const LIST_COMPARE = { oldestFirst: ascending, newestFirst: (a: Row, b: Row) => ascending(b, a) };

/** Equal as JSON values (key order aside): a row that comes again unchanged is no change. */
export function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a);
  if (ka.length !== Object.keys(b).length) return false;
  const ra = a as Record<string, unknown>;
  const rb = b as Record<string, unknown>;
  return ka.every((k) => Object.hasOwn(rb, k) && sameValue(ra[k], rb[k]));
}

/**
 * Where `row` is, or would go, in `rows` (in `compare`'s order): after the last one in the common case of a list
 * filled in order, else by binary search.
 */
export function placeIn<R>(rows: readonly R[], row: R, compare: (a: R, b: R) => number) {
  if (rows.length === 0 || compare(rows[rows.length - 1]!, row) < 0) return rows.length;
  let lo = 0;
  let hi = rows.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (compare(rows[mid]!, row) < 0) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

interface Chunk<T> {
  /** The key of its stored copy. */
  key: number;
  /** Its rows, in screen order. */
  rows: T[];
}

/**
 * One list of the device copy in memory, laid out as it is stored: chunks of at most CHUNK_ROWS rows, each a
 * run of the screen order, one after the other. The screens' array is the chunks' rows end to end, so neither
 * a start-up nor a change sorts the list: a start-up orders the chunks by their first rows, and a change
 * finds its chunk by binary search. Each change says which chunks must be stored again.
 */
export class SyncedList<T extends Row> {
  /** In screen order; none empty. */
  private chunks: Chunk<T>[] = [];
  private byKey = new Map<number, Chunk<T>>();
  private nextKey = 0;
  /** The screens' array: a new one after every change, the same one while nothing changed. */
  private ordered: readonly T[] | null = null;
  private readonly compare: (a: Row, b: Row) => number;
  /**
   * Every row came through `insertNew` (a full sync's pages) since the list was made: a full sync's next page holds
   * none of them. A row from anywhere else (`apply`: a write reply, a delta; `load`: the device) ends it.
   */
  private onlyFullSync = true;

  constructor(order: ListOrder) {
    this.compare = LIST_COMPARE[order];
  }

  /** Without laying out the screens' array: the stored meta counts every list after every page. */
  get size() {
    if (this.ordered) return this.ordered.length;
    let n = 0;
    for (const c of this.chunks) n += c.rows.length;
    return n;
  }

  /** The rows in screen order. */
  list(): readonly T[] {
    if (this.ordered) return this.ordered;
    const all = new Array<T>(this.chunks.reduce((n, c) => n + c.rows.length, 0));
    let i = 0;
    for (const { rows } of this.chunks) for (const row of rows) all[i++] = row;
    return (this.ordered = all);
  }

  /**
   * The stored chunks read back at start-up, each in screen order, in any order of keys. Returns the chunks to
   * store again: none, unless two chunks overlap (a copy stored in another order), which lays the list out anew.
   */
  load(stored: readonly { key: number; rows: T[] }[]): Set<number> {
    this.onlyFullSync = false;
    const chunks = stored.filter((c) => c.rows.length > 0).map(({ key, rows }) => ({ key, rows }));
    chunks.sort((a, b) => this.compare(a.rows[0]!, b.rows[0]!));
    this.nextKey = Math.max(this.nextKey, ...stored.map((c) => c.key + 1));
    const overlap = chunks.some((c, i) => i > 0 && this.compare(chunks[i - 1]!.rows.at(-1)!, c.rows[0]!) >= 0);
    if (!overlap) {
      for (const c of chunks) this.addChunk(this.chunks.length, c);
      this.ordered = null;
      return new Set();
    }
    const dirty = new Set(stored.map((c) => c.key));
    for (const row of chunks.flatMap((c) => c.rows).sort(this.compare)) this.insert(row, dirty);
    return dirty;
  }

  /**
   * Applies upserts and deletes; returns the chunks whose stored copy is now out of date. A row equal to the one
   * held (the pull after a write brings what its reply already put in) changes nothing: no chunk to store again,
   * and the screens keep their array.
   */
  apply(upserts: readonly T[], deletes: readonly string[]): Set<number> {
    if (upserts.length > 0 || deletes.length > 0) this.onlyFullSync = false;
    const dirty = new Set<number>();
    // A row held in its place (an Approve, or the pull that brings it again) is found by binary search.
    const replaced: [at: number, row: T][] = [];
    const comeOrMove = upserts.filter((row) => !this.replaceInPlace(row, dirty, replaced));
    if (comeOrMove.length === 0 && deletes.length === 0) {
      // Rows replaced in their places: the screens' array is copied with them, not gathered again from the chunks.
      if (replaced.length > 0 && this.ordered) {
        const next = this.ordered.slice();
        for (const [at, row] of replaced) next[at] = row;
        this.ordered = next;
      }
      return dirty;
    }
    // Rows that come, move or go: their old copies leave in one pass over the list (a few ms at 200,000 rows;
    // an index by id would cost a Map of every row, built after each start-up). The last upsert of an id is
    // the one kept, and a delete in the same change wins, as if they were applied one by one.
    const gone = new Set(deletes);
    this.removeAll(new Set([...comeOrMove.map((r) => r._id), ...deletes]), dirty);
    const last = new Map(comeOrMove.flatMap((r) => (gone.has(r._id) ? [] : [[r._id, r] as const])));
    for (const row of last.values()) this.insert(row, dirty);
    if (dirty.size > 0) this.ordered = null;
    return dirty;
  }

  /**
   * The rows of a full sync's page: while every row held came from that full sync's earlier pages (which send each
   * row once), placed without looking for an older copy of each, which `apply` does by binary search and by a pass
   * over the whole list (tens of ms per page of 5,000 rows at 200,000); else as `apply` places them. Returns the
   * chunks to store.
   */
  insertNew(rows: readonly T[]): Set<number> {
    if (!this.onlyFullSync) return this.apply(rows, []);
    const dirty = new Set<number>();
    for (const row of rows) this.insert(row, dirty);
    if (dirty.size > 0) this.ordered = null;
    return dirty;
  }

  /** The row held with `row`'s place in the order (same createdAt and id), if any: its chunk, the chunk's place and its own. */
  private locate(row: T): { chunk: Chunk<T>; at: number; pos: number } | null {
    const chunks = this.chunks;
    if (chunks.length === 0) return null;
    const at = this.chunkFor(row);
    const chunk = chunks[at]!;
    const pos = placeIn(chunk.rows, row, this.compare);
    return chunk.rows[pos]?._id === row._id ? { chunk, at, pos } : null;
  }

  /** The row held in `row`'s place (its id, at its createdAt), if any: a row that moved or went is not found. */
  find(row: T): T | undefined {
    const at = this.locate(row);
    return at ? at.chunk.rows[at.pos] : undefined;
  }

  /**
   * True when `row` took the place of the row held there (or equals it); false when it is not held there. What it
   * replaced goes into `replaced` with its place in the screens' array, while that array is held.
   */
  private replaceInPlace(row: T, dirty: Set<number>, replaced: [number, T][]) {
    const found = this.locate(row);
    if (!found) return false;
    const { chunk, at, pos } = found;
    if (sameValue(chunk.rows[pos], row)) return true;
    chunk.rows[pos] = row;
    dirty.add(chunk.key);
    if (this.ordered) {
      let offset = pos;
      for (let c = 0; c < at; c++) offset += this.chunks[c]!.rows.length;
      replaced.push([offset, row]);
    }
    return true;
  }

  /** The last chunk whose first row comes before `row` (the first chunk when none does). */
  private chunkFor(row: T) {
    const chunks = this.chunks;
    let lo = 0;
    let hi = chunks.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.compare(chunks[mid]!.rows[0]!, row) <= 0) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }

  /** A new row into the chunk whose run it falls in; a full chunk makes room by starting or splitting one. */
  private insert(row: T, dirty: Set<number>) {
    const chunks = this.chunks;
    if (chunks.length === 0) return this.place(row, this.addChunk(0), 0, dirty);
    const at = this.chunkFor(row);
    const chunk = chunks[at]!;
    const rows = chunk.rows;
    const pos = placeIn(rows, row, this.compare);
    if (rows.length < CHUNK_ROWS) return this.place(row, chunk, pos, dirty);
    if (pos === 0) return this.place(row, this.addChunk(at), 0, dirty);
    if (pos === rows.length) {
      const next = chunks[at + 1];
      return next && next.rows.length < CHUNK_ROWS
        ? this.place(row, next, 0, dirty)
        : this.place(row, this.addChunk(at + 1), 0, dirty);
    }
    // In the middle of a full chunk: its second half becomes a chunk of its own.
    const half = this.addChunk(at + 1);
    half.rows = rows.splice(CHUNK_ROWS / 2);
    dirty.add(chunk.key).add(half.key);
    if (pos <= rows.length) this.place(row, chunk, pos, dirty);
    else this.place(row, half, pos - rows.length, dirty);
  }

  private place(row: T, chunk: Chunk<T>, pos: number, dirty: Set<number>) {
    if (pos === chunk.rows.length) chunk.rows.push(row);
    else chunk.rows.splice(pos, 0, row);
    dirty.add(chunk.key);
  }

  private addChunk(at: number, chunk: Chunk<T> = { key: this.nextKey++, rows: [] }) {
    this.chunks.splice(at, 0, chunk);
    this.byKey.set(chunk.key, chunk);
    return chunk;
  }

  /**
   * Removes the rows with these ids in one pass (it stops once all are found). An emptied chunk leaves the
   * layout; one that deletes have nearly emptied joins the next one, so small chunks do not pile up.
   */
  private removeAll(ids: ReadonlySet<string>, dirty: Set<number>) {
    let left = ids.size;
    const touched = new Set<Chunk<T>>();
    for (const chunk of this.chunks) {
      if (left === 0) break;
      const rows = chunk.rows;
      let kept = 0;
      for (const row of rows) if (!ids.has(row._id)) rows[kept++] = row;
      if (kept === rows.length) continue;
      left -= rows.length - kept;
      rows.length = kept;
      touched.add(chunk);
      dirty.add(chunk.key);
    }
    for (const chunk of touched) {
      const at = this.chunks.indexOf(chunk);
      if (at < 0) continue; // joined the one before it
      const next = this.chunks[at + 1];
      if (chunk.rows.length === 0) this.dropChunk(at);
      else if (next && chunk.rows.length < MERGE_BELOW && chunk.rows.length + next.rows.length <= CHUNK_ROWS) {
        chunk.rows.push(...next.rows);
        dirty.add(next.key);
        this.dropChunk(at + 1);
      }
    }
  }

  /** An emptied chunk leaves the layout; its key stays dirty, so its stored copy is deleted. */
  private dropChunk(at: number) {
    const [gone] = this.chunks.splice(at, 1);
    this.byKey.delete(gone!.key);
  }

  /** The rows a chunk holds now (empty: the chunk is to be deleted). */
  chunkRows(key: number): readonly T[] {
    return this.byKey.get(key)?.rows ?? [];
  }

  /** Every chunk, for writing the whole list (a tab that has just become the writer). */
  chunkKeys(): number[] {
    return this.chunks.map((c) => c.key);
  }
}
