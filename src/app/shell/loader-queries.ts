import { syncEngine } from '@/app/lib/sync/sync-engine';

/**
 * The post-login loader: the synced lists, from the device copy at once, or after the
 * first full sync (with its progress on screen). The engine fills every list's query.
 */
export const ensureLoaderData = () => syncEngine.ready();

/** Reload Data: a full sync from the server; the lists on screen stay until it is whole. */
export const refetchLoaderData = () => syncEngine.resync();
