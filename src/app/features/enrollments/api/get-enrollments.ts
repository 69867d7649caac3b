import { syncedListQuery } from '@/app/lib/sync/synced-list-query';

/** Newest first, as the server lists them. */
export const enrollmentsQuery = syncedListQuery('enrollments');
