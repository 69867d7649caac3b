import { createFileRoute } from '@tanstack/react-router';
import { NotFoundPage } from '@/app/components/ui/not-found-page';

/** Unknown paths sit behind the session guard too: logged out they go to /login first. */
export const Route = createFileRoute('/_authed/$')({
  component: NotFoundPage,
});
