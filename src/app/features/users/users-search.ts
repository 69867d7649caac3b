import { validateListSearch } from '@/app/lib/list-search';
import { MESSAGES } from '@/shared/messages';
import type { User } from '@/shared/schemas';

export const USER_STATUSES = [
  { value: 'verified', label: MESSAGES.lists.verified },
  { value: 'unverified', label: MESSAGES.lists.notVerified },
];

/** The search, the Verified filter and the order live in the URL (?q=ann&status=unverified&sort=-created). */
export const validateUsersSearch = validateListSearch(USER_STATUSES.map((s) => s.value));

/** Case-insensitive substring match on name or email. */
export const userSearchText = (u: User) => `${u.name}\n${u.email}`;

const KEEP: Record<string, (u: User) => boolean> = {
  verified: (u) => u.isVerified,
  unverified: (u) => !u.isVerified,
};
export const keepUsers = (status: string) => KEEP[status] ?? null;
