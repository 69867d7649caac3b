import { createFileRoute, redirect } from '@tanstack/react-router';
import { SyncProgressLoader } from '@/app/components/ui/full-screen-loader';
import { LoaderError } from '@/app/components/ui/loader-error';
import { AppLayout } from '@/app/shell/app-layout';
import { ensureLoaderData } from '@/app/shell/loader-queries';
import { MESSAGES } from '@/shared/messages';

/** Every screen but /login: the session guard, the post-login loader, and the shell. */
export const Route = createFileRoute('/_authed')({
  beforeLoad: ({ context, location }) => {
    if (!context.auth.isLogin) throw redirect({ to: '/login', search: { redirect: location.href } });
  },
  loader: () => ensureLoaderData(),
  pendingComponent: () => <SyncProgressLoader label={MESSAGES.sync.loading} />,
  pendingMs: 150,
  errorComponent: LoaderError,
  component: AppLayout,
});
