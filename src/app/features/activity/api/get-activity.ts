import { syncedListQuery } from '@/app/lib/sync/synced-list-query';

/** The activity log, newest first, from the synced device copy (readable offline like every list). */
export const activityQuery = syncedListQuery('activity');
