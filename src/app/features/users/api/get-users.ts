import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '@/app/lib/api-client';
import type { User } from '@/shared/schemas';

export const usersQuery = queryOptions({
  queryKey: ['users'] as const,
  queryFn: ({ signal }) => apiFetch<{ users: User[] }>('/users', { signal }).then((r) => r.users),
  meta: { persist: true },
});
