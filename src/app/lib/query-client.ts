import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError, isAuthError, isNetworkError } from './api-client';
import { showErrorToast, showSuccessToast } from './api-feedback';

export const CACHE_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;

declare module '@tanstack/react-query' {
  interface Register {
    defaultError: ApiError;
    queryMeta: { persist?: boolean; silent?: boolean };
    /** anonymous: a call made without a session (login), whose 401 is an answer, not a lost session. */
    mutationMeta: { silent?: boolean; anonymous?: boolean };
  }
}

/**
 * Toasts come from the caches, never from the transport. Background refetches that fail for want of
 * a network stay quiet: the shell already says we are offline and the cached data is still shown.
 */
export function createQueryClient({ onAuthError }: { onAuthError?: (error: ApiError) => void } = {}) {
  return new QueryClient({
    queryCache: new QueryCache({
      onError(error, query) {
        if (isAuthError(error)) return onAuthError?.(error);
        if (query.meta?.silent) return;
        if (isNetworkError(error) && query.state.data !== undefined) return;
        showErrorToast(error);
      },
    }),
    mutationCache: new MutationCache({
      onError(error, _v, _c, mutation) {
        if (isAuthError(error) && !mutation.meta?.anonymous) return onAuthError?.(error);
        if (!mutation.meta?.silent) showErrorToast(error);
      },
      onSuccess(data, _v, _c, mutation) {
        if (!mutation.meta?.silent) showSuccessToast(data);
      },
    }),
    defaultOptions: {
      queries: {
        // Cached lists show at once; they are refreshed in the background when older than this.
        staleTime: 60_000,
        gcTime: CACHE_MAX_AGE_MS,
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
