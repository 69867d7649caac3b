import type { User } from '@/shared/schemas';

export interface UsersSearch {
  q?: string;
}

/** The search lives in the URL (?q=) so it survives a reload and can be shared. */
export function validateUsersSearch(search: Record<string, unknown>): UsersSearch {
  const q = search.q;
  // The router JSON-parses search values, so ?q=42 arrives as a number.
  if (typeof q === 'string' && q !== '') return { q };
  if (typeof q === 'number') return { q: String(q) };
  return {};
}

/** Lower-cased "name\nemail" per user, built once per list so each keystroke is one pass of includes(). */
export const buildSearchIndex = (users: readonly User[]) => users.map((u) => `${u.name}\n${u.email}`.toLowerCase());

/** Case-insensitive substring match on name or email. */
export function filterUsers(users: readonly User[], index: readonly string[], query: string): readonly User[] {
  const needle = query.trim().toLowerCase();
  if (!needle) return users;
  return users.filter((_, i) => index[i]!.includes(needle));
}
