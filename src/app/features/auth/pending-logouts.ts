import { apiCall, ApiError } from '@/app/lib/api-client';
import { API_ROUTES } from '@/shared/api-routes';
import { STORAGE_KEYS } from '@/shared/constants';

const KEY = STORAGE_KEYS.pendingLogouts;
/** The server takes at most this many at once; older ones beyond it would have expired by then anyway. */
const MAX = 20;

const read = (): string[] => {
  try {
    const list: unknown = JSON.parse(localStorage.getItem(KEY) ?? '[]');
    return Array.isArray(list) ? list.filter((h): h is string => typeof h === 'string') : [];
  } catch {
    return [];
  }
};

/**
 * A logout that could not reach the server: the device keeps the token's SHA-256, never the token, and sends it
 * at the next connection (`sendPendingLogouts`). Outside a secure context (plain http to another machine) the
 * browser has no SHA-256 to offer: nothing is kept, and the session ends at its idle limit.
 */
export async function rememberLogout(token: string): Promise<void> {
  if (!globalThis.crypto?.subtle) return console.warn('No SHA-256 here (not a secure context): the logout stays local');
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(token));
  const hash = [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
  localStorage.setItem(KEY, JSON.stringify([...read().filter((h) => h !== hash), hash].slice(-MAX)));
}

let sending: Promise<void> | null = null;

/** Sends the logouts made offline; they are forgotten once the server has answered (a refusal too: it will not change). */
export function sendPendingLogouts(): Promise<void> {
  sending ??= (async () => {
    const tokenHashes = read();
    if (!tokenHashes.length) return;
    try {
      await apiCall(API_ROUTES.logoutOffline, { body: { tokenHashes }, timeoutMs: 10_000 });
    } catch (err) {
      if (!(err instanceof ApiError && err.kind === 'http' && err.status !== null && err.status < 500)) return;
    }
    const left = read().filter((h) => !tokenHashes.includes(h));
    if (left.length) localStorage.setItem(KEY, JSON.stringify(left));
    else localStorage.removeItem(KEY);
  })().finally(() => (sending = null));
  return sending;
}

/** Sends them now and whenever the browser comes back online; returns the function that stops watching. */
export function watchPendingLogouts(): () => void {
  const send = () => void sendPendingLogouts().catch((err) => console.error(err));
  send();
  window.addEventListener('online', send);
  return () => window.removeEventListener('online', send);
}
