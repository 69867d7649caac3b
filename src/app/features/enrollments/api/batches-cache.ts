import { replaceList, type Version } from '@/app/lib/list-writes';
import type { Batch } from '@/shared/schemas';
import { batchesQuery } from './get-batches';

/** Batch writes reply with the whole list: it replaces ours. */
export const replaceBatches = (allBatches: Batch[]) => replaceList(batchesQuery, allBatches);

/** A batch's version is its values as shown: it has no updatedAt on the wire (docs/conflicts.md). */
export const batchVersion = ({ batchName, startDate, endDate, isActive }: Batch): Version => ({
  expected: { batchName, startDate, endDate, isActive },
});
