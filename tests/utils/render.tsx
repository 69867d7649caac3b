import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { onTestFinished } from 'vitest';
import { createAppClients } from '@/app/app-clients';
import { auth } from '@/app/features/auth/auth-store';
import { writeSession } from '@/app/lib/session-storage';
import { deleteDeviceCopies } from '@/app/lib/sync/device-store';
import { syncEngine } from '@/app/lib/sync/sync-engine';
import { Providers } from '@/app/providers';
import { focusScreen } from '@/app/shell/loader-queries';
import { adminUser } from '../mocks/fixtures';

/**
 * Renders the real app (routes, guard, loader, shell) at `path` with msw answering /api.
 * `loggedIn` (default true) stores a session the way a login would.
 */
export function renderApp(path: string, { loggedIn = true }: { loggedIn?: boolean } = {}) {
  if (loggedIn) writeSession('test-token', adminUser);
  auth.reload();
  const { queryClient, router, dispose } = createAppClients({
    history: createMemoryHistory({ initialEntries: [path] }),
    defaultPendingMs: 0,
  });
  // What main.tsx's session restore does: the screen opened first is the one a first sync brings first, and the
  // stored admin's lists start syncing.
  focusScreen(path.split('?')[0]!);
  if (loggedIn) void syncEngine.start(queryClient, adminUser._id);
  onTestFinished(async () => {
    dispose();
    // The engine outlives a render: stop it, and forget this test's device copy.
    syncEngine.stop();
    await deleteDeviceCopies();
    // Each query holds a gcTime timer (7 days): clearing them lets this test's client and its data be collected.
    queryClient.clear();
  });
  const user = userEvent.setup();
  const utils = render(
    <Providers queryClient={queryClient} env="test">
      <RouterProvider router={router} />
    </Providers>,
  );
  return { ...utils, user, router, queryClient };
}
