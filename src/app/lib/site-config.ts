import { queryOptions, useQuery } from '@tanstack/react-query';
import { STORAGE_KEYS } from '@/shared/constants';
import type { SiteConfig } from '@/shared/schemas';
import { apiFetch } from './api-client';

const readStored = (): SiteConfig | undefined => {
  try {
    return (JSON.parse(localStorage.getItem(STORAGE_KEYS.siteConfig) ?? 'null') as SiteConfig | null) ?? undefined;
  } catch {
    return undefined;
  }
};

/**
 * The server's run-time settings (SITE_URL), kept in localStorage so they hold offline; logout clears
 * them with the rest. Read again in the background, so an operator's change reaches open apps.
 */
export const siteConfigQuery = queryOptions({
  queryKey: ['site-config'] as const,
  queryFn: async ({ signal }) => {
    const { data } = await apiFetch<{ data: SiteConfig }>('/config', { signal });
    localStorage.setItem(STORAGE_KEYS.siteConfig, JSON.stringify(data));
    return data;
  },
  initialData: readStored,
  initialDataUpdatedAt: 0,
  staleTime: 5 * 60_000,
  meta: { silent: true },
});

/** The public site's address without a trailing slash, or null while unknown or not set. */
export const useSiteUrl = () => useQuery(siteConfigQuery).data?.siteUrl ?? null;
