import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_ROUTES } from '@/shared/api-routes';
import type { SiteConfig } from '@/shared/schemas';
import { apiCall } from './api-client';

/**
 * The server's run-time settings (SITE_URL). Like every query that is not a synced list, kept on the device by
 * the query persister (query-persister.ts), so they hold offline after a reload; logout deletes them with the
 * rest. Read again in the background, so an operator's change reaches open apps.
 */
export const siteConfigQuery = queryOptions({
  queryKey: ['site-config'] as const,
  queryFn: ({ signal }) => apiCall<{ data: SiteConfig }>(API_ROUTES.siteConfig, { signal }).then((r) => r.data),
  staleTime: 5 * 60_000,
  meta: { silent: true },
});

/** The public site's address without a trailing slash, or null while unknown or not set. */
export const useSiteUrl = () => useQuery(siteConfigQuery).data?.siteUrl ?? null;
