import { createStore, getMany, keys, promisifyRequest } from 'idb-keyval';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  deleteDeviceCopies,
  DeviceStore,
  NotTheWriter,
  type ChunkKey,
  type DeviceMeta,
  type StoredChunk,
} from '@/app/lib/sync/device-store';
import type { SyncList } from '@/shared/schemas/sync';
import { readStored } from '../utils/device-copy';

/**
 * The device store's IndexedDB layer (idb-keyval): a database per admin, the chunks and the sync state in one
 * object store, every write one transaction of it.
 */

const meta = (gen: number, cursor: string): DeviceMeta => ({ format: 'f', gen, cursor, complete: true, syncedAt: 1 });
const chunk = (gen: number, list: SyncList, n: number, text = `${list}-${gen}-${n}`): StoredChunk => ({
  key: [gen, list, n],
  text,
});

const databaseNames = async () => (await indexedDB.databases()).map((d) => d.name).sort();

/** What the admin's database holds, read through its own idb-keyval store (closed after: see `closeAfter`). */
async function stored(adminId: string, wanted: IDBValidKey[]) {
  const db = await promisifyRequest(indexedDB.open(`coursedesk-copy-${adminId}`));
  const store = createStore(`coursedesk-copy-${adminId}`, 'copy');
  const values = await getMany(wanted, store);
  const all = await keys(store);
  await closeAfter(store);
  db.close();
  return { values, chunkKeys: all.filter((k) => Array.isArray(k)) as ChunkKey[] };
}
/** idb-keyval keeps its connection open; a test closes it, or the next deletion of the database would wait. */
const closeAfter = (store: ReturnType<typeof createStore>) =>
  store('readonly', (s) => {
    s.transaction.db.close();
  });

/** Everything the store reads back for its current generation. */
async function readBack(store: DeviceStore) {
  const { meta, chunks } = await readStored(store);
  return { meta, texts: chunks.map((c) => c.text).sort() };
}

const open: DeviceStore[] = [];
async function openStore(adminId: string) {
  const store = await DeviceStore.open(adminId);
  open.push(store);
  return store;
}

afterEach(async () => {
  vi.restoreAllMocks();
  for (const store of open.splice(0)) store.close();
  await deleteDeviceCopies();
});

