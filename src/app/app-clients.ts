import { STORAGE_KEYS } from '@/shared/constants';
import { endSession, stopTokenRecheck } from './features/auth/api/session';
import { auth } from './features/auth/auth-store';
import { watchPendingLogouts } from './features/auth/pending-logouts';
import { safeRedirect } from './features/auth/safe-redirect';
import { showErrorToast } from './lib/api-feedback';
import { createQueryClient } from './lib/query-client';
import { readSession } from './lib/session-storage';
import { deleteDeviceCopies } from './lib/sync/device-store';
import { syncEngine } from './lib/sync/sync-engine';
import { createAppRouter } from './router';
import type { ApiError } from './lib/api-client';
import type { RouterHistory } from '@tanstack/react-router';

/**
 * The app's query client and router, wired together: when the server rejects the session (401/403 on
 * a call made with it), the admin sees the server's sentence, every trace of the session goes, and
 * the login opens remembering the screen. main.tsx and the component tests both build the app here.
 */
export function createAppClients(options: { history?: RouterHistory; defaultPendingMs?: number } = {}) {
  const queryClient = createQueryClient({
    onAuthError: (error) => void sessionRejected(error),
    persistFor: () => auth.get().user?._id ?? null,
  });
  const router = createAppRouter(queryClient, options);

  /** To the login, remembering where the admin was (nothing to remember when already there). */
  const returnToLogin = async () => {
    const { pathname, href } = router.state.location;
    if (pathname !== '/login') await router.navigate({ to: '/login', search: { redirect: href } });
  };

  async function sessionRejected(error: ApiError) {
    // Several calls can fail at once: the first one ends the session (synchronously), the rest see it gone.
    // A call sent with an older token (before another tab's new login) says nothing about this session.
    if (!auth.isLogin || error.token !== auth.get().token) return;
    showErrorToast(error);
    await endSession(queryClient);
    await returnToLogin();
  }

  /**
   * Another tab logged out, or logged in after a logout: this tab drops what it holds in memory and stops
   * saving it, then follows the session that is stored now: the login, or the new admin's lists (from the
   * login it goes back where it was). localStorage is shared, so it is only read.
   */
  async function followStoredSession() {
    const stored = readSession();
    const mine = auth.get();
    if (stored.token === mine.token && stored.user?._id === mine.user?._id) return;
    stopTokenRecheck();
    syncEngine.stop();
    // The other tab deleted the device copies at its logout; this one makes sure of the old admin's.
    if (mine.user && stored.user?._id !== mine.user._id)
      await deleteDeviceCopies(mine.user._id).catch((err) => console.error(err));
    queryClient.getMutationCache().clear();
    auth.reload();
    const { user } = auth.get();
    if (!user) {
      queryClient.clear();
      return returnToLogin();
    }
    // The screen on show keeps observing its queries: they are reset (the old admin's data goes, the new
    // session's comes), not removed, which would leave that screen on the old data.
    const starting = syncEngine.start(queryClient, user._id); // first: the reset queries read from it
    queryClient.removeQueries({ type: 'inactive' });
    void queryClient.resetQueries();
    await starting;
    const { pathname, search } = router.state.location;
    if (pathname === '/login') router.history.push(safeRedirect(search.redirect));
    else await router.invalidate();
  }
  // A login writes authToken, then userData, and another tab may see the first alone: both keys (and a
  // clear, key null) are watched, only a whole session stored counts as one, and one change is followed
  // at a time (a login right after a logout waits until this tab has reached the login).
  let following = Promise.resolve();
  const onStorage = (event: StorageEvent) => {
    if (event.key !== null && event.key !== STORAGE_KEYS.authToken && event.key !== STORAGE_KEYS.userData) return;
    following = following.then(followStoredSession).catch((err) => console.error(err));
  };
  window.addEventListener('storage', onStorage);
  const stopPendingLogouts = watchPendingLogouts();

  const dispose = () => {
    window.removeEventListener('storage', onStorage);
    stopPendingLogouts();
  };
  return { queryClient, router, returnToLogin, dispose };
}
