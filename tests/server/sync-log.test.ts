import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rows } from '@/server/db/client';
import { users } from '@/server/db/schema';
import { makeBatch, makeCourse, makeEnrollment, makeService, makeUser } from '../utils/factories';
import { serverForThisFile } from '../utils/server-for-file';
import { logOf, syncVersion } from '../utils/sync-log';

/** The change log the triggers of migration 0003 write: every kind of write, through the real routes. */
const s = await serverForThisFile();

const ok = async (res: Promise<{ statusCode: number; body: string }>, status = 200) => {
  const r = await res;
  expect(r.statusCode, r.body).toBe(status);
  return JSON.parse(r.body) as { data: { _id: string } };
};
/** A write through the API that succeeds (200). */
const call = (method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  ok(s.api({ method, url, payload }));

/** A create through the API (201): the new record's id and what it logged. */
async function logCreate(url: string, payload: object) {
  let id = '';
  const log = await logOf(s.db, async () => {
    id = (await ok(s.api({ method: 'POST', url, payload }), 201)).data._id;
  });
  return { id, log };
}

async function enrolled() {
  const user = await makeUser(s.db);
  const course = await makeCourse(s.db);
  const batch = await makeBatch(s.db);
  const enrollment = await makeEnrollment(s.db, { userId: user.id, courseId: course.id, batchId: batch.id });
  return { user, course, batch, enrollment };
}

describe('users', () => {
  it('an edit logs the user and the enrollments and purchases that embed it, in one version', async () => {
    const { user, enrollment } = await enrolled();
    const purchase = await makeService(s.db, { userId: user.id });
    const other = await makeEnrollment(s.db); // someone else's: not logged
    const log = await logOf(s.db, () => s.db.update(users).set({ name: 'Renamed' }).where(eq(users.id, user.id)));
    expect(log).toEqual({
      entries: [`enrollments:${enrollment.id}`, `services:${purchase.id}`, `users:${user.id}`].sort(),
      versions: 1,
    });
    expect(log.entries).not.toContain(`enrollments:${other.id}`);
  });

  it('a password change alone logs only the user (nothing the embedding rows show changed)', async () => {
    const { user } = await enrolled();
    const log = await logOf(s.db, () => s.db.update(users).set({ passwordHash: 'x' }).where(eq(users.id, user.id)));
    expect(log.entries).toEqual([`users:${user.id}`]);
  });

  it('a delete logs the user and the enrollments and purchases its foreign keys set null', async () => {
    const { user, enrollment, batch } = await enrolled();
    const purchase = await makeService(s.db, { userId: user.id });
    const log = await logOf(s.db, () => call('DELETE', `/api/users/${user.id}`));
    // The enrollment stays in its batch: the batch's count does not change, so it is not logged.
    expect(log.entries).toEqual([`enrollments:${enrollment.id}`, `services:${purchase.id}`, `users:${user.id}`].sort());
    expect(log.entries).not.toContain(`batches:${batch.id}`);
  });

  it('a bulk delete logs every user in one statement', async () => {
    const a = await makeUser(s.db);
    const b = await makeUser(s.db);
    const log = await logOf(s.db, () =>
      call('POST', '/api/users/bulk', { action: 'delete', items: [{ id: a.id }, { id: b.id }] }),
    );
    expect(log).toEqual({ entries: [`users:${a.id}`, `users:${b.id}`].sort(), versions: 1 });
  });
});

describe('enrollments', () => {
  it('enrolling logs the enrollment and its batch (its enrollmentCount changes)', async () => {
    const user = await makeUser(s.db);
    const course = await makeCourse(s.db);
    const batch = await makeBatch(s.db);
    const { id, log } = await logCreate('/api/enrollment/enroll', {
      userId: user.id,
      courseId: course.id,
      batchId: batch.id,
      amount: 10,
      currency: 'USD',
    });
    expect(log).toEqual({ entries: [`batches:${batch.id}`, `enrollments:${id}`].sort(), versions: 1 });
  });

  it('approving and disapproving log the enrollment alone', async () => {
    const { enrollment } = await enrolled();
    for (const action of ['approve', 'dis-approve']) {
      const log = await logOf(s.db, () => call('PUT', `/api/enrollments/${action}/${enrollment.id}`));
      expect(log).toEqual({ entries: [`enrollments:${enrollment.id}`], versions: 1 });
    }
  });

  it('moving to another batch logs the enrollment and both batches', async () => {
    const { enrollment, batch } = await enrolled();
    const target = await makeBatch(s.db);
    const log = await logOf(s.db, () => call('PUT', `/api/enrollment/${enrollment.id}`, { batchId: target.id }));
    expect(log.entries).toEqual([`batches:${batch.id}`, `batches:${target.id}`, `enrollments:${enrollment.id}`].sort());
  });

  it('deleting logs the enrollment and its batch', async () => {
    const { enrollment, batch } = await enrolled();
    const log = await logOf(s.db, () => call('DELETE', `/api/enrollments/${enrollment.id}`));
    expect(log.entries).toEqual([`batches:${batch.id}`, `enrollments:${enrollment.id}`].sort());
  });

  it('a bulk approve logs every enrollment once, in one version', async () => {
    const batch = await makeBatch(s.db);
    const list = [await makeEnrollment(s.db, { batchId: batch.id }), await makeEnrollment(s.db, { batchId: batch.id })];
    const log = await logOf(s.db, () =>
      call('POST', '/api/enrollments/bulk', { action: 'approve', items: list.map((e) => ({ id: e.id })) }),
    );
    expect(log).toEqual({ entries: list.map((e) => `enrollments:${e.id}`).sort(), versions: 1 });
  });

  it('a refused write (404) logs nothing and takes no version', async () => {
    const before = await syncVersion(s.db);
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await s.api({ method: 'PUT', url: `/api/enrollments/approve/${unknown}` })).statusCode).toBe(404);
    expect(await syncVersion(s.db)).toBe(before);
  });
});

