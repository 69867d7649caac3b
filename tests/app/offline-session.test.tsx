import { onlineManager } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import { set, createStore } from 'idb-keyval';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { auth } from '@/app/features/auth/auth-store';
import { coursesQuery } from '@/app/features/courses/api/get-courses';
import { usersQuery } from '@/app/features/users/api/get-users';
import { startCachePersistence, stopCachePersistence } from '@/app/lib/cache-persistence';
import { clearPersistedCaches, createIdbPersister } from '@/app/lib/idb-persister';
import { createQueryClient } from '@/app/lib/query-client';
import type { User } from '@/shared/schemas';
import { adminUser, users } from '../mocks/fixtures';
import { server } from '../mocks/server';
import { renderApp } from '../utils/render';
import { allowConsoleError } from './setup';

/** Long enough for a cache change to reach IndexedDB (fake-indexeddb). */
const SETTLE_MS = 500;

afterEach(async () => {
  onlineManager.setOnline(true);
  stopCachePersistence();
  await clearPersistedCaches();
});

const saved = async (adminId: string) =>
  (await createIdbPersister(`admin:${adminId}`).restoreClient())?.clientState.queries ?? [];
const savedUsers = async (adminId: string) =>
  (await saved(adminId)).find((q) => q.queryKey[0] === 'users')?.state.data as unknown[] | undefined;

describe('the offline cache', () => {
  it('keeps a saved list when a refresh fails offline, so the next offline start still has it', async () => {
    const qc = createQueryClient();
    await startCachePersistence(qc, 'admin-1');
    await qc.fetchQuery(usersQuery);
    await waitFor(async () => expect(await savedUsers('admin-1')).toHaveLength(users.length), {
      timeout: SETTLE_MS * 4,
    });

    server.use(http.get('/api/users', () => HttpResponse.error()));
    onlineManager.setOnline(false);
    await expect(qc.fetchQuery({ ...usersQuery, staleTime: 0 })).rejects.toMatchObject({ kind: 'network' });
    expect(qc.getQueryState(usersQuery.queryKey)?.status).toBe('error');
    // Another list then loads and is saved: the users list, in error but with data, is saved with it.
    await qc.fetchQuery(coursesQuery);
    await waitFor(async () => expect((await saved('admin-1')).some((q) => q.queryKey[0] === 'courses')).toBe(true), {
      timeout: SETTLE_MS * 4,
    });
    expect(await savedUsers('admin-1')).toHaveLength(users.length);
  });

  it('writes once per change of a saved list, not on every step of a fetch or a mutation', async () => {
    const qc = createQueryClient();
    await startCachePersistence(qc, 'admin-1');
    const put = vi.spyOn(IDBObjectStore.prototype, 'put');
    await qc.fetchQuery(usersQuery);
    await waitFor(() => expect(put).toHaveBeenCalledTimes(1));
    // An approve-like mutation: added, pending, success, and the server's copy set into the list.
    await qc
      .getMutationCache()
      .build(qc, {
        mutationFn: async () => users[0]!,
        onSuccess: (u) => qc.setQueryData(usersQuery.queryKey, (old) => old?.map((x) => (x._id === u._id ? u : x))),
      })
      .execute(undefined);
    await new Promise((r) => setTimeout(r, SETTLE_MS));
    expect(put).toHaveBeenCalledTimes(2);
  });

  it('a restore that finishes after its session ended leaves nothing in memory, and saves nothing', async () => {
    const store = createStore('coursedesk', 'query-cache');
    const qc = createQueryClient();
    await startCachePersistence(qc, 'admin-a');
    await qc.fetchQuery(usersQuery);
    await waitFor(async () => expect(await savedUsers('admin-a')).toHaveLength(users.length), {
      timeout: SETTLE_MS * 4,
    });
    const entry = await createIdbPersister('admin:admin-a').restoreClient();
    stopCachePersistence();

    const fresh = createQueryClient();
    const restoring = startCachePersistence(fresh, 'admin-a');
    stopCachePersistence(); // the start-up token check said 401 while IndexedDB was being read
    await restoring;
    expect(fresh.getQueryData(usersQuery.queryKey)).toBeUndefined();
    // Nothing subscribed: a later cache change writes nothing back.
    await set('admin:admin-a', { ...entry!, timestamp: 1 }, store);
    fresh.setQueryData(usersQuery.queryKey, []);
    await new Promise((r) => setTimeout(r, SETTLE_MS));
    expect((await createIdbPersister('admin:admin-a').restoreClient())?.timestamp).toBe(1);
  });
});

