import { MutationCache, QueryCache, QueryClient, type Query } from '@tanstack/react-query';
import { ApiError, isAuthError, isNetworkError, staleCurrent } from './api-client';
import { showErrorToast, showSuccessToast } from './api-feedback';
import { createQueryPersister } from './query-persister';

/**
 * How long a query no screen uses keeps its data in memory: a screen that comes back shows it at once. What
 * survives a reload is the sync engine's device copy (lib/sync) for the synced lists, and the query persister's
 * (query-persister.ts) for the other queries.
 */
const UNUSED_QUERY_KEEP_MS = 7 * 24 * 60 * 60 * 1000;

declare module '@tanstack/react-query' {
  interface Register {
    defaultError: ApiError;
    /** persist: false keeps a query off the device (query-persister.ts); the synced lists never are on it. */
    queryMeta: { silent?: boolean; persist?: boolean };
    /**
     * anonymous: a call made without a session (login), whose 401 is an answer, not a lost session.
     * ownSuccessToast: the mutation says the outcome itself (a bulk reply that is partly a refusal).
     */
    mutationMeta: { silent?: boolean; anonymous?: boolean; ownSuccessToast?: boolean };
  }
}

/**
 * Toasts come from the caches, never from the transport. Only the server's rejection of the session
 * (401/403) ends it. A background refresh of a list that has a copy keeps that copy on screen whatever
 * went wrong: with no reply it stays quiet (the shell says offline and when the lists were synced);
 * with a server error or a page that is not the API it says so once, not again until the list refreshes.
 */
export function createQueryClient({
  onAuthError,
  persistFor,
}: {
  onAuthError?: (error: ApiError) => void;
  /** The signed-in admin, whose queries the persister keeps on the device (none: nothing is persisted). */
  persistFor?: () => string | null;
} = {}) {
  const persister = persistFor ? createQueryPersister(persistFor) : null;
  const failingRefresh = new WeakSet<Query<unknown, unknown, unknown, readonly unknown[]>>();
  return new QueryClient({
    queryCache: new QueryCache({
      onError(error, query) {
        if (isAuthError(error)) return onAuthError?.(error);
        if (query.meta?.silent) return;
        if (query.state.data !== undefined) {
          if (isNetworkError(error) || failingRefresh.has(query)) return;
          failingRefresh.add(query);
        }
        showErrorToast(error);
      },
      onSuccess(_data, query) {
        failingRefresh.delete(query);
      },
    }),
    mutationCache: new MutationCache({
      onError(error, _v, _c, mutation) {
        if (isAuthError(error) && !mutation.meta?.anonymous) return onAuthError?.(error);
        // A stale write is answered where it was made: the conflict form, or the delete asking again.
        if (!mutation.meta?.silent && !staleCurrent(error)) showErrorToast(error);
      },
      onSuccess(data, _v, _c, mutation) {
        if (!mutation.meta?.silent && !mutation.meta?.ownSuccessToast) showSuccessToast(data);
      },
    }),
    defaultOptions: {
      queries: {
        // Cached lists show at once; they are refreshed in the background when older than this.
        staleTime: 60_000,
        gcTime: UNUSED_QUERY_KEEP_MS,
        // Restores a query with no data from the device, and stores each fetched reply (not the synced lists).
        persister: persister?.persisterFn,
        networkMode: 'always',
        refetchOnWindowFocus: true,
        retry: (count, error) =>
          count < 1 &&
          error instanceof ApiError &&
          (error.kind === 'network' ? navigator.onLine : (error.status ?? 0) >= 500),
      },
      mutations: { networkMode: 'always', retry: false },
    },
  });
}
