import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { ApiError, apiFetch, apiUrl, isAuthError } from '@/app/lib/api-client';
import { errorToastText } from '@/app/lib/api-feedback';
import { API_ROUTES } from '@/shared/api-routes';
import { server } from '../mocks/server';

describe('apiFetch', () => {
  it("an error reply's own message wins; without one the call's fallback failure message is used", async () => {
    server.use(
      http.get('/api/enrollments', () => HttpResponse.json({ success: false }, { status: 500 })),
      http.delete('/api/enrollments/:id', () =>
        HttpResponse.json({ success: false, message: 'Enrollment not found.' }, { status: 404 }),
      ),
    );
    await expect(apiFetch('/enrollments', { fallbackMessage: 'Failed to fetch enrollments' })).rejects.toMatchObject({
      kind: 'http',
      status: 500,
      message: 'Failed to fetch enrollments',
    });
    await expect(
      apiFetch('/enrollments/x', { method: 'DELETE', fallbackMessage: 'Failed to delete enrollment' }),
    ).rejects.toMatchObject({ message: 'Enrollment not found.' });
    await expect(apiFetch('/enrollments')).rejects.toMatchObject({ message: 'Request failed (500)' });
  });

  it("a route's URL comes from the contract, an id one segment of it: apiUrl encodes what would change the route", async () => {
    const id = '../users/x?y=1#z';
    expect(apiUrl(API_ROUTES.updateCard, { id })).toBe('/courses/..%2Fusers%2Fx%3Fy%3D1%23z/card');
    expect(apiUrl(API_ROUTES.sync, undefined, new URLSearchParams({ cursor: 'a b' }))).toBe('/sync?cursor=a+b');
    let seen = '';
    server.use(
      http.delete('/api/users/:id', ({ params }) => {
        seen = String(params.id);
        return HttpResponse.json({ success: true });
      }),
    );
    await apiFetch(apiUrl(API_ROUTES.deleteUser, { id: 'a/b c' }), { method: 'DELETE' });
    expect(seen).toBe('a/b c');
  });

  it('no reply at all is a network error', async () => {
    server.use(http.get('/api/enrollments', () => HttpResponse.error()));
    await expect(apiFetch('/enrollments')).rejects.toMatchObject({ kind: 'network', status: null });
  });

  it('a reply cut off halfway is no reply; a whole page that is not JSON is something else', async () => {
    server.use(
      http.get('/api/enrollments', () => {
        const body = new ReadableStream({
          start(controller) {
            controller.enqueue(new TextEncoder().encode('{"success":true,"da'));
            controller.error(new TypeError('network error'));
          },
        });
        return new HttpResponse(body, { headers: { 'content-type': 'application/json' } });
      }),
      http.get('/api/batches', () => HttpResponse.html('<h1>Sign in to the Wi-Fi</h1>')),
    );
    await expect(apiFetch('/enrollments')).rejects.toMatchObject({ kind: 'network' });
    await expect(apiFetch('/batches')).rejects.toMatchObject({ kind: 'unexpected', status: 200 });
  });

  it("only the API's own 401/403 is a rejection of the session, and it names the token it was sent with", async () => {
    localStorage.setItem('authToken', 'sent-token');
    server.use(
      http.get('/api/users', () => HttpResponse.json({ success: false, message: 'Log in again.' }, { status: 401 })),
      http.get('/api/courses', () => HttpResponse.html('<h1>Access denied</h1>', { status: 403 })),
      http.get('/api/services', () => HttpResponse.json({ message: 'Forbidden' }, { status: 403 })),
    );
    const [api, page, gateway] = await Promise.all(
      ['/users', '/courses', '/services'].map((path) => apiFetch(path).catch((err: unknown) => err)),
    );
    expect(isAuthError(api)).toBe(true);
    expect(api).toMatchObject({ token: 'sent-token' });
    expect(isAuthError(page)).toBe(false);
    expect(isAuthError(gateway)).toBe(false);
  });
});

describe('the generic reply handling', () => {
  it('an error reply with showMessage shows its message or the fallback; without showMessage, no toast', () => {
    expect(
      errorToastText(new ApiError('http', 409, { success: false, message: 'Taken.', showMessage: true }, 'Taken.')),
    ).toBe('Taken.');
    expect(errorToastText(new ApiError('http', 500, { success: false, showMessage: true }, 'x'))).toBe(
      'An error occurred. Please try again.',
    );
    expect(
      errorToastText(new ApiError('http', 404, { success: false, message: 'Not found.' }, 'Not found.')),
    ).toBeNull();
  });

  it('no response and anything else get their fixed sentences', () => {
    expect(errorToastText(new ApiError('network', null, null, 'x'))).toBe(
      'No response from the server. Please check your network connection.',
    );
    expect(errorToastText(new TypeError('boom'))).toBe('An unexpected error occurred. Please try again.');
    expect(errorToastText(new ApiError('unexpected', 502, null, 'x'))).toBe(
      'An unexpected error occurred. Please try again.',
    );
  });
});
