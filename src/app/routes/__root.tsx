import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';
import { NotFoundPage } from '@/app/components/ui/not-found-page';
import { SkipLink } from '@/app/components/ui/skip-link';
import type { RouterContext } from '@/app/router';
import { useDocumentTitle } from '@/app/shell/document-title';

export const Route = createRootRouteWithContext<RouterContext>()({
  component: Root,
  notFoundComponent: NotFoundPage,
});

function Root() {
  useDocumentTitle();
  return (
    <>
      <SkipLink />
      <Outlet />
    </>
  );
}
