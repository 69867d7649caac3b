import { clear, createStore, get, promisifyRequest, type UseStore } from 'idb-keyval';
import type { SyncList, SyncSummary } from '@/shared/schemas/sync';
import { QUERY_CACHE_PREFIX } from '../query-persister';

/**
 * The device copy in IndexedDB, through idb-keyval: one database per admin (`coursedesk-copy-<admin id>`) with one
 * object store holding the lists in chunks of bounded size (never one value that grows with the data) and, beside
 * them, the sync state (key `state`). Each write is one transaction of that store, so the cursor is never stored
 * ahead of the rows it stands for (docs/sync.md, "The device copy").
 */

const PREFIX = 'coursedesk-copy-';
const STORE = 'copy';
const META_KEY = 'state';
/** The tab that writes the copy (docs/sync.md, "Handover"): a string key, so no range of chunk keys takes it in. */
const WRITER_KEY = 'writer';
/** The layout before this one: `coursedesk-device-<admin id>`, stores `chunks` and `meta` (moved over at open). */
const OLD_PREFIX = 'coursedesk-device-';
/** The query cache of earlier versions, one value per admin: deleted wherever it is found. */
const LEGACY_DATABASES = ['coursedesk'];
/** Chunks read per request at start-up, and put per task (a few hundred KB each): see `read` and `write`. */
const CHUNKS_PER_READ = 8;
const PUTS_PER_TASK = 4;

export interface DeviceMeta {
  /** The stored form (CHUNK_FORMAT and the sync schema): another one is dropped and synced again. */
  format: string;
  /** Chunks of this generation are the copy; a full resync writes the next one, then switches. */
  gen: number;
  /** The last applied reply's cursor (null: nothing synced yet). */
  cursor: string | null;
  /**
   * Where the copy stands in its history when it was stored (write-marks.ts `pos`): a tab that opens from it goes on
   * counting from there, so its writes' marks compare with the other tabs'. Absent in a copy stored before.
   */
  pos?: number;
  /** False while a first full sync is under way: the copy is not whole yet. */
  complete: boolean;
  /** When a pull last finished with nothing more to fetch. */
  syncedAt: number;
  /** While a first full sync is under way: how far each list has come (absent once the copy is whole). */
  arrival?: Arrival;
  /**
   * Rows of each list when the copy was stored: a start-up says how much of a list it has read so far ("12,000 of
   * 200,000") while the screen shows the top of it. Absent in a copy stored before.
   */
  counts?: Partial<Record<SyncList, number>>;
}

/**
 * A first sync's arrival of the lists (docs/sync.md, "Progressive first sync"): rows received of each list so far
 * and of how many (the server's `progress.lists`), which lists are whole, and the dashboard's `summary` from the
 * page that carries it (the second). A screen shows a list as soon as its rows begin to arrive.
 */
export interface Arrival {
  lists: Record<SyncList, { done: number; total: number }>;
  /** The lists the pages have moved past (in SYNC_LISTS order). */
  whole: SyncList[];
  summary: SyncSummary | null;
}

export type ChunkKey = [gen: number, list: SyncList, chunk: number];
export interface StoredChunk {
  key: ChunkKey;
  text: string;
}

export interface DeviceWrite {
  put: StoredChunk[];
  delete: ChunkKey[];
  /** Drops every chunk of this generation (the copy a full resync replaced). */
  dropGen?: number;
  /** Drops every chunk there is (a new writer writes what it holds as the whole copy). */
  dropAll?: boolean;
  meta?: DeviceMeta;
}

/**
 * Chunk keys are arrays and the state's key a string, and IndexedDB orders every string before every array: these
 * ranges hold chunks only. `[]` is the least array, `[gen, []]` is above every `[gen, list, chunk]`.
 */
const genRange = (gen: number) => IDBKeyRange.bound([gen], [gen, []]);
const listRange = (gen: number, list: SyncList) => IDBKeyRange.bound([gen, list], [gen, list, []]);
const belowGen = (gen: number) => IDBKeyRange.bound([], [gen], false, true);
const aboveGen = (gen: number) => IDBKeyRange.lowerBound([gen, []], true);

