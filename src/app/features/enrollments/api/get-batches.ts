import { syncedListQuery } from '@/app/lib/sync/synced-list-query';

/** Newest first (spec 7); the server lists them oldest first. */
export const batchesQuery = syncedListQuery('batches');
