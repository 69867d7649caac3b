import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '@/server/app';
import { loadConfig } from '@/server/config';
import { openDatabase, rows, type Db } from '@/server/db/client';
import { activity } from '@/server/db/schema';
import { pruneActivity } from '@/server/repositories/activity-repo';
import { COURSE_ITEM_KIND_NAMES, COURSE_ITEM_KINDS, type Activity, type Course } from '@/shared/schemas';
import { ADMIN, createTestServer, testConfig, type TestServer } from '../utils/build-server';
import { ITEM_EXAMPLES } from '../utils/course-items';
import { EMPTY_COURSE_DETAILS } from '../utils/course-page';
import { makeBatch, makeCourse, makeEnrollment, makeService, makeUser, UNKNOWN_ID } from '../utils/factories';
import { pull, pullAll, serverLists, SyncCopy, wholeActivityLog } from '../utils/sync-client';

/** The activity log (migration 0004): every write through the API, through the real routes. */
let s: TestServer;
let adminId = '';
beforeAll(async () => {
  s = await createTestServer();
  adminId = (await s.api({ method: 'GET', url: '/api/users/login-by-token' })).json().data.userData._id;
});
afterAll(() => s.close());

/** The log as GET /api/activity gives it, newest first. */
async function log(): Promise<Activity[]> {
  return (await wholeActivityLog((url) => s.api({ method: 'GET', url }))) as Activity[];
}

/** What `write` added to the log, oldest first; and its reply. */
async function logged(write: () => Promise<{ statusCode: number; body: string }>, status?: number) {
  const before = new Set((await log()).map((a) => a._id));
  const res = await write();
  if (status !== undefined) expect(res.statusCode, res.body).toBe(status);
  const added = (await log()).filter((a) => !before.has(a._id)).reverse();
  return { added, res };
}

const api = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: object) => () =>
  s.api({ method, url, ...(payload ? { payload } : {}) });

