import type { SyncList } from '@/shared/sync-lists';
import { NotTheWriter, type ChunkKey, type DeviceStore, type DeviceWrite, type StoredChunk } from './device-store';
import { LIST_CODECS, type SyncRows } from './list-codecs';
import { nextTask } from './tasks';
import type { Interner } from './interning';
import type { SyncedList } from './synced-list';

/** Stored chunks encoded per task (each up to 1,000 rows): well under the 50 ms of a long task. */
const ENCODE_CHUNKS_PER_TASK = 4;
/**
 * A page's chunks are encoded until this much of a task has gone, then the next task goes on: one chunk of 1,000
 * enrollments takes 10 to 30 ms on a loaded 2-core machine, so four in a task were a long one.
 */
const ENCODE_SLICE_MS = 12;

export type Lists = { [L in SyncList]: SyncedList<SyncRows[L]> };
export type Dirty = Map<SyncList, Set<number>>;

/**
 * Persisting the copy: the chunks a change touched, in their stored form, written to the device store by the one
 * tab that writes it (the others keep their copy in memory: `store` null or `writer` false).
 */
export class CopyWriter {
  store: DeviceStore | null = null;
  writer = false;
  /**
   * Whether each write names this tab as the copy's writer (the tabs share one: Web Locks), so that a leader whose
   * lock was taken while it was frozen writes nothing once it runs again, before it learns that another leads.
   */
  fenced = false;
  /** This tab, as the device copy names its writer. */
  private readonly id = crypto.randomUUID();
  /** Chunks changed by write replies, not stored yet (see storeLocal). */
  private unstored: Dirty = new Map();
  storing: Promise<void> | null = null;

  constructor(
    private readonly interner: Interner,
    private readonly alive: () => boolean,
    /** The live copy and its generation, as they are when a deferred store runs. */
    private readonly current: () => { lists: Lists; gen: number },
  ) {}

  /** The chunks that changed, in their stored form (an emptied chunk is deleted). */
  encode(lists: Lists, gen: number, dirty: Dirty) {
    const put: StoredChunk[] = [];
    const deletes: ChunkKey[] = [];
    if (!this.writer) return { put, delete: deletes };
    for (const [list, chunks] of dirty)
      for (const chunk of chunks) {
        const rows = lists[list].chunkRows(chunk);
        const key: ChunkKey = [gen, list, chunk];
        if (rows.length === 0) deletes.push(key);
        else put.push({ key, text: LIST_CODECS[list].encode(rows as never[], this.interner) });
      }
    return { put, delete: deletes };
  }

  /**
   * The same, a slice of chunks per task (ENCODE_SLICE_MS): a page or a bulk write that touches every chunk of 200,000 rows would
   * otherwise encode them all in one long task. Each chunk is encoded as it is when its turn comes.
   */
  async encodeInSlices(lists: Lists, gen: number, dirty: Dirty) {
    const put: StoredChunk[] = [];
    const deletes: ChunkKey[] = [];
    let slice = performance.now();
    for (const [list, chunks] of dirty)
      for (const chunk of chunks) {
        if (performance.now() - slice > ENCODE_SLICE_MS) {
          await nextTask();
          slice = performance.now();
        }
        const part = this.encode(lists, gen, new Map([[list, new Set([chunk])]]));
        put.push(...part.put);
        deletes.push(...part.delete);
      }
    return { put, delete: deletes };
  }

  /** Every chunk of `lists`, as generation `gen` (a tab that has just become the writer). */
  async writeAll(lists: Lists, gen: number, rest: Omit<DeviceWrite, 'put' | 'delete'>) {
    const all: Dirty = new Map(Object.entries(lists).map(([l, list]) => [l as SyncList, new Set(list.chunkKeys())]));
    await this.persist({ ...(await this.encodeInSlices(lists, gen, all)), ...rest });
  }

  /** This tab writes the copy from now on (it leads): another tab's writes are refused from now on. */
  async claim() {
    this.writer = true;
    if (this.fenced && this.alive())
      await this.store?.claim(this.id).catch((err) => console.warn('Could not claim the device copy', err));
  }

  async persist(write: DeviceWrite) {
    if (!this.store || !this.writer || !this.alive()) return;
    await this.store.write(write, this.fenced ? this.id : undefined).catch((err) => {
      // Another tab leads and writes the copy: this one stops (it steps down once it hears so).
      if (err instanceof NotTheWriter) this.writer = false;
      else console.warn('Could not store the change on this device; it stays in memory', err);
    });
  }

  /**
   * The chunks a write's reply changed, stored after the screens have shown the change: encoding and cloning a
   * chunk of 1,000 rows would delay the row the admin clicked. The first wait is a timer, queued behind the
   * query cache's own (publish), so the screens render first; then a few chunks per task.
   */
  storeLocal(list: SyncList, chunks: Set<number>) {
    if (chunks.size === 0 || !this.writer) return;
    const pending = this.unstored.get(list) ?? new Set<number>();
    this.unstored.set(list, pending);
    for (const c of chunks) pending.add(c);
    this.storing ??= new Promise((resolve) => setTimeout(resolve, 0))
      .then(() => this.storeUnstored())
      .finally(() => {
        this.storing = null;
      });
  }

  /** A few chunks per task and per transaction: structured-cloning 200 chunk texts at once is a long task. */
  private async storeUnstored() {
    while (this.unstored.size && this.alive()) {
      await nextTask();
      const dirty: Dirty = new Map();
      let n = 0;
      for (const [list, chunks] of this.unstored) {
        const take = new Set<number>();
        for (const c of chunks) {
          if (n++ >= ENCODE_CHUNKS_PER_TASK) break;
          take.add(c);
          chunks.delete(c);
        }
        if (chunks.size === 0) this.unstored.delete(list);
        if (take.size) dirty.set(list, take);
        if (n >= ENCODE_CHUNKS_PER_TASK) break;
      }
      const { lists, gen } = this.current();
      await this.persist(this.encode(lists, gen, dirty));
    }
  }
}
