import { createHash } from 'node:crypto';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { adminUser } from '../mocks/fixtures';
import { failure, success } from '../mocks/replies';
import { server } from '../mocks/server';
import { renderApp } from '../utils/render';
import { allowConsoleError } from './setup';

const SIGNED_IN = { authToken: 'token-2fa', userData: adminUser };
const SETUP = { secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP', otpauthUri: 'otpauth://totp/x', qrSvg: '<svg></svg>' };
const CODES = Array.from({ length: 10 }, (_, i) => `abcde-fgh${i}k`);

/** Answers login-admin with a challenge, and records what the code step sends. */
function challengeOn(twoFactor: 'code' | 'enrol', reply: object) {
  const sent: unknown[] = [];
  server.use(
    http.post('/api/users/login-admin', () =>
      HttpResponse.json({ success: true, data: { twoFactor, challenge: 'ch-1' } }),
    ),
    http.post('/api/users/login-2fa/setup', () => HttpResponse.json({ success: true, data: SETUP })),
    http.post('/api/users/login-2fa', async ({ request }) => {
      sent.push(await request.json());
      return sent.length === 1 && twoFactor === 'code'
        ? failure(401, 'That code is not right. Check that your phone’s clock is correct, or use a recovery code.')
        : HttpResponse.json({ success: true, data: reply });
    }),
  );
  return sent;
}

async function typePassword(user: ReturnType<typeof renderApp>['user']) {
  await user.type(await screen.findByPlaceholderText('Enter your email'), 'admin@coursedesk.dev');
  await user.type(screen.getByPlaceholderText('Enter your password'), 'secret');
  await user.click(screen.getByRole('button', { name: 'Login' }));
}

describe('sign-in with two-factor', () => {
  it('asks for the code after the password; a wrong code says so, the right one signs in', async () => {
    allowConsoleError();
    const sent = challengeOn('code', SIGNED_IN);
    const { user, router } = renderApp('/login?redirect=%2Fcourses', { loggedIn: false });
    await typePassword(user);
    expect(await screen.findByRole('heading', { name: 'Two-factor sign-in' })).toBeInTheDocument();
    expect(screen.getByText('Lost your phone? Enter one of your recovery codes instead.')).toBeInTheDocument();
    expect(localStorage.getItem('authToken')).toBeNull();
    const field = screen.getByLabelText(/Code from the app or a recovery code/);
    await user.type(field, '111111');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(
      await screen.findByText(
        'That code is not right. Check that your phone’s clock is correct, or use a recovery code.',
      ),
    ).toBeInTheDocument();
    await user.clear(field);
    await user.type(field, '222222');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/courses'));
    expect(sent).toEqual([
      { challenge: 'ch-1', code: '111111' },
      { challenge: 'ch-1', code: '222222' },
    ]);
    expect(localStorage.getItem('authToken')).toBe('token-2fa');
  });

  it('Back to password returns to the password form with the email kept', async () => {
    challengeOn('code', SIGNED_IN);
    const { user } = renderApp('/login', { loggedIn: false });
    await typePassword(user);
    await user.click(await screen.findByRole('button', { name: 'Back to password' }));
    expect(await screen.findByPlaceholderText('Enter your email')).toHaveValue('admin@coursedesk.dev');
  });

  it('with REQUIRE_2FA and no key: the key first, then the recovery codes, then the session', async () => {
    const sent = challengeOn('enrol', { ...SIGNED_IN, recoveryCodes: CODES });
    const { user, router } = renderApp('/login?redirect=%2Fusers', { loggedIn: false });
    await typePassword(user);
    expect(
      await screen.findByText('This server requires two-factor sign-in. Set it up now to continue.'),
    ).toBeVisible();
    expect(await screen.findByRole('img', { name: 'QR code of the key for your authenticator app' })).toBeVisible();
    expect(screen.getByText('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP')).toBeVisible();
    await user.type(screen.getByLabelText(/Code from the app/), '123456');
    await user.click(screen.getByRole('button', { name: 'Turn on and sign in' }));
    const list = await screen.findByRole('list', { name: 'Your recovery codes' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(CODES);
    // The session waits until the codes are seen.
    expect(localStorage.getItem('authToken')).toBeNull();
    expect(router.state.location.pathname).toBe('/login');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/users'));
    expect(localStorage.getItem('authToken')).toBe('token-2fa');
    expect(sent).toEqual([{ challenge: 'ch-1', code: '123456' }]);
  });
});

describe('the Two-factor sign-in screen', () => {
  it('sets it up with the QR code and the key, shows the ten codes once, then says it is on', async () => {
    let enabled = false;
    server.use(
      http.get('/api/account/two-factor', () =>
        HttpResponse.json({ success: true, data: { enabled, required: false, recoveryCodesLeft: enabled ? 10 : 0 } }),
      ),
      http.post('/api/account/two-factor/setup', () => HttpResponse.json({ success: true, data: SETUP })),
      http.post('/api/account/two-factor/enable', async ({ request }) => {
        expect(await request.json()).toEqual({ code: '654321' });
        enabled = true;
        return success('Two-factor sign-in is on.', { recoveryCodes: CODES });
      }),
    );
    const { user } = renderApp('/account/two-factor');
    expect(await screen.findByText(/Two-factor sign-in is off\./)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Set up two-factor sign-in' }));
    expect(await screen.findByRole('img', { name: 'QR code of the key for your authenticator app' })).toBeVisible();
    await user.type(screen.getByLabelText(/Code from the app/), '654321');
    await user.click(screen.getByRole('button', { name: 'Turn on' }));
    expect(await screen.findAllByText('Two-factor sign-in is on.')).not.toHaveLength(0);
    expect(within(screen.getByRole('list', { name: 'Your recovery codes' })).getAllByRole('listitem')).toHaveLength(10);
    await user.click(screen.getByRole('button', { name: 'I have saved them' }));
    expect(await screen.findByText('Recovery codes left: 10 of 10.')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Your recovery codes' })).not.toBeInTheDocument();
  });

  it('turns it off with a code; a wrong code leaves it on', async () => {
    allowConsoleError();
    let enabled = true;
    server.use(
      http.get('/api/account/two-factor', () =>
        HttpResponse.json({ success: true, data: { enabled, required: false, recoveryCodesLeft: 7 } }),
      ),
      http.post('/api/account/two-factor/disable', async ({ request }) => {
        const { code } = (await request.json()) as { code: string };
        if (code !== 'abcde-fghjk') return failure(400, 'That code is not right.', { code: 'That code is not right.' });
        enabled = false;
        return success('Two-factor sign-in is off.', undefined);
      }),
    );
    const { user } = renderApp('/account/two-factor');
    expect(await screen.findByText('Recovery codes left: 7 of 10.')).toBeInTheDocument();
    const [, offField] = screen.getAllByLabelText(/Code from the app or a recovery code/);
    await user.type(offField!, '000000');
    await user.click(screen.getByRole('button', { name: 'Turn off' }));
    expect(await screen.findByText('That code is not right.')).toBeInTheDocument();
    await user.clear(offField!);
    await user.type(offField!, 'abcde-fghjk');
    await user.click(screen.getByRole('button', { name: 'Turn off' }));
    expect(await screen.findByRole('button', { name: 'Set up two-factor sign-in' })).toBeInTheDocument();
  });
});

describe('the Sessions screen', () => {
  const LIST = [
    {
      _id: 's1',
      userAgent: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 Chrome/131.0 Safari/537.36',
      ip: '198.51.100.20',
      startedAt: '2026-11-20T09:00:00.000Z',
      lastUsedAt: '2026-11-27T09:00:00.000Z',
      current: true,
    },
    {
      _id: 's2',
      userAgent: 'Mozilla/5.0 (Android 14; Mobile; rv:133.0) Gecko/133.0 Firefox/133.0',
      ip: '203.0.113.5',
      startedAt: '2026-11-21T09:00:00.000Z',
      lastUsedAt: '2026-11-22T09:00:00.000Z',
      current: false,
    },
  ];

  it('lists each device with its address and times, this one marked; ends another after a confirmation', async () => {
    let list = LIST;
    const ended: string[] = [];
    server.use(
      http.get('/api/account/sessions', () =>
        HttpResponse.json({ success: true, data: list, idleDays: 7, maxDays: 30 }),
      ),
      http.delete('/api/account/sessions/:id', ({ params }) => {
        ended.push(String(params.id));
        list = list.filter((x) => x._id !== params.id);
        return success('Session ended.', undefined);
      }),
    );
    const { user } = renderApp('/account/sessions');
    expect(await screen.findByText('Chrome on macOS')).toBeInTheDocument();
    expect(screen.getByText('This device')).toBeInTheDocument();
    expect(screen.getByText('Firefox on Android')).toBeInTheDocument();
    expect(screen.getByText('203.0.113.5')).toBeInTheDocument();
    expect(
      screen.getByText(
        'Every device signed in to your account. A session ends after 7 days without use, or 30 days after its sign-in; end any you do not recognise.',
      ),
    ).toBeInTheDocument();
    // This device has no End button; the other has.
    expect(screen.getAllByRole('button', { name: /^End the session of/ })).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'End the session of Firefox on Android' }));
    expect(await screen.findByRole('heading', { name: 'End this session?' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'End' }));
    expect(await screen.findByText('Session ended.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Firefox on Android')).not.toBeInTheDocument());
    expect(ended).toEqual(['s2']);
    expect(screen.getByRole('button', { name: 'End all other sessions' })).toBeDisabled();
  });
});

describe('a logout made offline', () => {
  it('keeps only the token hash on the device, and sends it when the browser is back online', async () => {
    allowConsoleError();
    const revoked: unknown[] = [];
    server.use(
      http.post('/api/users/logout', () => HttpResponse.error()),
      http.post('/api/users/logout-offline', async ({ request }) => {
        revoked.push(await request.json());
        return HttpResponse.json({ success: true });
      }),
    );
    const { user } = renderApp('/');
    await user.click(await screen.findByRole('button', { name: 'Logout' }));
    await user.click(await screen.findByRole('button', { name: 'Logout' }));
    expect(await screen.findByRole('heading', { name: 'Admin Login' })).toBeInTheDocument();
    const hash = createHash('sha256').update('test-token').digest('hex');
    await waitFor(() => expect(localStorage.getItem('pendingLogouts')).toBe(JSON.stringify([hash])));
    expect(localStorage.getItem('authToken')).toBeNull();
    expect(localStorage.getItem('userData')).toBeNull();
    expect(JSON.stringify({ ...localStorage })).not.toContain('test-token');

    window.dispatchEvent(new Event('online'));
    await waitFor(() => expect(revoked).toEqual([{ tokenHashes: [hash] }]));
    await waitFor(() => expect(localStorage.getItem('pendingLogouts')).toBeNull());
  });
});
