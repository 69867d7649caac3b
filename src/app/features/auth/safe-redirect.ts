/** Where to go after a login: only same-site paths are followed, never another origin nor the login again. */
export const safeRedirect = (target: string | undefined) =>
  target && target.startsWith('/') && !target.startsWith('//') && !target.startsWith('/login') ? target : '/';
