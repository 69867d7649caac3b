import toast from 'react-hot-toast';
import { auth } from '@/app/features/auth/auth-store';
import { rememberLogout } from '@/app/features/auth/pending-logouts';
import { apiCall, isAuthError } from '@/app/lib/api-client';
import { readSession } from '@/app/lib/session-storage';
import { deleteDeviceCopies } from '@/app/lib/sync/device-store';
import { syncEngine } from '@/app/lib/sync/sync-engine';
import { API_ROUTES } from '@/shared/api-routes';
import { MESSAGES } from '@/shared/messages';
import type {
  AuthPayload,
  LoginBody,
  LoginCodeBody,
  LoginReply,
  TwoFactorChallenge,
  TwoFactorSetup,
} from '@/shared/schemas';
import type { QueryClient } from '@tanstack/react-query';

/** A sign-in that passed every factor: the session starts on this device. */
export async function startSession(queryClient: QueryClient, data: AuthPayload) {
  auth.signIn(data.authToken, data.userData);
  // Whatever an earlier session left in memory is not this admin's to see (nor to save under their name).
  queryClient.getQueryCache().clear();
  await syncEngine.start(queryClient, data.userData._id);
  return data.userData;
}

/** The password step: the session, or, with two-factor sign-in, the challenge of the code step. */
export async function loginAdmin(queryClient: QueryClient, body: LoginBody): Promise<TwoFactorChallenge | null> {
  const { data } = await apiCall<{ data: LoginReply }>(API_ROUTES.login, { body });
  if ('challenge' in data) return data;
  await startSession(queryClient, data);
  return null;
}

/**
 * The code step. After an enrolment the reply carries the recovery codes: the session starts only once the
 * admin has seen them (`startSession`), so they are never lost behind a navigation.
 */
export async function loginWithCode(queryClient: QueryClient, body: LoginCodeBody) {
  const { data } = await apiCall<{ data: AuthPayload & { recoveryCodes?: string[] } }>(API_ROUTES.loginCode, { body });
  const { recoveryCodes, ...payload } = data;
  if (!recoveryCodes) await startSession(queryClient, payload);
  return { payload, recoveryCodes: recoveryCodes ?? null };
}

/** REQUIRE_2FA and no key yet: the key to add to the app, for the password step's challenge. */
export const setupAtLogin = (challenge: string) =>
  apiCall<{ data: TwoFactorSetup }>(API_ROUTES.loginTwoFactorSetup, { body: { challenge } }).then((r) => r.data);

/** How long the start-up loader waits for the token check before showing the cached session. */
const STARTUP_WAIT_MS = 3000;
/** After an unclear answer the token is checked again after 5 s, then 10 s, 20 s … at most every 5 min. */
export const RECHECK_FIRST_MS = 5_000;
export const RECHECK_MAX_MS = 5 * 60_000;

/**
 * Start-up: restore the cache and check the stored token. Only the server's rejection of the token
 * (401/403) logs out, silently: a failed check is a rejected token. Anything else (no reply, a reply cut off, a 5xx, a 429, a page
 * that is not the API's JSON) keeps the session and the cached screens and checks again later: at once
 * when the browser comes back online, and with back-off while the app is open. A rejection that arrives
 * after the screens are shown calls `onLateRejection`, which takes the admin to the login.
 */
export async function restoreSession(queryClient: QueryClient, onLateRejection: () => void) {
  const { token, user } = auth.get();
  // No session, no device copy: a logout cut off by a reload or a closed tab may have left one behind.
  if (!token || !user) return deleteDeviceCopies().catch((err) => console.error(err));
  auth.setAutoLogging(true);
  let started = false;
  const onRejected = () => started && onLateRejection();
  const check = checkToken(queryClient, onRejected).then((answer) => {
    if (answer === 'unclear') startRecheck(queryClient, onRejected);
  });
  await Promise.all([syncEngine.start(queryClient, user._id), Promise.race([check, sleep(STARTUP_WAIT_MS)])]);
  started = true;
  auth.setAutoLogging(false);
}

type Answer = 'valid' | 'rejected' | 'unclear' | 'stale';

