import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { ApiError, apiFetch } from '@/app/lib/api-client';
import { errorToastText } from '@/app/lib/api-feedback';
import { server } from '../mocks/server';

describe('apiFetch', () => {
  it("an error reply's own message wins; without one the call's fallback failure message is used (spec 8)", async () => {
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

  it('no reply at all is a network error', async () => {
    server.use(http.get('/api/enrollments', () => HttpResponse.error()));
    await expect(apiFetch('/enrollments')).rejects.toMatchObject({ kind: 'network', status: null });
  });
});

describe('the generic reply handling (spec 8)', () => {
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
