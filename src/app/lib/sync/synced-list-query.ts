import { queryOptions } from '@tanstack/react-query';
import type { SyncList } from '@/shared/schemas/sync';
import { syncEngine } from './sync-engine';
import type { SyncRows } from './list-codecs';

/**
 * A synced list as screens read it: a TanStack query whose data the sync engine sets (never refetched
 * on its own, never compared row by row: the engine hands over a new array only when the list changed).
 */
export const syncedListQuery = <L extends SyncList>(list: L) =>
  queryOptions({
    queryKey: [list] as const,
    queryFn: () => syncEngine.read(list) as Promise<SyncRows[L][]>,
    staleTime: Infinity,
    gcTime: Infinity,
    structuralSharing: false,
  });