describe('writes', () => {
  it('an approval names the admin, the action, the record, a summary and the changed fields before and after', async () => {
    const user = await makeUser(s.db, { name: 'Ann Lee', email: 'ann@test.dev' });
    const course = await makeCourse(s.db, { title: 'Rust' });
    const e = await makeEnrollment(s.db, { userId: user.id, courseId: course.id, userName: 'Ann Lee' });
    const { added } = await logged(api('PUT', `/api/enrollments/approve/${e.id}`), 200);
    expect(added).toHaveLength(1);
    const [a] = added;
    expect(a).toMatchObject({
      adminId,
      adminEmail: ADMIN.email,
      action: 'approve',
      kind: 'enrollment',
      recordId: e.id,
      recordName: `Ann Lee (${e.userEmail}) · ${e.courseTitle}`,
      summary: `Approved enrollment: Ann Lee (${e.userEmail}) · ${e.courseTitle}`,
      before: { is_verified: false, verified_at: null },
    });
    expect(Object.keys(a!.after!).sort()).toEqual(['is_verified', 'verified_at']);
    expect(Date.parse(a!.createdAt)).toBeGreaterThan(Date.now() - 60_000);

    const again = await logged(api('PUT', `/api/enrollments/dis-approve/${e.id}`), 200);
    expect(again.added.map((x) => [x.action, x.before?.is_verified, x.after?.is_verified])).toEqual([
      ['disapprove', true, false],
    ]);
  });

  it('a deleted enrollment or purchase keeps its last state, money included, in the log', async () => {
    const e = await makeEnrollment(s.db, { amount: '49.90', currency: 'USD', transactionId: 'tx_e1' });
    const { added } = await logged(api('DELETE', `/api/enrollments/${e.id}`), 200);
    expect(added).toMatchObject([{ action: 'delete', kind: 'enrollment', recordId: e.id, after: null }]);
    expect(added[0]!.before).toMatchObject({ amount: 49.9, currency: 'USD', transaction_id: 'tx_e1' });

    const p = await makeService(s.db, { amount: '150.50', currency: 'EUR', title: 'SEO Audit' });
    const gone = await logged(api('DELETE', `/api/services/${p.id}`), 200);
    expect(gone.added).toMatchObject([
      {
        action: 'delete',
        kind: 'service',
        recordId: p.id,
        before: { amount: 150.5, currency: 'EUR', title: 'SEO Audit' },
      },
    ]);
    expect(gone.added[0]!.summary).toMatch(/^Deleted service purchase: .* · SEO Audit$/);
  });

  it('a refused or failed write leaves no entry: the entry is in the same transaction', async () => {
    expect((await logged(api('PUT', `/api/enrollments/approve/${UNKNOWN_ID}`), 404)).added).toEqual([]);
    const taken = await makeCourse(s.db, { slug: 'taken-slug' });
    const c = await makeCourse(s.db);
    const page = {
      title: 'T',
      description: 'D',
      slug: taken.slug,
      price: 1,
      discountPrice: null,
      courseDetails: EMPTY_COURSE_DETAILS,
    };
    expect((await logged(api('PUT', `/api/courses/${c.id}/pageData`, page), 409)).added).toEqual([]);
    // The same transaction goes on after the refused slug: a free one is logged.
    const ok = await logged(api('PUT', `/api/courses/${c.id}/pageData`, { ...page, slug: 'free-slug' }), 200);
    expect(ok.added).toMatchObject([{ action: 'update', kind: 'course', recordId: c.id }]);
    expect(ok.added[0]!.after).toMatchObject({ slug: 'free-slug', title: 'T' });
  });

  it('a deleted user: one entry with its last state and never its password; its enrollments are not logged', async () => {
    const user = await makeUser(s.db, { name: 'Gone Soon', passwordHash: 'secret-hash' });
    await makeEnrollment(s.db, { userId: user.id });
    const { added } = await logged(api('DELETE', `/api/users/${user.id}`), 200);
    expect(added).toMatchObject([{ action: 'delete', kind: 'user', recordId: user.id }]);
    expect(added[0]!.before).toMatchObject({ name: 'Gone Soon', email: user.email });
    expect(JSON.stringify(added)).not.toMatch(/password|secret-hash/);
  });

  it('a deleted course is one entry: its items and its enrollments’ course reference go with it unlogged', async () => {
    const c = await makeCourse(s.db, { title: 'Doomed' });
    await s.api({
      method: 'POST',
      url: '/api/courses/faq/add',
      payload: { courseId: c.id, question: 'Q?', answer: 'A.' },
    });
    await makeEnrollment(s.db, { courseId: c.id });
    const { added } = await logged(api('DELETE', `/api/courses/${c.id}`), 200);
    expect(added).toMatchObject([{ action: 'delete', kind: 'course', recordId: c.id, recordName: 'Doomed' }]);
  });

  it('a course item change is the course’s history, named by its kind', async () => {
    const c = await makeCourse(s.db, { title: 'Rust' });
    const { added } = await logged(
      api('POST', '/api/courses/faq/add', { courseId: c.id, question: 'Is it online?', answer: 'Yes.' }),
      200,
    );
    // The course's updatedAt moved too, which alone is not an entry.
    expect(added).toMatchObject([
      {
        action: 'create',
        kind: 'course',
        recordId: c.id,
        summary: 'Created FAQ of course: Rust · Is it online?',
        after: { question: 'Is it online?', answer: 'Yes.' },
      },
    ]);
  });

  it('a service purchase verify toggle is an approve, then a disapprove', async () => {
    const p = await makeService(s.db);
    const on = await logged(api('PATCH', `/api/services/${p.id}/verify`), 200);
    const off = await logged(api('PATCH', `/api/services/${p.id}/verify`), 200);
    expect([...on.added, ...off.added].map((a) => a.action)).toEqual(['approve', 'disapprove']);
  });

  it('an import logs each imported enrollment as an import; a dry run logs nothing', async () => {
    const batch = await makeBatch(s.db);
    const user = await makeUser(s.db, { name: 'Imported Person' });
    const course = await makeCourse(s.db);
    const file = `Email,Paid Amount,Payment Method,Transaction ID,Course\r\n${user.email},USD 49.00,Card,tx_act_${s.kind},${course.slug}\r\n`;
    const call = (dryRun: boolean) => () =>
      s.api({
        method: 'POST',
        url: `/api/batches/${batch.id}/import${dryRun ? '?dryRun=true' : ''}`,
        headers: { 'content-type': 'text/csv' },
        payload: file,
      });
    expect((await logged(call(true), 200)).added).toEqual([]);
    const { added } = await logged(call(false), 200);
    expect(added).toMatchObject([{ action: 'import', kind: 'enrollment', adminId }]);
    expect(added[0]!.summary).toMatch(/^Imported enrollment: Imported Person \(/);
    expect(added[0]!.after).toMatchObject({ amount: 49, currency: 'USD', transaction_id: `tx_act_${s.kind}` });
  });

  it('every change of a bulk request is in the log; refused records are not', async () => {
    const a = await makeEnrollment(s.db);
    const b = await makeEnrollment(s.db);
    const { added } = await logged(
      api('POST', '/api/enrollments/bulk', {
        action: 'approve',
        items: [{ id: a.id }, { id: b.id }, { id: UNKNOWN_ID }],
      }),
      200,
    );
    expect(added.map((x) => `${x.action}:${x.recordId}`).sort()).toEqual([`approve:${a.id}`, `approve:${b.id}`].sort());
    const users = [await makeUser(s.db), await makeUser(s.db)];
    const gone = await logged(
      api('POST', '/api/users/bulk', { action: 'delete', items: users.map((u) => ({ id: u.id })) }),
      200,
    );
    expect(gone.added.map((x) => `${x.action}:${x.recordId}`).sort()).toEqual(
      users.map((u) => `delete:${u.id}`).sort(),
    );
  });

  it('writes without an admin (seeding, start-up) are not logged', async () => {
    const { added } = await logged(async () => {
      await makeUser(s.db);
      return { statusCode: 200, body: '' };
    });
    expect(added).toEqual([]);
  });
});

/** One request of every write route (but login and logout, tested below), each against records of its own. */
async function everyWriteRoute(): Promise<Record<string, () => Promise<{ statusCode: number; body: string }>>> {
  const user = await makeUser(s.db);
  const course = await makeCourse(s.db);
  const batch = await makeBatch(s.db);
  const emptyBatch = await makeBatch(s.db);
  const e = await makeEnrollment(s.db, { batchId: batch.id });
  const p = await makeService(s.db);
  const itemCourse = await makeCourse(s.db);
  const routes: Record<string, () => Promise<{ statusCode: number; body: string }>> = {
    'POST /api/enrollment/enroll': api('POST', '/api/enrollment/enroll', {
      userId: user.id,
      courseId: course.id,
      batchId: batch.id,
      amount: 10,
      currency: 'USD',
    }),
    'PUT /api/enrollment/enrollments/:id/progress': api('PUT', `/api/enrollment/enrollments/${e.id}/progress`, {
      progress: 40,
    }),
    'PUT /api/enrollments/:id/complete': api('PUT', `/api/enrollments/${e.id}/complete`),
    'PUT /api/enrollment/:id': api('PUT', `/api/enrollment/${e.id}`, { paymentStatus: 'completed' }),
    'PUT /api/enrollments/approve/:id': api('PUT', `/api/enrollments/approve/${e.id}`),
    'PUT /api/enrollments/dis-approve/:id': api('PUT', `/api/enrollments/dis-approve/${e.id}`),
    'DELETE /api/enrollments/:id': api('DELETE', `/api/enrollments/${e.id}`),
    'POST /api/services': api('POST', '/api/services', {
      serviceDetails: { title: 'SEO', description: 'Audit', image: '/x.png' },
      userDetails: { name: 'Mia', email: 'mia@test.dev', phone: '555' },
      amount: 5,
      currency: 'USD',
    }),
    'PATCH /api/services/:id/verify': api('PATCH', `/api/services/${p.id}/verify`),
    'DELETE /api/services/:id': api('DELETE', `/api/services/${p.id}`),
    'POST /api/batches/start': api('POST', '/api/batches/start', { batchName: 'Spring', startDate: '2026-03-01' }),
    'PUT /api/batches/update/:id': api('PUT', `/api/batches/update/${batch.id}`, {
      batchName: 'Renamed',
      startDate: '2026-04-01',
    }),
    'DELETE /api/batches/delete/:id': api('DELETE', `/api/batches/delete/${emptyBatch.id}`),
    'POST /api/courses/card': api('POST', '/api/courses/card', {
      image: 'https://cdn.test/a.png',
      title: 'New Course',
      description: 'D',
      rating: 4,
      reviews: 1,
      price: 9,
    }),
    'PUT /api/courses/:id/what-you-will-learn': api('PUT', `/api/courses/${course.id}/what-you-will-learn`, {
      whatYouWillLearn: ['Traits'],
    }),
    'PUT /api/courses/:id/card': api('PUT', `/api/courses/${course.id}/card`, {
      title: 'Card',
      description: 'D',
      price: 3,
    }),
    'PUT /api/courses/:id/pageData': api('PUT', `/api/courses/${course.id}/pageData`, {
      title: 'Page',
      description: 'D',
      slug: `page-${course.id.slice(0, 8)}`,
      price: 1,
      discountPrice: null,
      courseDetails: EMPTY_COURSE_DETAILS,
    }),
    'DELETE /api/courses/:id': api('DELETE', `/api/courses/${(await makeCourse(s.db)).id}`),
    'DELETE /api/users/:id': api('DELETE', `/api/users/${(await makeUser(s.db)).id}`),
    'POST /api/enrollments/bulk': api('POST', '/api/enrollments/bulk', {
      action: 'approve',
      items: [{ id: (await makeEnrollment(s.db)).id }],
    }),
    'POST /api/services/bulk': api('POST', '/api/services/bulk', {
      action: 'delete',
      items: [{ id: (await makeService(s.db)).id }],
    }),
    'POST /api/batches/:id/import': async () => {
      // Its own user and course: the routes above rename and delete theirs.
      const who = await makeUser(s.db);
      const what = await makeCourse(s.db);
      return s.api({
        method: 'POST',
        url: `/api/batches/${batch.id}/import`,
        headers: { 'content-type': 'text/csv' },
        payload: `Email,Paid Amount,Payment Method,Transaction ID,Course\r\n${who.email},USD 9,Card,tx_all_${s.kind},${what.slug}\r\n`,
      });
    },
    'POST /api/users/bulk': api('POST', '/api/users/bulk', {
      action: 'delete',
      items: [{ id: (await makeUser(s.db)).id }],
    }),
  };
  for (const kind of COURSE_ITEM_KIND_NAMES) {
    const { path, idField, list } = COURSE_ITEM_KINDS[kind];
    const { add, update } = ITEM_EXAMPLES[kind];
    routes[`POST /api/courses/${path}/add`] = api('POST', `/api/courses/${path}/add`, {
      courseId: itemCourse.id,
      ...add,
    });
    const itemId = async () => {
      const c: Course = (await s.api({ method: 'GET', url: `/api/courses/${itemCourse.id}` })).json().data;
      return c.pageData[list][0]!._id;
    };
    routes[`PUT /api/courses/${path}/update`] = async () =>
      s.api({
        method: 'PUT',
        url: `/api/courses/${path}/update`,
        payload: { courseId: itemCourse.id, [idField]: await itemId(), ...update },
      });
    routes[`DELETE /api/courses/${path}/delete`] = async () =>
      s.api({
        method: 'DELETE',
        url: `/api/courses/${path}/delete`,
        payload: { courseId: itemCourse.id, [idField]: await itemId() },
      });
  }
  return routes;
}

describe('every write route', () => {
  it('logs what it changed in its transaction; the table covers every non-GET route the server registers', async () => {
    const routes = await everyWriteRoute();
    const writes = s.app.routeList.filter((r) => !r.startsWith('GET ') && !r.startsWith('OPTIONS '));
    // Sign-in and the admin's own security change no record: logins and logouts have their entries (below).
    const sessionRoutes = [
      'POST /api/users/login-admin',
      'POST /api/users/login-2fa',
      'POST /api/users/login-2fa/setup',
      'POST /api/users/logout',
      'POST /api/users/logout-offline',
      'POST /api/account/two-factor/setup',
      'POST /api/account/two-factor/enable',
      'POST /api/account/two-factor/recovery-codes',
      'POST /api/account/two-factor/disable',
      'DELETE /api/account/sessions/:id',
      'POST /api/account/sessions/end-others',
    ];
    expect([...Object.keys(routes), ...sessionRoutes].sort()).toEqual([...new Set(writes)].sort());
    for (const [route, call] of Object.entries(routes)) {
      // An update that sets what is already there changes nothing and is no entry: each one above changes a field.
      const { added, res } = await logged(call);
      expect(res.statusCode, `${route}: ${res.body}`).toBeLessThan(300);
      expect(added.length, route).toBeGreaterThan(0);
      for (const a of added) expect(a, route).toMatchObject({ adminId, adminEmail: ADMIN.email });
    }
  });
});

describe('sessions', () => {
  it('logs a login and a logout', async () => {
    const login = await logged(() => s.login(ADMIN));
    expect(login.added).toMatchObject([
      { action: 'login', kind: 'session', adminId, recordId: adminId, summary: 'Logged in', before: null, after: null },
    ]);
    const token = (JSON.parse(login.res.body) as { data: { authToken: string } }).data.authToken;
    const logout = await logged(() => s.api({ method: 'POST', url: '/api/users/logout', token }));
    expect(logout.added).toMatchObject([{ action: 'logout', kind: 'session', adminId, summary: 'Logged out' }]);
    // A failed login is the throttle's business, not an entry of its own.
    const wrong = await logged(() => s.login({ ...ADMIN, password: 'nope' }));
    expect(wrong.added).toEqual([]);
  });

  it('logs throttled logins once per window, however many emails and addresses are refused', async () => {
    const { added } = await logged(async () => {
      let last = { statusCode: 0, body: '' };
      for (const n of [1, 2, 3]) {
        const [email, remoteAddress] = [`mallory${n}@test.dev`, `10.9.9.${n}`];
        for (let i = 0; i < 12; i++) last = await s.login({ email, password: 'guess' }, { remoteAddress });
        expect(last.statusCode).toBe(429);
      }
      return last;
    }, 429);
    expect(added).toMatchObject([
      {
        action: 'login-throttled',
        kind: 'session',
        adminId: null,
        recordId: null,
        recordName: 'mallory1@test.dev',
        summary:
          'Logins refused by the throttle, the first for mallory1@test.dev from address 10.9.9.1; ' +
          'refusals in the 15 minutes that follow make no entry of their own',
        after: { email: 'mallory1@test.dev', ip: '10.9.9.1' },
      },
    ]);
  });
});

describe('the log itself', () => {
  it('cannot be edited or deleted: no route does it, and the database refuses an update', async () => {
    const [entry] = await log();
    for (const method of ['PUT', 'PATCH', 'DELETE', 'POST'] as const) {
      const res = await s.api({ method, url: `/api/activity/${entry!._id}`, payload: {} });
      expect(res.statusCode, method).toBe(404);
    }
    await expect(s.db.execute(sql`update activity set summary = 'forged'`)).rejects.toThrow();
    const [still] = await rows<{ summary: string }>(s.db, sql`select summary from activity where id = ${entry!._id}`);
    expect(still!.summary).toBe(entry!.summary);
  });

  it('is a synced list: new entries come in the delta, newest state as GET /api/activity gives it', async () => {
    const first = await s.api({ method: 'GET', url: '/api/sync?limit=5000' });
    let reply = first.json();
    while (reply.hasMore)
      reply = (await s.api({ method: 'GET', url: `/api/sync?limit=5000&cursor=${reply.cursor}` })).json();
    const e = await makeEnrollment(s.db);
    await s.api({ method: 'PUT', url: `/api/enrollments/approve/${e.id}` });
    const delta = (await s.api({ method: 'GET', url: `/api/sync?cursor=${reply.cursor}` })).json();
    const [newest] = await log();
    expect(delta.changes.activity).toEqual({ upserts: [newest], deletes: [] });
    expect(newest).toMatchObject({ action: 'approve', recordId: e.id });
  });
});

/** An entry written `days` ago (inserted: the log refuses updates, so it cannot be aged in place). */
async function entryFrom(db: Db, days: number, summary: string): Promise<string> {
  const [row] = await db
    .insert(activity)
    .values({
      action: 'update',
      kind: 'user',
      summary,
      createdAt: new Date(Date.now() - days * 86_400_000).toISOString(),
    })
    .returning({ id: activity.id });
  return row!.id;
}

describe('ACTIVITY_RETENTION_DAYS', () => {
  it('prunes entries older than the retention, and devices get them as deletes', async () => {
    const token = await s.adminToken();
    const old = await entryFrom(s.db, 40, 'old');
    const recent = await entryFrom(s.db, 10, 'recent');
    const copy = new SyncCopy();
    await pullAll(s.app, token, copy);
    expect(copy.lists.activity.has(old)).toBe(true);

    expect(await pruneActivity(s.db, null)).toBe(0);
    expect(await pruneActivity(s.db, 30)).toBe(1);
    const delta = await pull(s.app, token, copy.cursor);
    expect(delta.changes.activity.deletes).toEqual([old]);
    copy.apply(delta);
    await pullAll(s.app, token, copy);
    expect(copy.lists.activity.has(recent)).toBe(true);
    expect(copy.json()).toEqual(await serverLists(s.app, token));
  });

  it('runs when the server starts; unset, the log is kept for ever', async () => {
    const database = await openDatabase({ databaseUrl: s.databaseUrl, dataDir: null });
    const ancient = await entryFrom(database.db, 3650, 'ten years ago');
    const old = await entryFrom(database.db, 40, 'forty days ago');
    const count = async (id: string) =>
      (await rows<{ n: number }>(database.db, sql`select count(*)::int as n from activity where id = ${id}`))[0]!.n;
    const forever = await buildApp(testConfig({ databaseUrl: s.databaseUrl, activityRetentionDays: null }), database);
    expect(await count(ancient)).toBe(1);
    // Closing the app closes its database: the second start opens it again (PostgreSQL: the same one).
    await forever.app.close();
    if (!s.databaseUrl) return;
    const again = await openDatabase({ databaseUrl: s.databaseUrl, dataDir: null });
    const { app } = await buildApp(testConfig({ databaseUrl: s.databaseUrl, activityRetentionDays: 30 }), again);
    try {
      const left = await rows<{ id: string }>(again.db, sql`select id from activity where id in (${ancient}, ${old})`);
      expect(left).toEqual([]);
    } finally {
      await app.close();
    }
  });

  it('is unset (kept for ever) or a positive number of days', () => {
    expect(loadConfig({}).activityRetentionDays).toBeNull();
    expect(loadConfig({ ACTIVITY_RETENTION_DAYS: '' }).activityRetentionDays).toBeNull();
    expect(loadConfig({ ACTIVITY_RETENTION_DAYS: '365' }).activityRetentionDays).toBe(365);
    expect(loadConfig({ ACTIVITY_RETENTION_DAYS: '0.5' }).activityRetentionDays).toBe(0.5);
    for (const value of ['0', '-1', 'forever', 'Infinity'])
      expect(() => loadConfig({ ACTIVITY_RETENTION_DAYS: value }), value).toThrow(/ACTIVITY_RETENTION_DAYS must be/);
  });
});
