import { queryOptions } from '@tanstack/react-query';
import type { Service } from '@/shared/schemas';
import { apiFetch } from '@/app/lib/api-client';

export const servicesQuery = queryOptions({
  queryKey: ['services'] as const,
  queryFn: ({ signal }) => apiFetch<{ data: Service[] }>('/services', { signal }).then((r) => r.data),
  meta: { persist: true },
});
