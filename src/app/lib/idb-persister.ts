import { clear, createStore, del, get, set } from 'idb-keyval';
import type { PersistedClient, Persister } from '@tanstack/query-persist-client-core';

const store = createStore('coursedesk', 'query-cache');

/**
 * The IndexedDB persister recipe of the TanStack docs, one entry per admin. Every change is written at
 * once: a throttled write was lost when the admin reloaded right after approving something.
 */
export function createIdbPersister(key: string): Persister {
  return {
    persistClient: (client: PersistedClient) => set(key, client, store),
    restoreClient: () => get<PersistedClient>(key, store),
    removeClient: () => del(key, store),
  };
}

/** Logout: every admin's cached lists go, so no personal data stays on the device. */
export const clearPersistedCaches = () => clear(store);
