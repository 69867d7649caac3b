import toast from 'react-hot-toast';
import { auth } from '@/app/features/auth/auth-store';
import { apiFetch, isNetworkError } from '@/app/lib/api-client';
import { startCachePersistence, stopCachePersistence } from '@/app/lib/cache-persistence';
import { clearPersistedCaches } from '@/app/lib/idb-persister';
import { MESSAGES } from '@/shared/messages';
import type { AuthPayload, LoginBody } from '@/shared/schemas';
import type { QueryClient } from '@tanstack/react-query';

export async function loginAdmin(queryClient: QueryClient, body: LoginBody) {
  const { data } = await apiFetch<{ data: AuthPayload }>('/users/login-admin', { method: 'POST', body });
  auth.signIn(data.authToken, data.userData);
  // Whatever an earlier session left in memory is not this admin's to see (nor to save under their name).
  queryClient.getQueryCache().clear();
  await startCachePersistence(queryClient, data.userData._id);
  return data.userData;
}

/** How long the start-up loader waits for the token check before showing the cached session. */
const STARTUP_WAIT_MS = 3000;

/**
 * Start-up: restore the cache and check the stored token. Any reply but success logs out silently
 * (spec 4); no reply at all (offline, or a hanging connection) keeps the session and the cached
 * screens, and checks again when the browser comes back online. A rejection that arrives after the
 * screens are shown calls `onLateRejection`, which takes the admin to the login.
 */
export async function restoreSession(queryClient: QueryClient, onLateRejection: () => void) {
  const { token, user } = auth.get();
  if (!token || !user) return;
  auth.setAutoLogging(true);
  let started = false;
  const check = checkToken(queryClient, () => started && onLateRejection());
  await Promise.all([startCachePersistence(queryClient, user._id), Promise.race([check, sleep(STARTUP_WAIT_MS)])]);
  started = true;
  auth.setAutoLogging(false);
}

async function checkToken(queryClient: QueryClient, onRejected: () => void): Promise<void> {
  try {
    const { data } = await apiFetch<{ data: AuthPayload }>('/users/login-by-token');
    auth.signIn(data.authToken, data.userData);
  } catch (err) {
    if (isNetworkError(err)) {
      console.error('Token check got no answer; keeping the cached session', err);
      window.addEventListener('online', () => void checkToken(queryClient, onRejected), { once: true });
      return;
    }
    console.error('Token check failed; logging out', err);
    await endSession(queryClient);
    onRejected();
  }
}

/** Clears every trace of the session on this device: token, user data, query cache and IndexedDB. */
export async function endSession(queryClient: QueryClient) {
  stopCachePersistence();
  queryClient.clear();
  auth.signOut();
  await clearPersistedCaches().catch((err) => console.error(err));
}

/** Logout: revoke the token on the server (best effort), then clear everything and say so. */
export async function logout(queryClient: QueryClient) {
  await apiFetch('/users/logout', { method: 'POST', timeoutMs: 3000 }).catch((err) =>
    console.error('Token revoke failed', err),
  );
  await endSession(queryClient);
  toast.success(MESSAGES.logout.success);
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
