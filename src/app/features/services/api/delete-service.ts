import { useMutation, useMutationState, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/app/lib/api-client';
import type { Service } from '@/shared/schemas';
import { servicesQuery } from './get-services';

const deleteServiceKey = ['services', 'delete'] as const;

/** DELETE /services/{id}; on success the purchase leaves the local list. */
export function useDeleteService() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: deleteServiceKey,
    mutationFn: (id: string) =>
      apiFetch<{ success: true }>(`/services/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: (_reply, id) =>
      queryClient.setQueryData(servicesQuery.queryKey, (old: Service[] | undefined) =>
        old?.filter((s) => s._id !== id),
      ),
    onError: (err) => console.error('Service deletion failed', err),
  });
}

export function useDeletingServiceIds(): ReadonlySet<string> {
  const ids = useMutationState({
    filters: { mutationKey: deleteServiceKey, status: 'pending' },
    select: (m) => m.state.variables as string,
  });
  return new Set(ids);
}
