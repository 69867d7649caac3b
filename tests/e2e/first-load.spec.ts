import { expect, test } from '@playwright/test';
import { firstLoads, INITIAL_JS_BUDGET_KB } from '../utils/initial-js';
import { DEMO } from './helpers';

// A size, not a timing: the gzip JavaScript a fresh browser (no cache, no service worker yet) loads before the
// screen can be used. The bench prints the same figures (`BENCH_PHASES=demo npm run bench:app`).
test(`the first load of /login and of /users stays under ${INITIAL_JS_BUDGET_KB} KB of gzip JavaScript`, async ({
  browser,
  request,
  baseURL,
}) => {
  const session = (await (await request.post('/api/users/login-admin', { data: DEMO })).json()).data;
  const { login, users } = await firstLoads(browser, baseURL!, session);

  expect(login.gzip / 1024, '/login').toBeLessThan(INITIAL_JS_BUDGET_KB);
  expect(users.gzip / 1024, '/users').toBeLessThan(INITIAL_JS_BUDGET_KB);
});