export class DeviceStore {
  private constructor(
    private readonly store: UseStore,
    private readonly db: IDBDatabase,
  ) {
    // A logout in another tab deletes this database: let it, instead of blocking it.
    db.onversionchange = () => db.close();
  }

  static async open(adminId: string): Promise<DeviceStore> {
    const store = createStore(PREFIX + adminId, STORE);
    // The first transaction opens the database (and makes its store); its connection is the one to close.
    const device = new DeviceStore(store, await store('readonly', (s) => s.transaction.db));
    await device.moveOldLayout(adminId);
    return device;
  }

  /**
   * The first start after the layout changed: the admin's copy in the old database (`coursedesk-device-<id>`, two
   * stores) is moved into this one, chunks and state in one transaction, so a device that updates offline keeps
   * its lists; then the old database is deleted (also when this one already had a copy: that one is newer). The
   * query cache of earlier versions goes too.
   */
  private async moveOldLayout(adminId: string) {
    const names = new Set((await indexedDB.databases()).map((d) => d.name));
    const old = OLD_PREFIX + adminId;
    if (names.has(old) && (await get(META_KEY, this.store)) === undefined) {
      const db = await promisifyRequest(indexedDB.open(old));
      try {
        if (db.objectStoreNames.contains('chunks') && db.objectStoreNames.contains('meta')) {
          const tx = db.transaction(['chunks', 'meta']);
          const [keys, texts, meta] = await Promise.all([
            promisifyRequest(tx.objectStore('chunks').getAllKeys()),
            promisifyRequest(tx.objectStore('chunks').getAll()),
            promisifyRequest(tx.objectStore('meta').get(META_KEY)),
          ]);
          const put = (keys as ChunkKey[]).map((key, i) => ({ key, text: texts[i] as string }));
          if (meta) await this.write({ put, delete: [], meta: meta as DeviceMeta });
        }
      } finally {
        db.close();
      }
    }
    await Promise.all([...LEGACY_DATABASES, old].filter((n) => names.has(n)).map(deleteDatabase));
  }

  /**
   * The copy, in one read-only transaction, so it is one state whatever another tab writes meanwhile: the meta
   * first (`accept` says whether its generation's chunks are wanted), then each list's keys, then its chunks,
   * list by list in `order`, CHUNKS_PER_READ per request. Every request is made at once, so the browser reads on
   * while this page is busy (rendering, decoding), and each request's chunks come in a task of their own (no task
   * deserialises the whole copy). `take` gets each chunk in key order, then `take(list, null)`.
   */
  read(
    order: readonly SyncList[],
    accept: (meta: DeviceMeta | undefined) => boolean,
    take: (list: SyncList, chunk: StoredChunk | null) => void,
  ): Promise<void> {
    return this.store('readonly', (chunks) => {
      const metaRequest = chunks.get(META_KEY);
      metaRequest.onsuccess = () => {
        const meta = metaRequest.result as DeviceMeta | undefined;
        if (!accept(meta) || !meta) return;
        for (const list of order) {
          const keys = chunks.getAllKeys(listRange(meta.gen, list));
          keys.onsuccess = () => {
            const all = keys.result as ChunkKey[];
            if (all.length === 0) return take(list, null);
            for (let i = 0; i < all.length; i += CHUNKS_PER_READ) {
              const batch = all.slice(i, i + CHUNKS_PER_READ);
              const values = chunks.getAll(IDBKeyRange.bound(batch[0]!, batch.at(-1)!));
              values.onsuccess = () => {
                const texts = values.result as string[];
                batch.forEach((key, j) => take(list, { key, text: texts[j]! }));
                if (i + CHUNKS_PER_READ >= all.length) take(list, null);
              };
            }
          };
        }
      };
      return promisifyRequest(chunks.transaction);
    });
  }

