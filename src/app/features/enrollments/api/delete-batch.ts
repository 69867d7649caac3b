import { deleteWithNotice } from '@/app/lib/confirm';
import { deleteShown, useDeleteRow } from '@/app/lib/list-writes';
import { API_ROUTES } from '@/shared/api-routes';
import { MESSAGES } from '@/shared/messages';
import type { Batch } from '@/shared/schemas';
import { batchVersion } from './batches-cache';
import { batchesQuery } from './get-batches';

/**
 * Confirm, delete, then 'Deleted!' / 'Batch has been deleted.'. A batch that still has enrollments is
 * refused with a 409 whose message the generic error toast shows.
 */
export function useDeleteBatch() {
  // The reply also carries every batch; the row leaving the list is the same change, and the sync brings the rest.
  const mutation = useDeleteRow(batchesQuery, API_ROUTES.deleteBatch);
  // A batch changed since it was shown asks again (docs/conflicts.md).
  return (batch: Batch) =>
    deleteWithNotice(
      () =>
        deleteShown((version) => mutation.mutateAsync({ id: batch._id, version }), batchVersion(batch), batchVersion),
      MESSAGES.deleted.batch,
    );
}
