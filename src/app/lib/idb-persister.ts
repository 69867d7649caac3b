import type { PersistedClient, Persister } from '@tanstack/query-persist-client-core';
import { clear, createStore, del, get, set } from 'idb-keyval';

const store = createStore('coursedesk', 'query-cache');

/** Writes wait this long and keep only the newest state: one approve click changes the cache 3-4 times. */
export const PERSIST_THROTTLE_MS = 1000;

export interface ThrottledPersister extends Persister {
  /** Drops a write that has not started yet (logout, or another admin's session starting). */
  cancel: () => void;
}

/**
 * The IndexedDB persister recipe of the TanStack docs, one entry per admin, with a trailing throttle
 * like TanStack's async-storage persister: each write copies every list, which is megabytes at scale.
 */
export function createIdbPersister(key: string): ThrottledPersister {
  let pending: PersistedClient | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const flush = () => {
    timer = undefined;
    const client = pending;
    pending = null;
    if (client) set(key, client, store).catch((err) => console.warn('Could not save the offline cache', err));
  };
  return {
    persistClient: (client) => {
      pending = client;
      timer ??= setTimeout(flush, PERSIST_THROTTLE_MS);
    },
    restoreClient: () => get<PersistedClient>(key, store),
    removeClient: () => del(key, store),
    cancel: () => {
      clearTimeout(timer);
      timer = undefined;
      pending = null;
    },
  };
}

/** Logout: every admin's cached lists go, so no personal data stays on the device. */
export const clearPersistedCaches = () => clear(store);
