import { http, HttpResponse } from 'msw';
import { adminUser, batches, courses, enrollments, services, users } from './fixtures';

/** The public site's address the test server is configured with (SITE_URL). */
export const SITE_URL = 'https://coursedesk.example';

/** Default replies for the session and the five lists; tests override with server.use(). */
export const handlers = [
  http.post('/api/users/login-admin', () =>
    HttpResponse.json({ success: true, data: { authToken: 'test-token', userData: adminUser } }),
  ),
  http.get('/api/users/login-by-token', () =>
    HttpResponse.json({ success: true, data: { authToken: 'test-token', userData: adminUser } }),
  ),
  http.post('/api/users/logout', () => HttpResponse.json({ success: true })),
  http.get('/api/users', () => HttpResponse.json({ success: true, users })),
  http.get('/api/courses', () => HttpResponse.json({ success: true, data: courses })),
  http.get('/api/enrollments', () => HttpResponse.json({ success: true, data: enrollments })),
  // The server lists batches oldest first.
  http.get('/api/batches', () => HttpResponse.json({ success: true, batches: [...batches].reverse() })),
  http.get('/api/services', () => HttpResponse.json({ success: true, data: services })),
  http.get('/api/config', () => HttpResponse.json({ success: true, data: { siteUrl: SITE_URL } })),
];
