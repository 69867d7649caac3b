import { syncedListQuery } from '@/app/lib/sync/synced-list-query';

export const usersQuery = syncedListQuery('users');
