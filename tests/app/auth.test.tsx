import { screen, waitFor } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '../mocks/server';
import { renderApp } from '../utils/render';
import { allowConsoleError } from './setup';

describe('login screen', () => {
  it('redirects a logged-out visitor to /login and remembers the wanted route', async () => {
    const { router } = renderApp('/users', { loggedIn: false });
    expect(await screen.findByRole('heading', { name: 'Admin Login' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.search).toEqual({ redirect: '/users' });
  });

  it('shows the fields with their placeholders, and Logging in... while pending', async () => {
    server.use(
      http.post('/api/users/login-admin', async () => {
        await delay(200);
        return HttpResponse.json({ success: true, data: { authToken: 't', userData: { _id: 'a', name: 'A', email: 'a@b.co', isVerified: true, createdAt: '2026-01-01T00:00:00.000Z', role: 'admin' } } });
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
  });

  it('a failed login shows the server message and stays on /login', async () => {
    allowConsoleError();
    server.use(http.post('/api/users/login-admin', () => HttpResponse.json({ success: false, message: 'Invalid email or password', showMessage: true }, { status: 401 })));
    const { user, router } = renderApp('/login', { loggedIn: false });
    await user.type(await screen.findByPlaceholderText('Enter your email'), 'admin@coursedesk.dev');
    await user.type(screen.getByPlaceholderText('Enter your password'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Login' })).toBeEnabled());
    expect(router.state.location.pathname).toBe('/login');
    expect(localStorage.getItem('authToken')).toBeNull();
  });

  it('a logged-in admin opening /login goes to /', async () => {
    const { router } = renderApp('/login');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });
});
