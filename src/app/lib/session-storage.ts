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

/** Logout leaves nothing personal behind: the whole localStorage goes, the theme choice excepted. */
export function clearSession() {
  const theme = localStorage.getItem(STORAGE_KEYS.theme);
  localStorage.clear();
  if (theme) localStorage.setItem(STORAGE_KEYS.theme, theme);
}
