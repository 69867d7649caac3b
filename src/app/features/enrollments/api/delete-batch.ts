import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '@/app/lib/api-client';
import { deleteWithNotice } from '@/app/lib/confirm';
import { MESSAGES } from '@/shared/messages';
import type { Batch } from '@/shared/schemas';
import { setAllBatches } from './batches-cache';

/**
 * Confirm, delete, then 'Deleted!' / 'Batch has been deleted.'. A batch that still has enrollments is
 * refused with a 409 whose message the generic error toast shows.
 */
export function useDeleteBatch() {
  const mutation = useMutation({
    mutationFn: (id: string) =>
      apiFetch<{ success: true; allBatches: Batch[] }>(`/batches/delete/${id}`, { method: 'DELETE' }),
    onSuccess: (reply) => setAllBatches(reply.allBatches),
  });
  return (id: string) => deleteWithNotice(() => mutation.mutateAsync(id), MESSAGES.deleted.batch);
}
