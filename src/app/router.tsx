import type { QueryClient } from '@tanstack/react-query';
import { createRouter } from '@tanstack/react-router';
import { auth, type Auth } from './features/auth/auth-store';
import { routeTree } from './route-tree.gen';

export interface RouterContext {
  queryClient: QueryClient;
  auth: Auth;
}

export function createAppRouter(queryClient: QueryClient) {
  return createRouter({
    routeTree,
    context: { queryClient, auth },
    defaultPreload: 'intent',
    // The loader's lists come from the query cache; the router need not cache them again.
    defaultPreloadStaleTime: 0,
    scrollRestoration: true,
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