describe('courses', () => {
  it('a course item added, updated or deleted logs its course', async () => {
    const course = await makeCourse(s.db);
    const added = await logOf(s.db, () =>
      call('POST', '/api/courses/faq/add', { courseId: course.id, question: 'Online?', answer: 'Yes.' }),
    );
    expect(added.entries).toEqual([`courses:${course.id}`]);
    const [faq] = await rows<{ id: string }>(s.db, sql`select id from course_faqs where course_id = ${course.id}`);
    const updated = await logOf(s.db, () =>
      call('PUT', '/api/courses/faq/update', {
        courseId: course.id,
        faqId: faq!.id,
        question: 'Live?',
        answer: 'Weekly.',
      }),
    );
    expect(updated.entries).toEqual([`courses:${course.id}`]);
    const deleted = await logOf(s.db, () =>
      call('DELETE', '/api/courses/faq/delete', { courseId: course.id, faqId: faq!.id }),
    );
    expect(deleted.entries).toEqual([`courses:${course.id}`]);
  });

  it('creating a course and deleting it (items cascade, enrollments keep their copy) log what they touch', async () => {
    const { id, log: created } = await logCreate('/api/courses/card', {
      image: '/x.svg',
      title: 'Sync 101',
      description: 'd',
      rating: 4,
      reviews: 1,
      price: 10,
    });
    expect(created.entries).toEqual([`courses:${id}`]);
    await call('POST', '/api/courses/syllabus/add', { courseId: id, week: 1, topic: 't', details: 'd' });
    const enrollment = await makeEnrollment(s.db, { courseId: id });
    const deleted = await logOf(s.db, () => call('DELETE', `/api/courses/${id}`));
    expect(deleted.entries).toEqual([`courses:${id}`, `enrollments:${enrollment.id}`].sort());
  });
});

describe('batches and services', () => {
  it('a batch created, updated and deleted logs the batch', async () => {
    const { id, log: created } = await logCreate('/api/batches/start', { batchName: 'B', startDate: '2026-01-01' });
    expect(created.entries).toEqual([`batches:${id}`]);
    const updated = await logOf(s.db, () =>
      call('PUT', `/api/batches/update/${id}`, { batchName: 'B2', startDate: '2026-01-02' }),
    );
    expect(updated.entries).toEqual([`batches:${id}`]);
    const deleted = await logOf(s.db, () => call('DELETE', `/api/batches/delete/${id}`));
    expect(deleted.entries).toEqual([`batches:${id}`]);
  });

  it('a purchase created, verified and deleted logs the services row', async () => {
    const user = await makeUser(s.db);
    const { id, log: created } = await logCreate('/api/services', {
      serviceDetails: { title: 'Audit', description: 'd', image: '/i.png' },
      userDetails: { name: 'N', email: 'n@test.dev' },
      userId: user.id,
      amount: 5,
      currency: 'USD',
    });
    expect(created.entries).toEqual([`services:${id}`]);
    const verified = await logOf(s.db, () => call('PATCH', `/api/services/${id}/verify`));
    expect(verified.entries).toEqual([`services:${id}`]);
    const deleted = await logOf(s.db, () => call('DELETE', `/api/services/${id}`));
    expect(deleted.entries).toEqual([`services:${id}`]);
  });
});

describe('the clock', () => {
  it('truncating a synced table moves the clock and the pruning mark past every cursor issued', async () => {
    const before = await syncVersion(s.db);
    await s.db.execute(sql`truncate course_table_data`);
    const [state] = await rows<{ version: string; pruned_below: string }>(
      s.db,
      sql`select version, pruned_below from sync_state`,
    );
    expect(Number(state!.version)).toBe(before + 1);
    expect(Number(state!.pruned_below)).toBe(before + 1);
  });
});
