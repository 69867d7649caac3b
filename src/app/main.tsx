import '@mantine/core/styles.css';
import './global.css';
import { onlineManager } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { FullScreenLoader } from './components/ui/full-screen-loader';
import { endSession, restoreSession } from './features/auth/api/session';
import { createQueryClient } from './lib/query-client';
import { Providers } from './providers';
import { UpdatePrompt } from './pwa/update-prompt';
import { createAppRouter } from './router';

// TanStack Query assumes online until an event says otherwise; a page opened offline must know at once.
onlineManager.setOnline(navigator.onLine);

const queryClient = createQueryClient({
  // A 401/403 on any call means the session is gone on the server: log out quietly.
  onAuthError: async () => {
    await endSession(queryClient);
    await router.navigate({ to: '/login', search: { redirect: router.state.location.href } });
  },
});
const router = createAppRouter(queryClient);
const root = createRoot(document.getElementById('root')!);

const render = (body: React.ReactNode) =>
  root.render(
    <StrictMode>
      <Providers queryClient={queryClient}>
        {body}
        <UpdatePrompt />
      </Providers>
    </StrictMode>,
  );

// The automatic token login shows a full-screen loader; the router starts once we know the session.
render(<FullScreenLoader label="Signing you in…" />);
void restoreSession(queryClient)
  .catch((err) => console.error(err))
  .finally(() => render(<RouterProvider router={router} />));

