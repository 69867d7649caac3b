import type { Batch } from '@/shared/schemas';
import { batchesQuery, newestFirst } from './get-batches';
import type { QueryClient } from '@tanstack/react-query';

/** Batch writes reply with the whole list, oldest first: it replaces ours, newest first (spec 7). */
export const setAllBatches = (qc: QueryClient, allBatches: Batch[]) =>
  qc.setQueryData(batchesQuery.queryKey, newestFirst(allBatches));
