/** Service image paths are served by the public site (spec 9): prefix its address; empty means this server. */
export function serviceImageUrl(path: string): string {
  if (/^https?:\/\//i.test(path)) return path;
  const site = (import.meta.env.VITE_SITE_URL ?? '').replace(/\/+$/, '');
  return `${site}${path.startsWith('/') ? '' : '/'}${path}`;
}
