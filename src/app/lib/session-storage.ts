import { STORAGE_KEYS } from '@/shared/constants';
import type { User } from '@/shared/schemas';

/** The session lives in localStorage under the spec's keys: authToken and userData (JSON). */
export function readSession(): { token: string | null; user: User | null } {
  const token = localStorage.getItem(STORAGE_KEYS.authToken);
  let user: User | null = null;
  try {
    user = JSON.parse(localStorage.getItem(STORAGE_KEYS.userData) ?? 'null') as User | null;
  } catch {
    user = null;
  }
  return token && user ? { token, user } : { token: null, user: null };
}

export function writeSession(token: string, user: User) {
  localStorage.setItem(STORAGE_KEYS.authToken, token);
  localStorage.setItem(STORAGE_KEYS.userData, JSON.stringify(user));
}

/**
 * Logout leaves nothing personal behind: the whole localStorage goes, but for the theme choice and the hashes of
 * tokens whose logout has not reached the server yet (a hash cannot sign in).
 */
export function clearSession() {
  const kept = [STORAGE_KEYS.theme, STORAGE_KEYS.pendingLogouts].map(
    (key) => [key, localStorage.getItem(key)] as const,
  );
  localStorage.clear();
  for (const [key, value] of kept) if (value) localStorage.setItem(key, value);
}
