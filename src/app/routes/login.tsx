import { createFileRoute, redirect } from '@tanstack/react-router';
import { LoginPage } from '@/app/features/auth/components/login-page';
import { safeRedirect } from '@/app/features/auth/safe-redirect';
import { focusScreen } from '@/app/shell/loader-queries';

export const Route = createFileRoute('/login')({
  // By hand, like the other routes' searches: zod stays out of the first screen's code.
  validateSearch: (search: Record<string, unknown>): { redirect?: string } =>
    typeof search.redirect === 'string' ? { redirect: search.redirect } : {},
  // A logged-in admin opening /login goes to the dashboard.
  beforeLoad: ({ context, search, preload }) => {
    if (context.auth.isLogin) throw redirect({ to: '/' });
    // The first sync after this login brings the lists of the screen it goes to first.
    if (!preload) focusScreen(new URL(safeRedirect(search.redirect), window.location.origin).pathname);
  },
  component: LoginPage,
});
