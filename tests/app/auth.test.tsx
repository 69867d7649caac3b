import { fireEvent, screen, waitFor } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { restoreSession, stopTokenRecheck } from '@/app/features/auth/api/session';
import { auth } from '@/app/features/auth/auth-store';
import { createQueryClient } from '@/app/lib/query-client';
import { writeSession } from '@/app/lib/session-storage';
import { adminUser } from '../mocks/fixtures';
import { failure } from '../mocks/replies';
import { server } from '../mocks/server';
import { renderApp } from '../utils/render';
import { allowConsoleError } from './setup';

/** A successful login's reply, token `t`. */
const LOGIN_REPLY = {
  success: true,
  data: {
    authToken: 't',
    userData: {
      _id: 'a',
      name: 'A',
      email: 'a@b.co',
      isVerified: true,
      createdAt: '2026-01-01T00:00:00.000Z',
      role: 'admin',
    },
  },
};

describe('login screen', () => {
  it('redirects a logged-out visitor to /login and remembers the wanted route', async () => {
    const { router } = renderApp('/users', { loggedIn: false });
    expect(await screen.findByRole('heading', { name: 'Admin Login' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.search).toEqual({ redirect: '/users' });
  });

  it('loads the code of the screen the login goes to while the admin types, not after the Login click', async () => {
    const { user, router } = renderApp('/login?redirect=%2Fcourses', { loggedIn: false });
    const loads = vi.spyOn(router, 'loadRouteChunk');
    const email = await screen.findByPlaceholderText('Enter your email');
    expect(loads).not.toHaveBeenCalled();
    fireEvent.focus(email);
    // Not in the focus's own task: each chunk in a background task of its own, after it.
    expect(loads).not.toHaveBeenCalled();
    await waitFor(() =>
      expect(loads.mock.calls.map(([route]) => route.id)).toEqual(
        expect.arrayContaining(['/_authed', '/_authed/courses/']),
      ),
    );
    const loaded = loads.mock.calls.map(([route]) => route.id);
    // Once: the next fields' focus loads nothing again.
    await user.click(screen.getByPlaceholderText('Enter your password'));
    expect(loads.mock.calls.map(([route]) => route.id)).toEqual(loaded);
  });

  it('shows the fields with their placeholders, and Logging in... while pending', async () => {
    server.use(
      http.post('/api/users/login-admin', async () => {
        await delay(200);
        return HttpResponse.json(LOGIN_REPLY);
      }),
    );
    const { user, router } = renderApp('/login?redirect=%2Fcourses', { loggedIn: false });
    await user.type(await screen.findByPlaceholderText('Enter your email'), 'admin@coursedesk.dev');
    await user.type(screen.getByPlaceholderText('Enter your password'), 'secret');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByRole('button', { name: 'Logging in...' })).toBeDisabled();
    await waitFor(() => expect(router.state.location.pathname).toBe('/courses'));
    expect(localStorage.getItem('authToken')).toBe('t');
    expect(JSON.parse(localStorage.getItem('userData')!)).toMatchObject({ email: 'a@b.co' });
  });

  it('validates the email and password before calling the server', async () => {
    const { user } = renderApp('/login', { loggedIn: false });
    await user.click(await screen.findByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Email is required.')).toBeInTheDocument();
    expect(screen.getByText('Password is required.')).toBeInTheDocument();
    await user.type(screen.getByPlaceholderText('Enter your email'), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Enter a valid email address.')).toBeInTheDocument();
  });

  it('the login page has no sidebar, an email field and a password field with a show/hide toggle', async () => {
    const { user } = renderApp('/login', { loggedIn: false });
    const password = await screen.findByPlaceholderText('Enter your password');
    expect(screen.getByPlaceholderText('Enter your email')).toHaveAttribute('type', 'email');
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
    expect(screen.queryByText('Admin Panel')).not.toBeInTheDocument();
    expect(password).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: /show|toggle/i, hidden: true }));
    expect(password).toHaveAttribute('type', 'text');
  });

  it('a login from /login?redirect=/login goes to /, never back to the login', async () => {
    server.use(http.post('/api/users/login-admin', () => HttpResponse.json(LOGIN_REPLY)));
    const { user, router } = renderApp('/login?redirect=%2Flogin', { loggedIn: false });
    await user.type(await screen.findByPlaceholderText('Enter your email'), 'admin@coursedesk.dev');
    await user.type(screen.getByPlaceholderText('Enter your password'), 'secret');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('Logout asks with the spec texts; Cancel keeps the session', async () => {
    const { user } = renderApp('/');
    await user.click(await screen.findByRole('button', { name: 'Logout' }));
    expect(await screen.findByRole('heading', { name: 'Are you sure you want to logout?' })).toBeInTheDocument();
    expect(screen.getByText('You will be logged out of your account.')).toBeInTheDocument();
    // The dialog hides the page from assistive tech: its own Logout and Cancel are the buttons left.
    expect(screen.getByRole('button', { name: 'Logout' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() =>
      expect(screen.queryByRole('heading', { name: 'Are you sure you want to logout?' })).not.toBeInTheDocument(),
    );
    expect(localStorage.getItem('authToken')).toBe('test-token');
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
  });

  it('a failed login shows the server message, stays on /login and still remembers the wanted route', async () => {
    allowConsoleError();
    let attempts = 0;
    server.use(
      http.post('/api/users/login-admin', () =>
        ++attempts === 1 ? failure(401, 'Invalid email or password') : HttpResponse.json(LOGIN_REPLY),
      ),
    );
    const { user, router } = renderApp('/login?redirect=%2Fcourses', { loggedIn: false });
    await user.type(await screen.findByPlaceholderText('Enter your email'), 'admin@coursedesk.dev');
    await user.type(screen.getByPlaceholderText('Enter your password'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Invalid email or password')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Login' })).toBeEnabled());
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.search).toEqual({ redirect: '/courses' });
    expect(localStorage.getItem('authToken')).toBeNull();

    await user.clear(screen.getByPlaceholderText('Enter your password'));
    await user.type(screen.getByPlaceholderText('Enter your password'), 'right');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/courses'));
  });

  it("a 401 on a call ends the session with the server's sentence and opens the login, remembering the screen", async () => {
    allowConsoleError(); // the loader's failure is reported by the router's error boundary
    server.use(
      http.get('/api/sync', () =>
        failure(401, 'Please log in again: your session is missing, expired or was logged out.'),
      ),
    );
    const { router } = renderApp('/users');
    expect(await screen.findByRole('heading', { name: 'Admin Login' })).toBeInTheDocument();
    expect(
      await screen.findByText('Please log in again: your session is missing, expired or was logged out.'),
    ).toBeInTheDocument();
    expect(router.state.location.search).toEqual({ redirect: '/users' });
    expect(localStorage.getItem('authToken')).toBeNull();
  });

  it('a logged-in admin opening /login goes to /', async () => {
    const { router } = renderApp('/login');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });
});

describe('start-up token check', () => {
  afterEach(stopTokenRecheck); // an unclear answer leaves re-checks running
  const check = async () => {
    writeSession('stored-token', adminUser);
    auth.reload();
    const onLateRejection = vi.fn();
    await restoreSession(createQueryClient(), onLateRejection);
    return onLateRejection;
  };

  it('a server error keeps the session; only the rejection of the token logs out, silently', async () => {
    allowConsoleError();
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    server.use(
      http.get('/api/users/login-by-token', () =>
        failure(500, 'Something went wrong on the server. Please try again.'),
      ),
    );
    await check();
    expect(auth.isLogin).toBe(true);
    expect(localStorage.getItem('authToken')).toBe('stored-token');

    server.use(
      http.get('/api/users/login-by-token', () =>
        failure(401, 'Please log in again: your session is missing, expired or was logged out.'),
      ),
    );
    await check();
    expect(auth.isLogin).toBe(false);
    expect(localStorage.getItem('authToken')).toBeNull();
  });

  it('no answer keeps the session and the cached screens', async () => {
    allowConsoleError();
    server.use(http.get('/api/users/login-by-token', () => HttpResponse.error()));
    await check();
    expect(auth.isLogin).toBe(true);
    expect(localStorage.getItem('authToken')).toBe('stored-token');
  });

  it('a rejection that comes after the screens are shown takes the admin to the login', async () => {
    allowConsoleError();
    server.use(
      http.get('/api/users/login-by-token', async () => {
        await delay(3500);
        return failure(401, 'Please log in again.');
      }),
    );
    const onLateRejection = await check();
    // The start-up wait (3 s) is over: the cached session shows while the check goes on.
    expect(auth.isLogin).toBe(true);
    expect(onLateRejection).not.toHaveBeenCalled();
    await waitFor(() => expect(onLateRejection).toHaveBeenCalledOnce(), { timeout: 3000 });
    expect(auth.isLogin).toBe(false);
  });
});
