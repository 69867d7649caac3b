import { useMutation } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { apiCall, staleCurrent } from '@/app/lib/api-client';
import { putRows, usePendingIds, type RecordReply, type RecordWrite } from '@/app/lib/list-writes';
import { API_ROUTES } from '@/shared/api-routes';
import { MESSAGES } from '@/shared/messages';
import type { Service } from '@/shared/schemas';
import { servicesQuery } from './get-services';

const verifyServiceKey = ['services', 'verify'] as const;

/**
 * PATCH /services/{id}/verify flips approval; the server's copy replaces the local one. Made on the
 * version shown: when another admin changed the purchase meanwhile, nothing flips, the screen shows it as it
 * is now and says so (a flip on an older version would undo theirs).
 */
export function useVerifyService() {
  return useMutation({
    mutationKey: verifyServiceKey,
    mutationFn: ({ id, version }: RecordWrite) =>
      apiCall<RecordReply<Service>>(API_ROUTES.verifyService, { params: { id }, body: version }),
    onSuccess: ({ data }) => putRows(servicesQuery, [data]),
    // Service calls log their failures; the toast comes from the MutationCache.
    onError: (err) => {
      console.error('Service verification failed', err);
      const current = staleCurrent<Service>(err);
      if (!current) return;
      putRows(servicesQuery, [current]);
      toast.error(`${err.message} ${MESSAGES.conflict.toggleAgain}`);
    },
  });
}

/** Services whose approval is being changed right now, from any screen: each shows its own spinner. */
export const useVerifyingServiceIds = () => usePendingIds(verifyServiceKey);
