import { syncedListQuery } from '@/app/lib/sync/synced-list-query';

export const servicesQuery = syncedListQuery('services');
