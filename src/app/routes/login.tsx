import { createFileRoute, redirect } from '@tanstack/react-router';
import { LoginPage } from '@/app/features/auth/components/login-page';

export const Route = createFileRoute('/login')({
  // By hand, like the other routes' searches: zod stays out of the first screen's code.
  validateSearch: (search: Record<string, unknown>): { redirect?: string } =>
    typeof search.redirect === 'string' ? { redirect: search.redirect } : {},
  // A logged-in admin opening /login goes to the dashboard.
  beforeLoad: ({ context }) => {
    if (context.auth.isLogin) throw redirect({ to: '/' });
  },
  component: LoginPage,
});
