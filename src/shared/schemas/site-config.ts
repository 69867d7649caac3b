import { z } from 'zod';

/** The server's run-time settings the PWA reads: the public site's address, or null when none is set. */
export const siteConfigSchema = z.object({ siteUrl: z.string().nullable() });
export type SiteConfig = z.infer<typeof siteConfigSchema>;
