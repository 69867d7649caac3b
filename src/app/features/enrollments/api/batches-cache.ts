import type { QueryClient } from '@tanstack/react-query';
import type { Batch } from '@/shared/schemas';
import { batchesQuery, newestFirst } from './get-batches';

/** Batch writes reply with the whole list, oldest first: it replaces ours, newest first (spec 7). */
export const setAllBatches = (qc: QueryClient, allBatches: Batch[]) => qc.setQueryData(batchesQuery.queryKey, newestFirst(allBatches));
