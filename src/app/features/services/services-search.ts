import { validateListSearch } from '@/app/lib/list-search';
import { MESSAGES } from '@/shared/messages';

export const SERVICE_STATUSES = [
  { value: 'pending', label: MESSAGES.lists.pending },
  { value: 'verified', label: MESSAGES.lists.verified },
];
/** `/services?q=…&status=pending&sort=-amount`. */
export const validateServicesSearch = validateListSearch(SERVICE_STATUSES.map((s) => s.value));
