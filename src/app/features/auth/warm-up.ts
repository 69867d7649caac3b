import { warmPageSource } from '@/app/lib/sync/page-source';
import { backgroundTask } from '@/app/lib/sync/tasks';
import type { AnyRouter } from '@tanstack/react-router';

const warmed = new WeakSet<AnyRouter>();

/**
 * While the admin fills in the login form, the code of the screen the login goes to and the sync's page worker
 * load, so the Login click waits for neither. After the click they took a task of about 130 ms (the screen's 50
 * modules added to the page) and then the worker's script, before the first sync page was asked for. Once per
 * page; a chunk that fails to load here is loaded again by the navigation.
 *
 * Each step is a background task of its own, after the focus's: a route's chunk adds the preload links of its
 * modules to the page in one go (60 of them for the signed-in shell), and all of them in the focus's task made it
 * 57 to 99 ms long, while the admin starts typing.
 */
export function warmUpAfterLogin(router: AnyRouter, target: string) {
  if (warmed.has(router)) return;
  warmed.add(router);
  void (async () => {
    await backgroundTask();
    warmPageSource();
    const [routes] = router.getMatchedRoutes(new URL(target, window.location.origin).pathname);
    for (const route of routes) {
      await backgroundTask();
      void router.loadRouteChunk(route)?.catch(() => undefined);
    }
  })();
}
