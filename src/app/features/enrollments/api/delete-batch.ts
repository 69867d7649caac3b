import { useMutation } from '@tanstack/react-query';
import { apiFetch, apiPath } from '@/app/lib/api-client';
import { deleteWithNotice } from '@/app/lib/confirm';
import { deleteShown, type Version } from '@/app/lib/list-writes';
import { MESSAGES } from '@/shared/messages';
import type { Batch } from '@/shared/schemas';
import { batchVersion, setAllBatches } from './batches-cache';

/**
 * Confirm, delete, then 'Deleted!' / 'Batch has been deleted.'. A batch that still has enrollments is
 * refused with a 409 whose message the generic error toast shows.
 */
export function useDeleteBatch() {
  const mutation = useMutation({
    mutationFn: ({ id, version }: { id: string; version: Version }) =>
      apiFetch<{ success: true; allBatches: Batch[] }>(apiPath`/batches/delete/${id}`, {
        method: 'DELETE',
        body: version,
      }),
    onSuccess: (reply) => setAllBatches(reply.allBatches),
  });
  // A batch changed since it was shown asks again (docs/conflicts.md).
  return (batch: Batch) =>
    deleteWithNotice(
      () =>
        deleteShown((version) => mutation.mutateAsync({ id: batch._id, version }), batchVersion(batch), batchVersion),
      MESSAGES.deleted.batch,
    );
}
