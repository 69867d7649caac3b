import { onlineManager } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { auth } from '@/app/features/auth/auth-store';
import type { User } from '@/shared/schemas';
import { adminUser, users } from '../mocks/fixtures';
import { acceptDeletes, failure } from '../mocks/replies';
import { server } from '../mocks/server';
import { syncReplyTo } from '../mocks/sync-api';
import { deviceCopy } from '../utils/device-copy';
import { renderApp } from '../utils/render';
import { allowConsoleError } from './setup';

afterEach(() => onlineManager.setOnline(true));

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
      http.get('/api/sync', ({ request }) => {
        const reply = syncReplyTo(request);
        if (request.headers.get('authorization') === 'Bearer second-token' && reply.reset)
          reply.changes.users.upserts = [newcomer, ...users];
        return HttpResponse.json(reply);
      }),
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
    await waitFor(async () => expect((await deviceCopy(secondAdmin._id))?.rows.users).toHaveLength(users.length + 1));
    expect(await deviceCopy(adminUser._id)).toBeNull();
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
        return failure(401, 'Please log in again: your session is missing, expired or was logged out.');
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
    const deleted = acceptDeletes('/api/users/:id', 'The user has been deleted.');
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
    server.use(http.get('/api/sync', () => HttpResponse.error()));
    await user.click(screen.getByRole('button', { name: 'Reload Data' }));
    expect(
      await screen.findByText('No response from the server. Please check your network connection.'),
    ).toBeInTheDocument();
  });
});