/**
 * The API's reply to a token check, checked by hand like a sync reply: with the schema, zod (25 KB gzip) would
 * load with every first screen for this one check.
 */
function isAuthPayload(data: unknown): data is AuthPayload {
  const { authToken, userData: u } = (data ?? {}) as Partial<AuthPayload>;
  return (
    typeof authToken === 'string' &&
    authToken.length > 0 &&
    typeof u?._id === 'string' &&
    typeof u.name === 'string' &&
    typeof u.email === 'string' &&
    typeof u.role === 'string'
  );
}

/** One check of the token this tab holds now. `stale`: the session changed while it ran, so it says nothing. */
async function checkToken(queryClient: QueryClient, onRejected: () => void): Promise<Answer> {
  const token = auth.get().token;
  if (!token) return 'stale';
  const current = () => auth.get().token === token && readSession().token === token;
  try {
    const reply = await apiCall<{ data?: unknown }>(API_ROUTES.loginByToken);
    if (!current()) return 'stale';
    if (!isAuthPayload(reply.data)) {
      console.warn('The token check got a reply that is not the API’s; keeping the cached session', reply);
      return 'unclear';
    }
    const data = reply.data;
    auth.signIn(data.authToken, data.userData);
    return 'valid';
  } catch (err) {
    if (!current()) return 'stale';
    if (!isAuthError(err)) {
      console.warn('The token check got no clear answer; keeping the cached session and checking again', err);
      return 'unclear';
    }
    console.error('The server rejected the token; logging out', err);
    await endSession(queryClient);
    onRejected();
    return 'rejected';
  }
}

let stopRecheck: (() => void) | null = null;

/**
 * Checks the token again until the answer is clear: after RECHECK_FIRST_MS, doubling up to RECHECK_MAX_MS,
 * and at once when the browser comes back online (the delay still grows: never faster than the back-off
 * plus reconnects). One check at a time; it stops when the session ends or changes.
 */
function startRecheck(queryClient: QueryClient, onRejected: () => void) {
  stopTokenRecheck();
  const token = auth.get().token;
  let delay = RECHECK_FIRST_MS;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running = false;
  const schedule = () => {
    timer = setTimeout(run, delay);
    delay = Math.min(delay * 2, RECHECK_MAX_MS);
  };
  const run = async () => {
    clearTimeout(timer);
    if (running) return;
    if (auth.get().token !== token) return stop();
    if (!navigator.onLine) return schedule(); // nothing to ask; the reconnect will
    running = true;
    const answer = await checkToken(queryClient, onRejected);
    running = false;
    if (stopRecheck !== stop) return;
    if (answer === 'unclear') return schedule();
    stop();
    // The server answers again: the lists whose refresh failed meanwhile are fetched now.
    if (answer === 'valid') void queryClient.refetchQueries({ predicate: (q) => q.state.status === 'error' });
  };
  const onOnline = () => void run();
  const stop = () => {
    clearTimeout(timer);
    window.removeEventListener('online', onOnline);
    if (stopRecheck === stop) stopRecheck = null;
  };
  stopRecheck = stop;
  window.addEventListener('online', onOnline);
  schedule();
}

/** Ends the re-checks of an unclear start-up check (logout, a rejection, another tab's new session). */
export function stopTokenRecheck() {
  stopRecheck?.();
}

/** Clears every trace of the session on this device: token, user data, the lists in memory and on the device. */
export async function endSession(queryClient: QueryClient) {
  stopTokenRecheck();
  syncEngine.stop();
  queryClient.clear();
  auth.signOut();
  await deleteDeviceCopies().catch((err) => console.error(err));
}

/**
 * Logout: revoke the token on the server, then clear everything and say so. Offline (or with no clear answer)
 * the token's hash waits on the device and ends the session at the next connection.
 */
export async function logout(queryClient: QueryClient) {
  const { token } = auth.get();
  await apiCall(API_ROUTES.logout, { timeoutMs: 3000 }).catch(async (err: unknown) => {
    console.error('Token revoke failed', err);
    if (token && !isAuthError(err)) await rememberLogout(token).catch((e: unknown) => console.error(e));
  });
  await endSession(queryClient);
  toast.success(MESSAGES.logout.success);
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
