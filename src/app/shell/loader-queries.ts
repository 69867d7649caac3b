import { coursesQuery } from './features/courses/api/get-courses';
import { batchesQuery } from './features/enrollments/api/get-batches';
import { enrollmentsQuery } from './features/enrollments/api/get-enrollments';
import { servicesQuery } from './features/services/api/get-services';
import { usersQuery } from './features/users/api/get-users';
import type { QueryClient } from '@tanstack/react-query';

/** The post-login loader's five lists (spec 7 "Other"): loaded after login, cached, and reloaded together. */
export const LOADER_QUERY_KEYS = [
  usersQuery.queryKey,
  coursesQuery.queryKey,
  enrollmentsQuery.queryKey,
  batchesQuery.queryKey,
  servicesQuery.queryKey,
] as const;

/** Cached lists return at once (refreshed in the background when stale); a first login waits for the network. */
export const ensureLoaderData = (qc: QueryClient) =>
  Promise.all([
    qc.ensureQueryData({ ...usersQuery, revalidateIfStale: true }),
    qc.ensureQueryData({ ...coursesQuery, revalidateIfStale: true }),
    qc.ensureQueryData({ ...enrollmentsQuery, revalidateIfStale: true }),
    qc.ensureQueryData({ ...batchesQuery, revalidateIfStale: true }),
    qc.ensureQueryData({ ...servicesQuery, revalidateIfStale: true }),
  ]);

/** Reload Data: every list again from the network. */
export const refetchLoaderData = (qc: QueryClient) =>
  Promise.all([
    qc.fetchQuery({ ...usersQuery, staleTime: 0 }),
    qc.fetchQuery({ ...coursesQuery, staleTime: 0 }),
    qc.fetchQuery({ ...enrollmentsQuery, staleTime: 0 }),
    qc.fetchQuery({ ...batchesQuery, staleTime: 0 }),
    qc.fetchQuery({ ...servicesQuery, staleTime: 0 }),
  ]);
