import { validateListSearch } from '@/app/lib/list-search';
import { MESSAGES } from '@/shared/messages';

export const ENROLLMENT_STATUSES = [
  { value: 'pending', label: MESSAGES.lists.pending },
  { value: 'approved', label: MESSAGES.lists.approved },
];
/** `?q=…&status=pending&sort=-amount` on a batch and on all enrollments. */
export const validateEnrollmentsSearch = validateListSearch(ENROLLMENT_STATUSES.map((s) => s.value));
