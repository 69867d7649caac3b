import { expect, test } from '@playwright/test';
import { INITIAL_JS_BUDGET_KB, initialJs } from '../utils/initial-js';
import { DEMO } from './helpers';

// A size, not a timing: the gzip JavaScript a fresh browser (no cache, no service worker yet) loads before the
// screen can be used. The bench prints the same figures (`BENCH_PHASES=demo npm run bench:app`).
test(`the first load of /login and of /users stays under ${INITIAL_JS_BUDGET_KB} KB of gzip JavaScript`, async ({
  browser,
  request,
  baseURL,
}) => {
  const guest = await browser.newContext({ baseURL });
  const login = await initialJs(guest, '/login', (p) => p.getByRole('button', { name: 'Login' }).waitFor());

  const session = (await (await request.post('/api/users/login-admin', { data: DEMO })).json()).data;
  const admin = await browser.newContext({ baseURL });
  await admin.addInitScript((s) => {
    localStorage.setItem('authToken', s.authToken);
    localStorage.setItem('userData', JSON.stringify(s.userData));
  }, session);
  const users = await initialJs(admin, '/users', (p) => p.locator('tbody tr[data-index]').first().waitFor());
  await Promise.all([guest.close(), admin.close()]);

  expect(login.gzip / 1024, '/login').toBeLessThan(INITIAL_JS_BUDGET_KB);
  expect(users.gzip / 1024, '/users').toBeLessThan(INITIAL_JS_BUDGET_KB);
});
