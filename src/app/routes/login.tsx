import { createFileRoute, redirect } from '@tanstack/react-router';
import { z } from 'zod';
import { LoginPage } from '@/app/features/auth/components/login-page';

export const Route = createFileRoute('/login')({
  validateSearch: z.object({ redirect: z.string().optional().catch(undefined) }),
  // A logged-in admin opening /login goes to the dashboard.
  beforeLoad: ({ context }) => {
    if (context.auth.isLogin) throw redirect({ to: '/' });
  },
  component: LoginPage,
});
