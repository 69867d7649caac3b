import { createRouter, type RouterHistory } from '@tanstack/react-router';
import { ContentLoader } from './components/ui/full-screen-loader';
import { auth, type Auth } from './features/auth/auth-store';
import { routeTree } from './route-tree.gen';
import type { QueryClient } from '@tanstack/react-query';

export interface RouterContext {
  queryClient: QueryClient;
  auth: Auth;
}

/** `history` and `defaultPendingMs` are for the component tests (memory history, no pending delay). */
export function createAppRouter(
  queryClient: QueryClient,
  options: { history?: RouterHistory; defaultPendingMs?: number } = {},
) {
  return createRouter({
    routeTree,
    context: { queryClient, auth },
    ...options,
    defaultPreload: 'intent',
    // The loader's lists come from the query cache; the router need not cache them again.
    defaultPreloadStaleTime: 0,
    // A screen waiting for its list (a start-up decodes the device copy list by list) shows this in its place.
    defaultPendingComponent: ContentLoader,
    scrollRestoration: true,
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