describe('the session across tabs and connections', () => {
  it('a logout in another tab takes this tab to the login, remembering the screen', async () => {
    const { router } = renderApp('/users');
    expect(await screen.findByRole('heading', { name: 'Users' })).toBeInTheDocument();
    localStorage.removeItem('authToken');
    localStorage.removeItem('userData');
    window.dispatchEvent(new StorageEvent('storage', { key: 'authToken', oldValue: 'test-token', newValue: null }));
    expect(await screen.findByRole('heading', { name: 'Admin Login' })).toBeInTheDocument();
    expect(router.state.location.search).toEqual({ redirect: '/users' });
  });

  /** The other tab's logout: localStorage.clear() there, one storage event (key null) here. */
  function otherTabLogsOut() {
    localStorage.clear();
    window.dispatchEvent(new StorageEvent('storage', { key: null }));
  }
  /** The other tab's login: authToken is written, then userData, and this tab may see the first alone. */
  function otherTabLogsIn(token: string, admin: User) {
    localStorage.setItem('authToken', token);
    window.dispatchEvent(new StorageEvent('storage', { key: 'authToken', newValue: token }));
    localStorage.setItem('userData', JSON.stringify(admin));
    window.dispatchEvent(new StorageEvent('storage', { key: 'userData', newValue: JSON.stringify(admin) }));
  }
  const secondAdmin: User = {
    ...adminUser,
    _id: '00000000-0000-4000-8000-000000000002',
    name: 'Second Admin',
    email: 'second@coursedesk.dev',
  };
  /** The lists as each session reads them: the second one reads them later, with one more user. */
  const newcomer: User = { ...users[0]!, _id: '10000000-0000-4000-8000-0000000000ff', name: 'Nadia Newcomer' };
  const usersPerSession = () =>
    server.use(
      http.get('/api/users', ({ request }) =>
        HttpResponse.json({
          success: true,
          users: request.headers.get('authorization') === 'Bearer second-token' ? [newcomer, ...users] : users,
        }),
      ),
    );

  it("after a logout and a new login in another tab, this tab follows: the new admin's session and lists", async () => {
    usersPerSession();
    const { router } = renderApp('/users');
    expect(await screen.findByText(users[0]!.name)).toBeInTheDocument();

    otherTabLogsOut();
    expect(await screen.findByRole('heading', { name: 'Admin Login' })).toBeInTheDocument();
    otherTabLogsIn('second-token', secondAdmin);
    expect(await screen.findByText('Nadia Newcomer')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/users'); // back where this tab was
    expect(auth.get()).toMatchObject({ token: 'second-token', user: { _id: secondAdmin._id } });
    await waitFor(async () => expect(await savedUsers(secondAdmin._id)).toHaveLength(users.length + 1), {
      timeout: SETTLE_MS * 4,
    });
    expect(await savedUsers(adminUser._id)).toBeUndefined();
  });

  it('a session replaced in another tab before this tab saw the logout: the screen on show gets the new lists', async () => {
    usersPerSession();
    const { router } = renderApp('/users');
    expect(await screen.findByText(users[0]!.name)).toBeInTheDocument();

    otherTabLogsOut();
    otherTabLogsIn('second-token', secondAdmin);
    expect(await screen.findByText('Nadia Newcomer')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/users');
    expect(auth.get()).toMatchObject({ token: 'second-token', user: { _id: secondAdmin._id } });
  });

  it("a 401 to a call sent before another tab's new login does not end the new session", async () => {
    allowConsoleError();
    let reached = false;
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    server.use(
      http.delete('/api/users/:id', async () => {
        reached = true;
        await answered;
        return HttpResponse.json(
          {
            success: false,
            message: 'Please log in again: your session is missing, expired or was logged out.',
            showMessage: true,
          },
          { status: 401 },
        );
      }),
    );
    const { user } = renderApp('/users');
    await user.click(await screen.findByRole('button', { name: `Delete user ${users[0]!.name}` }));
    await user.click(await screen.findByRole('button', { name: 'Yes, delete it!' }));
    await waitFor(() => expect(reached).toBe(true));

    otherTabLogsOut();
    otherTabLogsIn('second-token', secondAdmin);
    await waitFor(() => expect(auth.get().token).toBe('second-token'));
    answer(); // the old session's rejection arrives now
    expect(await screen.findByText('Failed to delete the user.')).toBeInTheDocument();
    expect(auth.get()).toMatchObject({ token: 'second-token', user: { _id: secondAdmin._id } });
    expect(localStorage.getItem('authToken')).toBe('second-token');
    expect(screen.queryByRole('heading', { name: 'Admin Login', hidden: true })).not.toBeInTheDocument();
  });

  it('a delete confirmed after the connection dropped sends nothing and says why', async () => {
    const deleted: string[] = [];
    server.use(
      http.delete('/api/users/:id', ({ params }) => {
        deleted.push(String(params.id));
        return HttpResponse.json({ success: true, message: 'The user has been deleted.', showMessage: true });
      }),
    );
    const { user } = renderApp('/users');
    await user.click(await screen.findByRole('button', { name: `Delete user ${users[0]!.name}` }));
    expect(await screen.findByRole('heading', { name: 'Are you sure?' })).toBeInTheDocument();
    onlineManager.setOnline(false);
    await user.click(screen.getByRole('button', { name: 'Yes, delete it!' }));
    expect(await screen.findByText('You are offline. Changes need a connection.')).toBeInTheDocument();
    expect(deleted).toEqual([]);
  });

  it('Reload Data that gets no answer says so', async () => {
    allowConsoleError();
    const { user } = renderApp('/users');
    expect(await screen.findByRole('heading', { name: 'Users' })).toBeInTheDocument();
    server.use(http.get('/api/users', () => HttpResponse.error()));
    await user.click(screen.getByRole('button', { name: 'Reload Data' }));
    expect(
      await screen.findByText('No response from the server. Please check your network connection.'),
    ).toBeInTheDocument();
  });
});
