import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { render, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import toast from 'react-hot-toast';
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { createAppClients } from '@/app/app-clients';
import { restoreSession, stopTokenRecheck } from '@/app/features/auth/api/session';
import { auth } from '@/app/features/auth/auth-store';
import { usersQuery } from '@/app/features/users/api/get-users';
import { createQueryClient } from '@/app/lib/query-client';
import { writeSession } from '@/app/lib/session-storage';
import { deleteDeviceCopies } from '@/app/lib/sync/device-store';
import { syncEngine } from '@/app/lib/sync/sync-engine';
import { Providers } from '@/app/providers';
import { SYNC_LISTS } from '@/shared/schemas/sync';
import { adminUser, users } from '../mocks/fixtures';
import { failure } from '../mocks/replies';
import { server } from '../mocks/server';
import { syncReplyTo } from '../mocks/sync-api';
import { deviceCopy } from '../utils/device-copy';
import { renderApp } from '../utils/render';
import { allowConsoleError } from './setup';

beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => {}); // "keeping the cached session", once per unclear check
});
afterEach(async () => {
  vi.useRealTimers();
  stopTokenRecheck();
  syncEngine.stop();
  await deleteDeviceCopies();
});

/** The sync of the lists: its pulls and its stream. */
const SYNC_PATHS = ['/api/sync', '/api/sync/stream'];

/** Replies a flaky connection brings instead of the API's answer. */
const htmlPage = (status: number) =>
  new HttpResponse('<!doctype html><title>Bad Gateway</title><h1>502 Bad Gateway</h1>', {
    status,
    headers: { 'content-type': 'text/html' },
  });
const cutOff = (reason: Error) =>
  new HttpResponse(
    new ReadableStream({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('{"success":true,"data":{"authTo'));
        controller.error(reason);
      },
    }),
    { headers: { 'content-type': 'application/json' } },
  );
const rejection = (status: 401 | 403) =>
  failure(status, 'Please log in again: your session is missing, expired or was logged out.');

const UNCLEAR_REPLIES: [string, () => Response][] = [
  ['a 502 HTML page from a proxy', () => htmlPage(502)],
  ['a 503 JSON reply from a server in maintenance', () => failure(503, 'Down for maintenance.')],
  ['a 200 HTML page from a captive portal', () => HttpResponse.html('<!doctype html><h1>Sign in to the Wi-Fi</h1>')],
  ['a 200 JSON reply that is not a session', () => HttpResponse.json({ success: true, data: { portal: 'Sign in' } })],
  ['a 429', () => failure(429, 'Too many requests.')],
  ['no reply at all (network error)', () => HttpResponse.error()],
  [
    'a reply whose read was aborted (a reload)',
    () => cutOff(new DOMException('The operation was aborted.', 'AbortError')),
  ],
  ['a reply cut off by a connection reset', () => cutOff(new TypeError('network error'))],
  ["a 403 HTML page from a CDN, not the API's rejection", () => htmlPage(403)],
];

/** The lists that have rows in the admin's device copy, once its sync has finished. */
const savedLists = async () => {
  const copy = await deviceCopy(adminUser._id);
  return copy?.meta.complete ? Object.entries(copy.rows).flatMap(([list, rows]) => (rows.length ? [list] : [])) : [];
};

/** A previous visit: the admin logged in and every list was stored on the device. */
async function previousVisit() {
  writeSession('stored-token', adminUser);
  auth.reload();
  await syncEngine.start(createQueryClient(), adminUser._id);
  await syncEngine.ready();
  await waitFor(async () => expect(await savedLists()).toHaveLength(SYNC_LISTS.length));
  syncEngine.stop();
}

/** Opens the app as main.tsx does: the start-up check, then the router. */
async function openApp(path: string) {
  auth.reload();
  const clients = createAppClients({ history: createMemoryHistory({ initialEntries: [path] }), defaultPendingMs: 0 });
  onTestFinished(clients.dispose);
  await restoreSession(clients.queryClient, () => void clients.returnToLogin());
  render(
    <Providers queryClient={clients.queryClient} env="test">
      <RouterProvider router={clients.router} />
    </Providers>,
  );
  return clients;
}

