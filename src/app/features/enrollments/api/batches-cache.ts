import { replaceList } from '@/app/lib/list-writes';
import type { Batch } from '@/shared/schemas';
import { batchesQuery } from './get-batches';

/** Batch writes reply with the whole list: it replaces ours. */
export const setAllBatches = (allBatches: Batch[]) => replaceList(batchesQuery, allBatches);
