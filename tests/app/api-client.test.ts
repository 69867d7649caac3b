import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { apiFetch } from '../../src/app/lib/api-client';
import { server } from '../mocks/server';

describe('apiFetch', () => {
  it("an error reply's own message wins; without one the call's fallback failure message is used (spec 8)", async () => {
    server.use(
      http.get('/api/enrollments', () => HttpResponse.json({ success: false }, { status: 500 })),
      http.delete('/api/enrollments/:id', () => HttpResponse.json({ success: false, message: 'Enrollment not found.' }, { status: 404 })),
    );
    await expect(apiFetch('/enrollments', { fallbackMessage: 'Failed to fetch enrollments' })).rejects.toMatchObject({ kind: 'http', status: 500, message: 'Failed to fetch enrollments' });
    await expect(apiFetch('/enrollments/x', { method: 'DELETE', fallbackMessage: 'Failed to delete enrollment' })).rejects.toMatchObject({ message: 'Enrollment not found.' });
    await expect(apiFetch('/enrollments')).rejects.toMatchObject({ message: 'Request failed (500)' });
  });

  it('no reply at all is a network error', async () => {
    server.use(http.get('/api/enrollments', () => HttpResponse.error()));
    await expect(apiFetch('/enrollments')).rejects.toMatchObject({ kind: 'network', status: null });
  });
});