describe('the start-up token check on a flaky connection', () => {
  it('without a stored session, a device copy left by a logout that a reload cut off is deleted', async () => {
    await previousVisit();
    localStorage.clear(); // the logout had signed out, then the reload came before the copy was deleted
    await openApp('/users');
    expect(await screen.findByRole('heading', { name: 'Admin Login' })).toBeInTheDocument();
    expect(await deviceCopy(adminUser._id)).toBeNull();
  });

  it.each(UNCLEAR_REPLIES)('%s keeps the session and shows the cached lists', async (_name, reply) => {
    await previousVisit();
    server.use(
      http.get('/api/users/login-by-token', reply),
      ...SYNC_PATHS.map((path) => http.get(path, reply)), // the server is just as unreachable for the lists
    );
    const { queryClient } = await openApp('/users');
    expect(await screen.findByRole('heading', { name: 'Users' })).toBeInTheDocument();
    expect(await screen.findByText(users[0]!.name)).toBeInTheDocument();
    expect(auth.isLogin).toBe(true);
    expect(localStorage.getItem('authToken')).toBe('stored-token');
    expect(JSON.parse(localStorage.getItem('userData')!)).toMatchObject({ _id: adminUser._id });
    expect(queryClient.getQueryData(usersQuery.queryKey)).toHaveLength(users.length);
    expect(await savedLists()).toHaveLength(SYNC_LISTS.length);
  });

  it.each([401, 403] as const)(
    'the API rejecting the token (%i) logs out silently and clears everything',
    async (status) => {
      allowConsoleError();
      await previousVisit();
      server.use(http.get('/api/users/login-by-token', () => rejection(status)));
      const { queryClient } = await openApp('/users');
      expect(await screen.findByRole('heading', { name: 'Admin Login' })).toBeInTheDocument();
      expect(auth.isLogin).toBe(false);
      expect(localStorage.getItem('authToken')).toBeNull();
      expect(localStorage.getItem('userData')).toBeNull();
      expect(queryClient.getQueryCache().getAll()).toHaveLength(0);
      expect(await savedLists()).toEqual([]);
      expect(screen.queryByText(/log in again/)).not.toBeInTheDocument(); // a silent logout: without a message
    },
  );
});

describe('checking the token again after an unclear answer', () => {
  /** Waits for `done` without moving the fake clock (expect.poll and waitFor would advance it). */
  async function until(done: () => boolean) {
    for (let turns = 0; !done(); turns++) {
      if (turns > 10_000) throw new Error('The condition never held');
      await new Promise((resolve) => setImmediate(resolve));
    }
  }

  /** Fake setTimeout only: msw and fake-indexeddb keep their real clocks. */
  async function startUnclear() {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    let calls = 0;
    let reply: () => Response = () => htmlPage(502);
    server.use(
      http.get('/api/users/login-by-token', () => {
        calls++;
        return reply();
      }),
    );
    writeSession('stored-token', adminUser);
    auth.reload();
    const queryClient = createQueryClient();
    const onLateRejection = vi.fn();
    await restoreSession(queryClient, onLateRejection);
    expect(calls).toBe(1);
    expect(auth.isLogin).toBe(true);
    return {
      queryClient,
      onLateRejection,
      calls: () => calls,
      answerWith: (next: () => Response) => (reply = next),
      /** Moves the clock by `ms` and lets the checks it starts finish (the next one is then scheduled). */
      async advance(ms: number) {
        const before = calls;
        await vi.advanceTimersByTimeAsync(ms);
        if (calls !== before) await until(() => vi.getTimerCount() === 1);
      },
    };
  }

  it('after 5 s, then doubling up to every 5 min, never sooner', async () => {
    const app = await startUnclear();
    let expected = 1;
    for (const seconds of [5, 10, 20, 40, 80, 160, 300, 300, 300]) {
      await app.advance(seconds * 1000 - 1);
      expect(app.calls()).toBe(expected);
      await app.advance(1);
      expect(app.calls()).toBe(++expected);
    }
    expect(auth.isLogin).toBe(true);
    expect(localStorage.getItem('authToken')).toBe('stored-token');
  });

  it('at once when the browser comes back online, without shortening the back-off', async () => {
    const app = await startUnclear();
    await app.advance(5_000); // check 2; the next waits 10 s
    expect(app.calls()).toBe(2);
    window.dispatchEvent(new Event('online'));
    await until(() => app.calls() === 3 && vi.getTimerCount() === 1);
    await app.advance(19_999); // after the reconnect's check the wait has doubled again, to 20 s
    expect(app.calls()).toBe(3);
    await app.advance(1);
    expect(app.calls()).toBe(4);
  });

  it('a valid answer ends the checks and refreshes the lists that failed meanwhile', async () => {
    // The captive portal answers the sync too, until the connection is really back.
    let portal = true;
    server.use(
      http.get('/api/sync', ({ request }) =>
        portal ? HttpResponse.html('<h1>Sign in to the Wi-Fi</h1>') : HttpResponse.json(syncReplyTo(request)),
      ),
    );
    const app = await startUnclear();
    await expect(syncEngine.ready()).rejects.toMatchObject({ kind: 'unexpected' });
    expect(app.queryClient.getQueryData(usersQuery.queryKey)).toBeUndefined();
    portal = false;
    app.answerWith(() =>
      HttpResponse.json({ success: true, data: { authToken: 'stored-token', userData: adminUser } }),
    );
    await vi.advanceTimersByTimeAsync(5_000); // the check after 5 s gets a valid answer: no check after it
    expect(app.calls()).toBe(2);
    await until(() => app.queryClient.getQueryData(usersQuery.queryKey) !== undefined);
    expect(app.queryClient.getQueryData(usersQuery.queryKey)).toHaveLength(users.length);
    await vi.advanceTimersByTimeAsync(60 * 60_000);
    expect(app.calls()).toBe(2);
    expect(auth.isLogin).toBe(true);
  });

  it('a later rejection logs out, clears everything and opens the login', async () => {
    allowConsoleError();
    const app = await startUnclear();
    app.answerWith(() => rejection(401));
    await vi.advanceTimersByTimeAsync(5_000);
    await until(() => app.onLateRejection.mock.calls.length > 0);
    expect(app.onLateRejection).toHaveBeenCalledOnce();
    expect(auth.isLogin).toBe(false);
    expect(localStorage.getItem('authToken')).toBeNull();
    expect(localStorage.getItem('userData')).toBeNull();
    await vi.advanceTimersByTimeAsync(60 * 60_000);
    expect(app.calls()).toBe(2);
  });
});

