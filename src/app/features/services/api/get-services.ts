import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '@/app/lib/api-client';
import type { Service } from '@/shared/schemas';

export const servicesQuery = queryOptions({
  queryKey: ['services'] as const,
  queryFn: ({ signal }) => apiFetch<{ data: Service[] }>('/services', { signal }).then((r) => r.data),
  meta: { persist: true },
});
