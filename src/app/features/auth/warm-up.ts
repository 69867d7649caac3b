import { warmPageSource } from '@/app/lib/sync/page-source';
import type { AnyRouter } from '@tanstack/react-router';

const warmed = new WeakSet<AnyRouter>();

/**
 * While the admin fills in the login form, the code of the screen the login goes to and the sync's page worker
 * load, so the Login click waits for neither. After the click they took a task of about 130 ms (the screen's 50
 * modules added to the page) and then the worker's script, before the first sync page was asked for. Once per
 * page; a chunk that fails to load here is loaded again by the navigation.
 */
export function warmUpAfterLogin(router: AnyRouter, target: string) {
  if (warmed.has(router)) return;
  warmed.add(router);
  warmPageSource();
  const [routes] = router.getMatchedRoutes(new URL(target, window.location.origin).pathname);
  for (const route of routes) void router.loadRouteChunk(route)?.catch(() => undefined);
}
