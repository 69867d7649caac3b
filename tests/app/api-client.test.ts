import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { ApiError, apiCall, apiCallAs, isAuthError, watchWrites } from '@/app/lib/api-client';
import { errorToastText } from '@/app/lib/api-feedback';
import { API_ROUTES } from '@/shared/api-routes';
import { server } from '../mocks/server';

describe('apiCall', () => {
  it("an error reply's own message wins; without one the call's fallback failure message is used", async () => {
    server.use(
      http.get('/api/enrollments', () => HttpResponse.json({ success: false }, { status: 500 })),
      http.delete('/api/enrollments/:id', () =>
        HttpResponse.json({ success: false, message: 'Enrollment not found.' }, { status: 404 }),
      ),
    );
    await expect(
      apiCall(API_ROUTES.enrollments, { fallbackMessage: 'Failed to fetch enrollments' }),
    ).rejects.toMatchObject({
      kind: 'http',
      status: 500,
      message: 'Failed to fetch enrollments',
    });
    await expect(
      apiCall(API_ROUTES.deleteEnrollment, { params: { id: 'x' }, fallbackMessage: 'Failed to delete enrollment' }),
    ).rejects.toMatchObject({ message: 'Enrollment not found.' });
    await expect(apiCall(API_ROUTES.enrollments)).rejects.toMatchObject({ message: 'Request failed (500)' });
  });

  it("a route's method and URL come from the contract, an id one segment of it: what would change the route is encoded", async () => {
    const seen: string[] = [];
    const ok = ({ request }: { request: Request }) => {
      const url = new URL(request.url);
      seen.push(`${request.method} ${url.pathname}${url.search}`);
      return HttpResponse.json({ success: true });
    };
    server.use(http.all('/api/*', ok));
    await apiCall(API_ROUTES.updateCard, { params: { id: '../users/x?y=1#z' }, body: {} });
    await apiCall(API_ROUTES.deleteUser, { params: { id: 'a/b c' } });
    await apiCallAs('token', API_ROUTES.sync, { query: new URLSearchParams({ cursor: 'a b' }) });
    expect(seen).toEqual([
      'PUT /api/courses/..%2Fusers%2Fx%3Fy%3D1%23z/card',
      'DELETE /api/users/a%2Fb%20c',
      'GET /api/sync?cursor=a+b',
    ]);
  });

  it('marks each write for the sync until its reply is in hand, and no read', async () => {
    const told: string[] = [];
    watchWrites(() => {
      told.push('sent');
      return () => told.push('answered');
    });
    server.use(http.all('/api/*', () => HttpResponse.json({ success: true })));
    try {
      await apiCall(API_ROUTES.users);
      expect(told).toEqual([]);
      await apiCall(API_ROUTES.verifyService, { params: { id: 'x' } });
      expect(told).toEqual(['sent', 'answered']);
    } finally {
      watchWrites(null);
    }
  });

  it('takes no method nor URL of its own: only a declared route, with the params its path names', () => {
    // Only compiled (tsc checks the tests): each line below fails to compile without its directive.
    const never = () => {
      // @ts-expect-error a method is the route's, never the request's
      void apiCall(API_ROUTES.users, { method: 'DELETE' });
      // @ts-expect-error a path is not a route
      void apiCall('/users');
      // @ts-expect-error a route made on the spot is not a declared one
      void apiCall({ method: 'DELETE', path: '/api/everything' });
      // @ts-expect-error a route's params are not optional
      void apiCall(API_ROUTES.deleteUser, { body: {} });
      // @ts-expect-error nor given to a route that names none
      void apiCall(API_ROUTES.users, { params: { id: 'x' } });
      // @ts-expect-error the token-given call only reads
      void apiCallAs('token', API_ROUTES.deleteUser, { params: { id: 'x' } });
    };
    expect(never).toBeTypeOf('function');
  });

  it('no reply at all is a network error', async () => {
    server.use(http.get('/api/enrollments', () => HttpResponse.error()));
    await expect(apiCall(API_ROUTES.enrollments)).rejects.toMatchObject({ kind: 'network', status: null });
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
    await expect(apiCall(API_ROUTES.enrollments)).rejects.toMatchObject({ kind: 'network' });
    await expect(apiCall(API_ROUTES.batches)).rejects.toMatchObject({ kind: 'unexpected', status: 200 });
  });

  it("only the API's own 401/403 is a rejection of the session, and it names the token it was sent with", async () => {
    localStorage.setItem('authToken', 'sent-token');
    server.use(
      http.get('/api/users', () => HttpResponse.json({ success: false, message: 'Log in again.' }, { status: 401 })),
      http.get('/api/courses', () => HttpResponse.html('<h1>Access denied</h1>', { status: 403 })),
      http.get('/api/services', () => HttpResponse.json({ message: 'Forbidden' }, { status: 403 })),
    );
    const [api, page, gateway] = await Promise.all(
      [API_ROUTES.users, API_ROUTES.courses, API_ROUTES.services].map((route) =>
        apiCall(route).catch((err: unknown) => err),
      ),
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