describe('the device store', () => {
  it('keeps each admin in a database of their own', async () => {
    const a = await openStore('admin-a');
    const b = await openStore('admin-b');
    await a.write({ put: [chunk(1, 'users', 0, 'a-users')], delete: [], meta: meta(1, 'ca') });
    await b.write({ put: [chunk(1, 'users', 0, 'b-users')], delete: [], meta: meta(1, 'cb') });

    expect(await databaseNames()).toEqual(['coursedesk-copy-admin-a', 'coursedesk-copy-admin-b']);
    expect(await readBack(a)).toEqual({ meta: meta(1, 'ca'), texts: ['a-users'] });
    expect(await readBack(b)).toEqual({ meta: meta(1, 'cb'), texts: ['b-users'] });
    // Chunks and state in the one object store, under their keys.
    expect((await stored('admin-a', ['state', [1, 'users', 0]])).values).toEqual([meta(1, 'ca'), 'a-users']);
  });

  it('writes chunks and cursor in one transaction: a write that fails leaves neither', async () => {
    const store = await openStore('admin-a');
    await store.write({ put: [chunk(1, 'users', 0), chunk(1, 'courses', 0)], delete: [], meta: meta(1, 'c1') });

    // Reload Data's swap: generation 2 in, generation 1 out, the new cursor; its third put fails.
    const put = IDBObjectStore.prototype.put;
    let puts = 0;
    vi.spyOn(IDBObjectStore.prototype, 'put').mockImplementation(function (this: IDBObjectStore, value, key) {
      const request = put.call(this, value, key);
      if (++puts === 3) this.transaction.abort(); // as a full disk would, after the others were made
      return request;
    });
    const swap = Array.from({ length: 10 }, (_, i) => chunk(2, 'users', i));
    await expect(store.write({ put: swap, delete: [], dropGen: 1, meta: meta(2, 'c2') })).rejects.toBeTruthy();
    expect(puts).toBe(3);
    vi.restoreAllMocks();

    // The old generation and its cursor, as they were: none of the new chunks, nothing dropped.
    expect(await readBack(store)).toEqual({ meta: meta(1, 'c1'), texts: ['courses-1-0', 'users-1-0'] });
    const { chunkKeys } = await stored('admin-a', []);
    expect(chunkKeys.filter(([gen]) => gen === 2)).toEqual([]);

    // The same write whole: the new generation and cursor together, the old generation gone.
    await store.write({ put: swap, delete: [], dropGen: 1, meta: meta(2, 'c2') });
    expect(await readBack(store)).toEqual({ meta: meta(2, 'c2'), texts: swap.map((c) => c.text).sort() });
    expect((await stored('admin-a', [])).chunkKeys.every(([gen]) => gen === 2)).toBe(true);
  });

  it('writes a small change (a page of a few chunks and its cursor) in one transaction: all or nothing too', async () => {
    const store = await openStore('admin-a');
    await store.write({ put: [chunk(1, 'users', 0)], delete: [], meta: meta(1, 'c1') });
    const put = IDBObjectStore.prototype.put;
    vi.spyOn(IDBObjectStore.prototype, 'put').mockImplementation(function (this: IDBObjectStore, value, key) {
      const request = put.call(this, value, key);
      if (key === 'state') this.transaction.abort(); // the cursor's put, after the chunks'
      return request;
    });
    await expect(
      store.write({ put: [chunk(1, 'users', 1), chunk(1, 'users', 2)], delete: [], meta: meta(1, 'c2') }),
    ).rejects.toBeTruthy();
    vi.restoreAllMocks();
    expect(await readBack(store)).toEqual({ meta: meta(1, 'c1'), texts: ['users-1-0'] });
  });

  it('writes nothing for a tab that is no longer the writer: another claimed the copy since', async () => {
    const store = await openStore('admin-a');
    await store.claim('tab-a');
    await store.write({ put: [chunk(1, 'users', 0)], delete: [], meta: meta(1, 'c1') }, 'tab-a');
    await store.claim('tab-b'); // tab B took the lead while tab A was frozen
    await store.write({ put: [chunk(2, 'users', 0)], delete: [], dropAll: true, meta: meta(2, 'c2') }, 'tab-b');
    // Tab A runs again and, not knowing yet, stores what it did meanwhile: refused, nothing of it written.
    await expect(
      store.write({ put: [chunk(1, 'users', 1)], delete: [], meta: meta(1, 'c3') }, 'tab-a'),
    ).rejects.toBeInstanceOf(NotTheWriter);
    expect(await readBack(store)).toEqual({ meta: meta(2, 'c2'), texts: ['users-2-0'] });
    expect((await stored('admin-a', [])).chunkKeys).toEqual([[2, 'users', 0]]); // dropAll: generation 1 went
  });

  it('drops the chunks of other generations and never the state', async () => {
    const store = await openStore('admin-a');
    await store.write({ put: [chunk(1, 'users', 0), chunk(2, 'users', 0), chunk(3, 'users', 0)], delete: [] });
    await store.write({ put: [], delete: [], meta: meta(2, 'c') });
    await store.dropOtherGens(2);
    const { values, chunkKeys } = await stored('admin-a', ['state']);
    expect(values).toEqual([meta(2, 'c')]);
    expect(chunkKeys).toEqual([[2, 'users', 0]]);
  });

  it('logout deletes every admin’s database, even one a tab still has open', async () => {
    const a = await openStore('admin-a');
    await openStore('admin-b');
    await a.write({ put: [chunk(1, 'users', 0)], delete: [], meta: meta(1, 'c') });
    await deleteDeviceCopies('admin-b'); // another tab's session ended: only that admin's
    expect(await databaseNames()).toEqual(['coursedesk-copy-admin-a']);
    await deleteDeviceCopies(); // a logout: all of it
    expect(await databaseNames()).toEqual([]);
  });

  it('moves a copy of the previous layout into the new store on first start, and deletes the old databases', async () => {
    // The layout before: `coursedesk-device-<id>` with stores `chunks` and `meta`; and an older query cache.
    const request = indexedDB.open('coursedesk-device-admin-a', 1);
    request.onupgradeneeded = () => {
      request.result.createObjectStore('chunks');
      request.result.createObjectStore('meta');
    };
    const old = await promisifyRequest(request);
    const tx = old.transaction(['chunks', 'meta'], 'readwrite');
    tx.objectStore('chunks').put('users-3-0', [3, 'users', 0]);
    tx.objectStore('chunks').put('courses-3-0', [3, 'courses', 0]);
    tx.objectStore('meta').put(meta(3, 'old-cursor'), 'state');
    await promisifyRequest(tx);
    old.close();
    (await promisifyRequest(indexedDB.open('coursedesk'))).close();

    const store = await openStore('admin-a');
    expect(await readBack(store)).toEqual({ meta: meta(3, 'old-cursor'), texts: ['courses-3-0', 'users-3-0'] });
    expect(await databaseNames()).toEqual(['coursedesk-copy-admin-a']);
  });
});
