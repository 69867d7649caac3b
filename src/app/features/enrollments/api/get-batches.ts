import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '@/app/lib/api-client';
import type { Batch } from '@/shared/schemas';

/** The server lists oldest first; the screens show the newest first (spec 7). */
export const newestFirst = (batches: Batch[]) => [...batches].reverse();

export const batchesQuery = queryOptions({
  queryKey: ['batches'] as const,
  queryFn: ({ signal }) => apiFetch<{ batches: Batch[] }>('/batches', { signal }).then((r) => newestFirst(r.batches)),
  meta: { persist: true },
});
