import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '@/app/lib/api-client';
import type { Course } from '@/shared/schemas';

export const coursesQuery = queryOptions({
  queryKey: ['courses'] as const,
  queryFn: ({ signal }) => apiFetch<{ data: Course[] }>('/courses', { signal }).then((r) => r.data),
  meta: { persist: true },
});
