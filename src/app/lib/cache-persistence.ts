import {
  persistQueryClientRestore,
  persistQueryClientSubscribe,
  type PersistQueryClientOptions,
} from '@tanstack/query-persist-client-core';
import type { QueryClient } from '@tanstack/react-query';
import { createIdbPersister } from './idb-persister';
import { CACHE_MAX_AGE_MS } from './query-client';

/** Bump when the shape of cached data changes, so old caches are dropped instead of misread. */
const CACHE_SCHEMA_VERSION = 1;
const BUSTER = `${__APP_VERSION__}:${CACHE_SCHEMA_VERSION}`;

let unsubscribe: (() => void) | null = null;

/**
 * Restores this admin's cached lists from IndexedDB, then keeps saving them as they change.
 * Only queries marked meta.persist (the post-login loader's lists) are written.
 */
export async function startCachePersistence(queryClient: QueryClient, adminId: string) {
  stopCachePersistence();
  const options: PersistQueryClientOptions = {
    queryClient,
    persister: createIdbPersister(`admin:${adminId}`),
    buster: BUSTER,
    maxAge: CACHE_MAX_AGE_MS,
    dehydrateOptions: { shouldDehydrateQuery: (q) => q.meta?.persist === true && q.state.status === 'success' },
  };
  try {
    await persistQueryClientRestore(options);
  } catch (err) {
    console.warn('Could not restore the offline cache', err); // e.g. IndexedDB blocked in a private window
  }
  unsubscribe = persistQueryClientSubscribe(options);
}

export function stopCachePersistence() {
  unsubscribe?.();
  unsubscribe = null;
}
