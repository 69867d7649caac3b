import '@mantine/core/styles.css';
// After the core styles (Mantine's order).
import '@mantine/spotlight/styles.css';
import './global.css';
import { onlineManager } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createAppClients } from './app-clients';
import { FullScreenLoader } from './components/ui/full-screen-loader';
import { restoreSession } from './features/auth/api/session';
import { warmIntl } from './lib/intl-warmup';
import { Providers } from './providers';
import { UpdatePrompt } from './pwa/update-prompt';
import { focusScreen } from './shell/loader-queries';

warmIntl();

// TanStack Query assumes online until an event says otherwise; a page opened offline must know at once.
onlineManager.setOnline(navigator.onLine);

const { queryClient, router, returnToLogin } = createAppClients();
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
// A first sync resumed at start-up brings the lists of the screen opened first (the router says so later).
focusScreen(window.location.pathname);
void restoreSession(queryClient, () => void returnToLogin())
  .catch((err) => console.error(err))
  .finally(() => render(<RouterProvider router={router} />));
