import { useMutation } from '@tanstack/react-query';
import { apiCall } from '@/app/lib/api-client';
import type { Version } from '@/app/lib/list-writes';
import { API_ROUTES } from '@/shared/api-routes';
import type { Batch, BatchBody } from '@/shared/schemas';
import { replaceBatches } from './batches-cache';

interface BatchReply {
  success: true;
  data: Batch;
  allBatches: Batch[];
}

/** POST /batches/start, or PUT /batches/update/{id} when an id is given. */
export function useSaveBatch(id?: string) {
  return useMutation({
    mutationFn: ({ body, version }: { body: BatchBody; version: Version }) =>
      id
        ? apiCall<BatchReply>(API_ROUTES.updateBatch, { params: { id }, body: { ...body, ...version } })
        : apiCall<BatchReply>(API_ROUTES.startBatch, { body }),
    onSuccess: (reply) => replaceBatches(reply.allBatches),
    // Failures are only logged; the generic toast still says why (a stale save: the conflict panel).
    onError: (err) => console.error('Saving the batch failed', err),
  });
}
