import {
  persistQueryClientRestore,
  persistQueryClientSave,
  type PersistQueryClientOptions,
} from '@tanstack/query-persist-client-core';
import { createIdbPersister } from './idb-persister';
import { CACHE_MAX_AGE_MS } from './query-client';
import type { Query, QueryCacheNotifyEvent, QueryClient } from '@tanstack/react-query';

/** Bump when the shape of cached data changes, so old caches are dropped instead of misread. */
const CACHE_SCHEMA_VERSION = 1;
const BUSTER = `${__APP_VERSION__}:${CACHE_SCHEMA_VERSION}`;

/** The post-login loader's lists: the only queries kept on the device. */
const isSaved = (query: Query) => query.meta?.persist === true;

let unsubscribe: (() => void) | null = null;
/** Counts starts and stops: a restore that finishes after its session ended must not come back. */
let generation = 0;

/**
 * Restores this admin's cached lists from IndexedDB, then keeps saving them as they change.
 * Only queries marked meta.persist (the post-login loader's lists) are written, and a list is kept
 * while it has data, also after a failed refresh: offline, a refresh fails, and the saved copy is
 * exactly what the next offline start needs.
 */
export async function startCachePersistence(queryClient: QueryClient, adminId: string) {
  stopCachePersistence();
  const mine = ++generation;
  const options: PersistQueryClientOptions = {
    queryClient,
    persister: createIdbPersister(`admin:${adminId}`),
    buster: BUSTER,
    maxAge: CACHE_MAX_AGE_MS,
    dehydrateOptions: { shouldDehydrateQuery: (q) => isSaved(q) && q.state.data !== undefined },
  };
  try {
    await persistQueryClientRestore(options);
  } catch (err) {
    console.warn('Could not restore the offline cache', err); // e.g. IndexedDB blocked in a private window
  }
  if (mine !== generation) {
    // The session ended (or another began) while IndexedDB was read: what it returned is not ours to show.
    queryClient.clear();
    return;
  }
  unsubscribe = queryClient.getQueryCache().subscribe((event) => {
    if (changesSavedData(event))
      void persistQueryClientSave(options).catch((err) => console.warn('Could not save the offline cache', err));
  });
}

/**
 * Only a change to a saved list's data (a fetch that succeeded, a mutation's setQueryData) or its
 * removal is written. The library's own subscription writes every list on every cache event (a fetch
 * starting, each step of a mutation): four full copies per approve click, megabytes each at scale.
 * Mutations are never saved: writes are online only.
 */
function changesSavedData(event: QueryCacheNotifyEvent): boolean {
  if (!isSaved(event.query)) return false;
  if (event.type === 'removed') return true;
  return event.type === 'updated' && event.action.type === 'success';
}

export function stopCachePersistence() {
  generation++;
  unsubscribe?.();
  unsubscribe = null;
}
