import { http, HttpResponse } from 'msw';
import { activityHandlers } from './activity-api';
import { adminUser } from './fixtures';
import { syncHandlers } from './sync-api';

/** The public site's address the test server is configured with (SITE_URL). */
export const SITE_URL = 'https://coursedesk.example';

/** Default replies for the session and the sync of the lists; tests override with server.use(). */
export const handlers = [
  http.post('/api/users/login-admin', () =>
    HttpResponse.json({ success: true, data: { authToken: 'test-token', userData: adminUser } }),
  ),
  http.get('/api/users/login-by-token', () =>
    HttpResponse.json({ success: true, data: { authToken: 'test-token', userData: adminUser } }),
  ),
  http.post('/api/users/logout', () => HttpResponse.json({ success: true })),
  ...syncHandlers,
  ...activityHandlers,
  http.get('/api/config', () => HttpResponse.json({ success: true, data: { siteUrl: SITE_URL } })),
];
