import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '@/app/lib/api-client';
import { putRows, usePendingIds, type RecordReply } from '@/app/lib/list-writes';
import type { Service } from '@/shared/schemas';
import { servicesQuery } from './get-services';

const verifyServiceKey = ['services', 'verify'] as const;

/** PATCH /services/{id}/verify flips approval; the server's copy replaces the local one. */
export function useVerifyService() {
  return useMutation({
    mutationKey: verifyServiceKey,
    mutationFn: (id: string) =>
      apiFetch<RecordReply<Service>>(`/services/${encodeURIComponent(id)}/verify`, { method: 'PATCH' }),
    onSuccess: ({ data }) => putRows(servicesQuery, [data]),
    // Service calls log their failures; the toast comes from the MutationCache.
    onError: (err) => console.error('Service verification failed', err),
  });
}

/** Services whose approval is being changed right now, from any screen: each shows its own spinner. */
export const useVerifyingServiceIds = () => usePendingIds(verifyServiceKey);
