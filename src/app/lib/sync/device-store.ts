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

  async read(): Promise<{ meta: DeviceMeta | undefined; chunks: StoredChunk[] }> {
    const tx = this.db.transaction([CHUNKS, META], 'readonly');
    const [meta, keys, values] = await Promise.all([
      request(tx.objectStore(META).get(META_KEY)) as Promise<DeviceMeta | undefined>,
      request(tx.objectStore(CHUNKS).getAllKeys()) as Promise<ChunkKey[]>,
      request(tx.objectStore(CHUNKS).getAll()) as Promise<string[]>,
    ]);
    return { meta, chunks: keys.map((key, i) => ({ key, text: values[i]! })) };
  }

  async write({ put, delete: deletes, dropGen, meta }: DeviceWrite): Promise<void> {
    const tx = this.db.transaction([CHUNKS, META], 'readwrite');
    const chunks = tx.objectStore(CHUNKS);
    if (dropGen !== undefined) chunks.delete(genRange(dropGen));
    for (const key of deletes) chunks.delete(key);
    for (const chunk of put) chunks.put(chunk.text, chunk.key);
    if (meta) tx.objectStore(META).put(meta, META_KEY);
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