describe('other calls on a flaky connection', () => {
  const failLists = (reply: () => Response) => server.use(...SYNC_PATHS.map((path) => http.get(path, reply)));

  it('a background refresh that gets a 5xx or a page keeps the lists and says so once, not on every refresh', async () => {
    const { queryClient } = renderApp('/users');
    expect(await screen.findByText(users[0]!.name)).toBeInTheDocument();
    const errorToast = vi.spyOn(toast, 'error');

    failLists(() => htmlPage(502));
    await queryClient.refetchQueries();
    expect(await screen.findByText('An unexpected error occurred. Please try again.')).toBeInTheDocument();
    expect(screen.getAllByText('An unexpected error occurred. Please try again.')).toHaveLength(1);
    expect(screen.getByText(users[0]!.name)).toBeInTheDocument();

    // The next refreshes fail the same way (a captive portal now): nothing new to say.
    toast.remove();
    errorToast.mockClear();
    failLists(() => HttpResponse.html('<h1>Sign in to the Wi-Fi</h1>'));
    await queryClient.refetchQueries();
    await queryClient.refetchQueries();
    expect(errorToast).not.toHaveBeenCalled();
    expect(screen.getByText(users[0]!.name)).toBeInTheDocument();
    expect(auth.isLogin).toBe(true);

    // Once the lists refresh again, a new failure is news again.
    server.resetHandlers();
    await queryClient.refetchQueries();
    failLists(() => HttpResponse.html('<h1>Sign in to the Wi-Fi</h1>'));
    await queryClient.refetchQueries();
    expect(errorToast).toHaveBeenCalled();
  });

  it("only the API's 401/403 ends the session: a proxy's 401 page on a list or a write does not", async () => {
    allowConsoleError();
    const { queryClient, user } = renderApp('/users');
    expect(await screen.findByText(users[0]!.name)).toBeInTheDocument();
    failLists(() => htmlPage(401));
    server.use(http.delete('/api/users/:id', () => htmlPage(403)));
    await queryClient.refetchQueries();
    await user.click(screen.getByRole('button', { name: `Delete user ${users[0]!.name}` }));
    await user.click(await screen.findByRole('button', { name: 'Yes, delete it!' }));
    expect(await screen.findByText('Failed to delete the user.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'OK' }));
    expect(auth.isLogin).toBe(true);
    expect(await screen.findByRole('heading', { name: 'Users' })).toBeInTheDocument();
    expect(screen.getByText(users[0]!.name)).toBeInTheDocument();

    failLists(() => rejection(401));
    await queryClient.refetchQueries();
    expect(await screen.findByRole('heading', { name: 'Admin Login' })).toBeInTheDocument();
    expect(localStorage.getItem('authToken')).toBeNull();
  });
});
