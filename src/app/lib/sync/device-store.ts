import type { SyncList } from '@/shared/schemas/sync';

/**
 * The device copy in IndexedDB: one database per admin, holding the lists in chunks of bounded size
 * (never one value that grows with the data) and the sync state. Each write is one transaction, so the
 * cursor is never stored ahead of the rows it stands for.
 */

const PREFIX = 'coursedesk-device-';
/** The query cache of earlier versions, one value per admin: deleted wherever it is found. */
const LEGACY_DATABASES = ['coursedesk'];
const CHUNKS = 'chunks';
const META = 'meta';
const META_KEY = 'state';
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
  /** False while a first full sync is under way: the copy is not whole yet. */
  complete: boolean;
  /** When a pull last finished with nothing more to fetch. */
  syncedAt: number;
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
  meta?: DeviceMeta;
}

const request = <T>(req: IDBRequest<T>) =>
  new Promise<T>((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error('IndexedDB request failed'));
  });

const done = (tx: IDBTransaction) =>
  new Promise<void>((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onerror = tx.onabort = () => reject(tx.error ?? new Error('IndexedDB transaction aborted'));
  });

const genRange = (gen: number) => IDBKeyRange.bound([gen], [gen, []]);

export class DeviceStore {
  private constructor(private readonly db: IDBDatabase) {
    // A logout in another tab deletes this database: let it, instead of blocking it.
    db.onversionchange = () => db.close();
  }

  static async open(adminId: string): Promise<DeviceStore> {
    const req = indexedDB.open(PREFIX + adminId, 1);
    req.onupgradeneeded = () => {
      req.result.createObjectStore(CHUNKS);
      req.result.createObjectStore(META);
    };
    return new DeviceStore(await request(req));
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
    const tx = this.db.transaction([CHUNKS, META], 'readonly');
    const chunks = tx.objectStore(CHUNKS);
    const metaRequest = tx.objectStore(META).get(META_KEY);
    metaRequest.onsuccess = () => {
      const meta = metaRequest.result as DeviceMeta | undefined;
      if (!accept(meta) || !meta) return;
      for (const list of order) {
        const keys = chunks.getAllKeys(IDBKeyRange.bound([meta.gen, list], [meta.gen, list, []]));
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
    return done(tx);
  }

  /**
   * One transaction: all of it or none. A put copies its value in the task that makes it, so the puts are made
   * PUTS_PER_TASK at a time, each batch from the success of the one before (a task of its own, and the
   * transaction stays open meanwhile): a pull page or a bulk write that rewrites 200 chunks is no long task.
   */
  async write({ put, delete: deletes, dropGen, meta }: DeviceWrite): Promise<void> {
    const tx = this.db.transaction([CHUNKS, META], 'readwrite');
    const chunks = tx.objectStore(CHUNKS);
    if (dropGen !== undefined) chunks.delete(genRange(dropGen));
    for (const key of deletes) chunks.delete(key);
    if (meta) tx.objectStore(META).put(meta, META_KEY);
    let next = 0;
    const putSome = () => {
      let last: IDBRequest | null = null;
      for (const end = Math.min(next + PUTS_PER_TASK, put.length); next < end; next++)
        last = chunks.put(put[next]!.text, put[next]!.key);
      if (last && next < put.length) last.onsuccess = putSome;
    };
    putSome();
    await done(tx);
  }

  /** Every chunk not of this generation: left by a resync that did not finish. */
  async dropOtherGens(gen: number): Promise<void> {
    const tx = this.db.transaction(CHUNKS, 'readwrite');
    tx.objectStore(CHUNKS).delete(IDBKeyRange.upperBound([gen], true));
    tx.objectStore(CHUNKS).delete(IDBKeyRange.lowerBound([gen, []], true));
    await done(tx);
  }

  async clear(): Promise<void> {
    const tx = this.db.transaction([CHUNKS, META], 'readwrite');
    tx.objectStore(CHUNKS).clear();
    tx.objectStore(META).clear();
    await done(tx);
  }

  close() {
    this.db.close();
  }
}

/**
 * Logout: every admin's device copy goes, so no personal data stays on the device (`adminId`: only that
 * admin's, when this tab follows a session another tab ended).
 */
export async function deleteDeviceCopies(adminId?: string): Promise<void> {
  const names = (await indexedDB.databases()).map((d) => d.name ?? '');
  const gone = (name: string) =>
    adminId ? name === PREFIX + adminId : name.startsWith(PREFIX) || LEGACY_DATABASES.includes(name);
  await Promise.all(
    names.filter(gone).map(
      (name) =>
        new Promise<void>((resolve, reject) => {
          const req = indexedDB.deleteDatabase(name);
          req.onsuccess = () => resolve();
          req.onerror = () => reject(req.error ?? new Error(`Could not delete ${name}`));
        }),
    ),
  );
}
