import { useMutation, useMutationState, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/app/lib/api-client';
import type { Service } from '@/shared/schemas';
import { servicesQuery } from './get-services';

const verifyServiceKey = ['services', 'verify'] as const;

/** PATCH /services/{id}/verify flips approval; the server's copy replaces the local one (spec 4). */
export function useVerifyService() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: verifyServiceKey,
    mutationFn: (id: string) =>
      apiFetch<{ data: Service }>(`/services/${encodeURIComponent(id)}/verify`, { method: 'PATCH' }),
    onSuccess: ({ data }) =>
      queryClient.setQueryData(servicesQuery.queryKey, (old: Service[] | undefined) =>
        old?.map((s) => (s._id === data._id ? data : s)),
      ),
    // Service calls log their failures (spec 8); the toast comes from the MutationCache.
    onError: (err) => console.error('Service verification failed', err),
  });
}

/** Services whose approval is being changed right now, from any screen: each shows its own spinner. */
export function useVerifyingServiceIds(): ReadonlySet<string> {
  const ids = useMutationState({
    filters: { mutationKey: verifyServiceKey, status: 'pending' },
    select: (m) => m.state.variables as string,
  });
  return new Set(ids);
}
