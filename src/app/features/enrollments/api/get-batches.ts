import { syncedListQuery } from '@/app/lib/sync/synced-list-query';

/** Newest first on screen; the server lists them oldest first (docs/api.md). */
export const batchesQuery = syncedListQuery('batches');
