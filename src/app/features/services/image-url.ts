/** Service image paths are served by the public site (SITE_URL): prefix its address; none set means this server. */
export function serviceImageUrl(path: string, siteUrl: string | null): string {
  if (/^https?:\/\//i.test(path)) return path;
  return `${siteUrl ?? ''}${path.startsWith('/') ? '' : '/'}${path}`;
}
