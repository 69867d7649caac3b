import { createFileRoute, redirect, type ErrorComponentProps } from '@tanstack/react-router';
import { SyncProgressLoader } from '@/app/components/ui/full-screen-loader';
import { LoaderError } from '@/app/components/ui/loader-error';
import { AppLayout } from '@/app/shell/app-layout';
import { ensureLoaderData, focusScreen, screenCanShow } from '@/app/shell/loader-queries';
import { MESSAGES } from '@/shared/messages';

/** Every screen but /login: the session guard, the post-login loader, and the shell. */
export const Route = createFileRoute('/_authed')({
  beforeLoad: ({ context, location, preload }) => {
    if (!context.auth.isLogin) throw redirect({ to: '/login', search: { redirect: location.href } });
    // A first sync under way brings this screen's lists next (a link hovered does not move it).
    if (!preload) focusScreen(location.pathname);
  },
  // Only the lists of the screen asked for: a first sync shows it as soon as they begin to arrive.
  loader: ({ location }) => ensureLoaderData(location.pathname),
  pendingComponent: () => <SyncProgressLoader label={MESSAGES.sync.loading} />,
  pendingMs: 150,
  errorComponent: AuthedLoaderError,
  component: AppLayout,
});

/** The loader's error, gone by itself once a first sync's back-off brings the screen's lists. */
function AuthedLoaderError(props: ErrorComponentProps) {
  return <LoaderError {...props} canShow={screenCanShow} />;
}
