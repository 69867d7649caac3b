import { syncedListQuery } from '@/app/lib/sync/synced-list-query';

/** Oldest first, as the server lists them. */
export const coursesQuery = syncedListQuery('courses');
