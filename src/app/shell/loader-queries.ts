import { coursesQuery } from '@/app/features/courses/api/get-courses';
import { batchesQuery } from '@/app/features/enrollments/api/get-batches';
import { enrollmentsQuery } from '@/app/features/enrollments/api/get-enrollments';
import { servicesQuery } from '@/app/features/services/api/get-services';
import { usersQuery } from '@/app/features/users/api/get-users';
import type { FetchQueryOptions, QueryClient } from '@tanstack/react-query';

/**
 * The post-login loader's five lists (spec 7 "Other"): loaded after login, cached, and reloaded together.
 * Listed once; their data types differ, so the list holds them by the shape they share.
 */
const LOADER_QUERIES = [
  usersQuery,
  coursesQuery,
  enrollmentsQuery,
  batchesQuery,
  servicesQuery,
] as unknown as readonly FetchQueryOptions[];

export const LOADER_QUERY_KEYS = LOADER_QUERIES.map((q) => q.queryKey);

/** Cached lists return at once (refreshed in the background when stale); a first login waits for the network. */
export const ensureLoaderData = (qc: QueryClient) =>
  Promise.all(LOADER_QUERIES.map((q) => qc.ensureQueryData({ ...q, revalidateIfStale: true })));

/** Reload Data: every list again from the network. */
export const refetchLoaderData = (qc: QueryClient) =>
  Promise.all(LOADER_QUERIES.map((q) => qc.fetchQuery({ ...q, staleTime: 0 })));
