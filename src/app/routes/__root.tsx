import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';
import { NotFoundPage } from '@/app/components/ui/not-found-page';
import { SkipLink } from '@/app/components/ui/skip-link';
import type { RouterContext } from '@/app/router';

export const Route = createRootRouteWithContext<RouterContext>()({
  component: () => (
    <>
      <SkipLink />
      <Outlet />
    </>
  ),
  notFoundComponent: NotFoundPage,
});
