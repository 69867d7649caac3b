import { experimental_createQueryPersister, type AsyncStorage } from '@tanstack/query-persist-client-core';
import { createStore, del, entries, get, set, type UseStore } from 'idb-keyval';
import { SYNC_LISTS } from '@/shared/sync-lists';
import type { Query } from '@tanstack/react-query';

/**
 * The queries that are not synced lists (the run-time settings, the API description, the admin's sessions and
 * two-factor status), each kept on the device by TanStack Query's query persister, so their screens show after a
 * reload offline too. The synced lists (and the sync time, ['sync']) are the sync engine's: never persisted here.
 *
 * Storage: idb-keyval, one database per admin (`coursedesk-queries-<admin id>`), one value per query; logout
 * deletes it with the device copy (`deleteDeviceCopies`). With no admin signed in nothing is read or written.
 */

export const QUERY_CACHE_PREFIX = 'coursedesk-queries-';
/** A persisted query older than this is not restored (it is dropped when next asked for). */
export const PERSISTED_QUERY_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;

const SYNCED_KEYS: ReadonlySet<unknown> = new Set([...SYNC_LISTS, 'sync']);

/** Whether a query is kept on the device: not a synced list, and not one that says `meta.persist: false`. */
export const persistsOnDevice = (query: Pick<Query, 'queryKey' | 'meta'>) =>
  !SYNCED_KEYS.has(query.queryKey[0]) && query.meta?.persist !== false;

/**
 * The admin's idb-keyval store, made when first used. Its connection closes when a logout (in any tab) deletes
 * the database, and the next use opens it again (idb-keyval would keep handing over the closed one).
 */
const stores = new Map<string, UseStore>();
function storeOf(adminId: string): UseStore {
  let store = stores.get(adminId);
  if (!store) {
    const made = createStore(QUERY_CACHE_PREFIX + adminId, 'queries');
    const own: UseStore = (mode, callback) =>
      made(mode, (s) => {
        const db = s.transaction.db;
        db.onversionchange ??= () => {
          db.close();
          if (stores.get(adminId) === own) stores.delete(adminId);
        };
        return callback(s);
      });
    stores.set(adminId, (store = own));
  }
  return store;
}

/**
 * The persister's storage: the signed-in admin's store. It never throws: a value that cannot be read is not
 * there (the query fetches), one that cannot be written stays in memory only.
 */
function adminStorage(adminId: () => string | null): AsyncStorage {
  const warn = (err: unknown) => console.warn('The query cache on this device could not be used', err);
  const inStore = async <T>(run: (store: UseStore) => Promise<T>, none: T): Promise<T> => {
    const id = adminId();
    if (!id) return none;
    return run(storeOf(id)).catch((err: unknown) => (warn(err), none));
  };
  return {
    getItem: (key) => inStore((s) => get<string>(key, s), undefined),
    setItem: (key, value) => inStore((s) => set(key, value, s), undefined),
    removeItem: (key) => inStore((s) => del(key, s), undefined),
    entries: () => inStore((s) => entries<string, string>(s), []),
  };
}

/** The persister for the query client's defaults (`persister: persister.persisterFn`). */
export const createQueryPersister = (adminId: () => string | null) =>
  experimental_createQueryPersister({
    storage: adminStorage(adminId),
    maxAge: PERSISTED_QUERY_MAX_AGE_MS,
    buster: __APP_VERSION__,
    filters: { predicate: persistsOnDevice },
  });
