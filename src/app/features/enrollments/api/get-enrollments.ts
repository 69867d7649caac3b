import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '@/app/lib/api-client';
import { MESSAGES } from '@/shared/messages';
import type { Enrollment } from '@/shared/schemas';

export const enrollmentsQuery = queryOptions({
  queryKey: ['enrollments'] as const,
  queryFn: ({ signal }) =>
    apiFetch<{ data: Enrollment[] }>('/enrollments', { signal, fallbackMessage: MESSAGES.enrollment.fetchFailed }).then(
      (r) => r.data,
    ),
  meta: { persist: true },
});
