import { useInfiniteQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { apiCall } from '@/app/lib/api-client';
import { useOnline } from '@/app/lib/online';
import { API_ROUTES } from '@/shared/api-routes';
import type { Activity, ActivityPage } from '@/shared/schemas';

/** What GET /api/activity narrows the log by (docs/activity.md); empty values do not filter. */
export interface ActivityLogQuery {
  admin?: string | null;
  kind?: string | null;
  action?: string | null;
  record?: string | null;
  /** Days (YYYY-MM-DD) in the admin's own time zone, both included. */
  from?: string;
  to?: string;
  q?: string;
  /** Only entries older than this one (the oldest the device holds). */
  before?: string | null;
}

/** The browser's time zone: the server reads `from` and `to` as days there. */
const timeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** One page of the log from the server, newest first: the entries after `cursor` (none: the newest). */
export function fetchActivityPage(query: ActivityLogQuery, cursor: string | null, signal?: AbortSignal) {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    const v = typeof value === 'string' ? value.trim() : value;
    if (v) params.set(name, v);
  }
  if (query.from || query.to) params.set('tz', timeZone());
  if (cursor) params.set('cursor', cursor);
  return apiCall<ActivityPage>(API_ROUTES.activity, { query: params, signal });
}

/**
 * The entries matching `query` that are older than every entry on this device (the sync carries the newest
 * activity only: docs/activity.md), a page at a time from the server, newest first. Online only; `auto`
 * asks for the first page at once, otherwise `more()` does. Logout clears them with the rest of the cache.
 */
export function useOlderActivity(query: ActivityLogQuery, device: readonly Activity[], auto: boolean) {
  const online = useOnline();
  const before = device.length ? device[device.length - 1]!._id : null;
  const full = useMemo(() => ({ ...query, before }), [query, before]);
  const older = useInfiniteQuery({
    queryKey: ['activity-log', full],
    queryFn: ({ pageParam, signal }) => fetchActivityPage(full, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    enabled: online && auto,
    staleTime: 60_000,
    // A search of the server's history, one query per search typed, asked for online only: not kept on the device.
    meta: { persist: false },
  });
  const rows = useMemo(() => older.data?.pages.flatMap((p) => p.data) ?? [], [older.data]);
  const more = () => (older.data ? older.fetchNextPage() : older.refetch());
  return {
    rows,
    online,
    /** Whether the server may hold more: not asked yet, or a page said so. */
    mayHaveMore: !older.data || older.hasNextPage,
    loading: older.isFetching,
    failed: older.isError,
    /** Nothing more: every older entry matching the query is shown. */
    done: Boolean(older.data) && !older.hasNextPage && !older.isFetching,
    more,
  };
}
