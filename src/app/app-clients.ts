import { STORAGE_KEYS } from '@/shared/constants';
import { endSession } from './features/auth/api/session';
import { auth } from './features/auth/auth-store';
import { showErrorToast } from './lib/api-feedback';
import { startCachePersistence, stopCachePersistence } from './lib/cache-persistence';
import { createQueryClient } from './lib/query-client';
import { createAppRouter } from './router';
import type { ApiError } from './lib/api-client';
import type { RouterHistory } from '@tanstack/react-router';

/**
 * The app's query client and router, wired together: when the server rejects the session (401/403 on
 * a call made with it), the admin sees the server's sentence, every trace of the session goes, and
 * the login opens remembering the screen. main.tsx and the component tests both build the app here.
 */
export function createAppClients(options: { history?: RouterHistory; defaultPendingMs?: number } = {}) {
  const queryClient = createQueryClient({ onAuthError: (error) => void sessionRejected(error) });
  const router = createAppRouter(queryClient, options);

  /** To the login, remembering where the admin was (nothing to remember when already there). */
  const returnToLogin = async () => {
    const { pathname, href } = router.state.location;
    if (pathname !== '/login') await router.navigate({ to: '/login', search: { redirect: href } });
  };

  async function sessionRejected(error: ApiError) {
    // Several calls can fail at once: the first one ends the session (synchronously), the rest see it gone.
    if (!auth.isLogin) return;
    showErrorToast(error);
    await endSession(queryClient);
    await returnToLogin();
  }

  /**
   * Another tab logged out (or in as someone else): this tab drops what it holds in memory and stops
   * saving it, then follows the session that is stored now. localStorage is shared, so it is only read.
   */
  async function sessionChangedElsewhere() {
    stopCachePersistence();
    queryClient.clear();
    auth.reload();
    const { user } = auth.get();
    if (!user) return returnToLogin();
    await startCachePersistence(queryClient, user._id);
    await router.invalidate();
  }
  const onStorage = (event: StorageEvent) => {
    if (event.key !== null && event.key !== STORAGE_KEYS.authToken) return;
    if (localStorage.getItem(STORAGE_KEYS.authToken) !== auth.get().token) void sessionChangedElsewhere();
  };
  window.addEventListener('storage', onStorage);

  return { queryClient, router, returnToLogin, dispose: () => window.removeEventListener('storage', onStorage) };
}