  /**
   * One transaction: all of it or none. A put copies its value in the task that makes it, so the puts are made
   * PUTS_PER_TASK at a time, each batch from the success of the one before (a task of its own, and the transaction
   * stays open meanwhile): a pull page or a bulk write that rewrites 200 chunks is no long task. Range deletes (a
   * generation) go in the same transaction. With `writer`, nothing is written unless that tab is the copy's writer
   * (the last to `claim` it): a leader that was frozen and has not yet learnt that another leads writes nothing.
   */
  async write({ put, delete: deletes, dropGen, dropAll, meta }: DeviceWrite, writer?: string): Promise<void> {
    await this.store('readwrite', (chunks) => {
      const tx = chunks.transaction;
      // A request that throws (a value that cannot be stored) undoes the whole write, and says why.
      let failed: unknown = null;
      const abortOn = (make: () => void) => {
        if (failed) return;
        try {
          make();
        } catch (err) {
          failed = err;
          tx.abort();
        }
      };
      let next = 0;
      const putSome = () =>
        abortOn(() => {
          let last: IDBRequest | null = null;
          for (const end = Math.min(next + PUTS_PER_TASK, put.length); next < end; next++)
            last = chunks.put(put[next]!.text, put[next]!.key);
          if (last && next < put.length) last.onsuccess = putSome;
        });
      const writeAll = () => {
        abortOn(() => {
          if (dropAll) chunks.delete(IDBKeyRange.lowerBound([]));
          if (dropGen !== undefined) chunks.delete(genRange(dropGen));
          for (const key of deletes) chunks.delete(key);
          if (meta) chunks.put(meta, META_KEY);
        });
        putSome();
      };
      if (writer === undefined) writeAll();
      else {
        const holder = chunks.get(WRITER_KEY);
        holder.onsuccess = () => {
          if (holder.result === undefined || holder.result === writer) return writeAll();
          failed = new NotTheWriter();
          tx.abort();
        };
      }
      return promisifyRequest(tx).catch((err: unknown) => {
        throw failed ?? err ?? new Error('IndexedDB transaction aborted');
      });
    });
  }

  /** Makes `writer` the copy's writer: from now on, a write naming another tab is refused. */
  claim(writer: string): Promise<void> {
    return this.store('readwrite', (chunks) => {
      chunks.put(writer, WRITER_KEY);
      return promisifyRequest(chunks.transaction);
    });
  }

  /** Every chunk not of this generation: left by a resync that did not finish. */
  dropOtherGens(gen: number): Promise<void> {
    return this.store('readwrite', (chunks) => {
      chunks.delete(belowGen(gen));
      chunks.delete(aboveGen(gen));
      return promisifyRequest(chunks.transaction);
    });
  }

  clear(): Promise<void> {
    return clear(this.store);
  }

  close() {
    this.db.close();
  }
}

/** A write refused: another tab has become the copy's writer since this one was. */
export class NotTheWriter extends Error {
  constructor() {
    super('Another tab writes the device copy now');
  }
}

function deleteDatabase(name: string) {
  return new Promise<void>((resolve, reject) => {
    const req = indexedDB.deleteDatabase(name);
    req.onsuccess = () => resolve();
    req.onerror = () => reject(req.error ?? new Error(`Could not delete ${name}`));
  });
}

/**
 * Logout: every admin's data on the device goes (the device copy, in this layout or the one before, and the
 * persisted queries: query-persister.ts), so no personal data stays (`adminId`: only that admin's, when this tab
 * follows a session another tab ended).
 */
export async function deleteDeviceCopies(adminId?: string): Promise<void> {
  const prefixes = [PREFIX, OLD_PREFIX, QUERY_CACHE_PREFIX];
  const names = (await indexedDB.databases()).map((d) => d.name ?? '');
  const gone = (name: string) =>
    adminId
      ? prefixes.some((p) => name === p + adminId)
      : prefixes.some((p) => name.startsWith(p)) || LEGACY_DATABASES.includes(name);
  await Promise.all(names.filter(gone).map(deleteDatabase));
}
