import { describe, expect, it } from 'vitest';
import type { Batch, Course, Enrollment, Service } from '@/shared/schemas';
import { expectRefused } from '../utils/api-expect';
import { makeBatch, makeCourse, makeEnrollment, makeService } from '../utils/factories';
import { serverForThisFile } from '../utils/server-for-file';

/** The version rule (docs/conflicts.md): a write made on an older version is refused, not applied. */
const s = await serverForThisFile();

const call = (method: 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  s.api({ method, url, ...(payload ? { payload } : {}) });
const enrollment = async (id: string) =>
  ((await s.api({ method: 'GET', url: '/api/enrollments' })).json().data as Enrollment[]).find((e) => e._id === id)!;
const service = async (id: string) =>
  ((await s.api({ method: 'GET', url: '/api/services' })).json().data as Service[]).find((p) => p._id === id)!;
const course = async (id: string) => (await s.api({ method: 'GET', url: `/api/courses/${id}` })).json().data as Course;
const batch = async (id: string) =>
  ((await s.api({ method: 'GET', url: '/api/batches' })).json().batches as Batch[]).find((b) => b._id === id);

const CHANGED = {
  enrollment: 'Someone changed this enrollment after you opened it.',
  course: 'Someone changed this course after you opened it.',
  batch: 'Someone changed this batch after you opened it.',
  service: 'Someone changed this service purchase after you opened it.',
};

describe('PUT /api/enrollment/{id} and DELETE /api/enrollments/{id} with expectedUpdatedAt', () => {
  it('refuses a save made on an older version with 409, the sentence and the record as it is now', async () => {
    const e = await makeEnrollment(s.db);
    const opened = await enrollment(e.id);
    // Another admin sets Amount paid to 777 while the form is open.
    const theirs = await call('PUT', `/api/enrollment/${e.id}`, {
      amountPaid: 777,
      expectedUpdatedAt: opened.updatedAt,
    });
    expect(theirs.statusCode).toBe(200);
    const mine = await call('PUT', `/api/enrollment/${e.id}`, { amountPaid: 555, expectedUpdatedAt: opened.updatedAt });
    expectRefused(mine, 409, { message: CHANGED.enrollment, current: theirs.json().data });
    expect((await enrollment(e.id)).amountPaid).toBe(777);
    // Saving theirs on purpose: the version of the record as it is now.
    const again = await call('PUT', `/api/enrollment/${e.id}`, {
      amountPaid: 555,
      expectedUpdatedAt: mine.json().current.updatedAt,
    });
    expect(again.statusCode).toBe(200);
    expect(again.json().data.amountPaid).toBe(555);
  });

  it('keeps the behaviour of the spec for a client that names no version: the last write wins', async () => {
    const e = await makeEnrollment(s.db);
    await call('PUT', `/api/enrollment/${e.id}`, { amountPaid: 777 });
    const res = await call('PUT', `/api/enrollment/${e.id}`, { amountPaid: 555 });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.amountPaid).toBe(555);
  });

  it('lets exactly one of two saves made on the same version through, on every instance', async () => {
    const e = await makeEnrollment(s.db);
    const { updatedAt } = await enrollment(e.id);
    const apps = s.kind === 'postgres' ? [s.app, await s.anotherInstance()] : [s.app, s.app];
    const token = await s.adminToken();
    const replies = await Promise.all(
      [111, 222].map((amountPaid, i) =>
        apps[i]!.inject({
          method: 'PUT',
          url: `/api/enrollment/${e.id}`,
          headers: { authorization: `Bearer ${token}` },
          payload: { amountPaid, expectedUpdatedAt: updatedAt },
        }),
      ),
    );
    expect(replies.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const winner = replies.find((r) => r.statusCode === 200)!.json().data as Enrollment;
    expect((await enrollment(e.id)).amountPaid).toBe(winner.amountPaid);
  });

  it('refuses a delete of a record changed since it was shown, and deletes it with the new version', async () => {
    const e = await makeEnrollment(s.db);
    const shown = await enrollment(e.id);
    await call('PUT', `/api/enrollments/approve/${e.id}`);
    const stale = await call('DELETE', `/api/enrollments/${e.id}`, { expectedUpdatedAt: shown.updatedAt });
    expectRefused(stale, 409, { message: CHANGED.enrollment, current: { _id: e.id, isVerified: true } });
    expect(await enrollment(e.id)).toBeDefined();
    const res = await call('DELETE', `/api/enrollments/${e.id}`, { expectedUpdatedAt: stale.json().current.updatedAt });
    expect(res.statusCode).toBe(200);
    expect(await enrollment(e.id)).toBeUndefined();
  });

  it('refuses a version that is not a date with a 400, and names a missing record with a 404', async () => {
    const e = await makeEnrollment(s.db);
    expectRefused(
      await call('PUT', `/api/enrollment/${e.id}`, { amountPaid: 1, expectedUpdatedAt: 'yesterday' }),
      400,
      {
        errors: { expectedUpdatedAt: 'expectedUpdatedAt must be an ISO date-time.' },
      },
    );
    expectRefused(await call('PUT', `/api/enrollment/${e.id}`, { expectedUpdatedAt: new Date().toISOString() }), 400, {
      message: 'Send at least one field to change.',
    });
    const gone = await call('DELETE', `/api/enrollments/00000000-0000-4000-8000-000000000000`, {
      expectedUpdatedAt: new Date().toISOString(),
    });
    expect(gone.statusCode).toBe(404);
  });
});

describe('course writes name the course version', () => {
  it('page data and learning points made on an older version are refused with the course as it is now', async () => {
    const c = await makeCourse(s.db);
    const opened = await course(c.id);
    const page = { ...opened.pageData, courseDetails: opened.pageData.courseDetails };
    const body = {
      title: page.title,
      description: page.description,
      slug: page.slug,
      price: page.price,
      discountPrice: null,
      courseDetails: page.courseDetails,
    };
    const theirs = await call('PUT', `/api/courses/${c.id}/pageData`, { ...body, title: 'Theirs' });
    expect(theirs.statusCode).toBe(200);
    const mine = await call('PUT', `/api/courses/${c.id}/pageData`, {
      ...body,
      title: 'Mine',
      expectedUpdatedAt: opened.updatedAt,
    });
    expectRefused(mine, 409, { message: CHANGED.course, current: { _id: c.id, pageData: { title: 'Theirs' } } });
    const points = await call('PUT', `/api/courses/${c.id}/what-you-will-learn`, {
      whatYouWillLearn: ['Mine'],
      expectedUpdatedAt: opened.updatedAt,
    });
    expectRefused(points, 409, { message: CHANGED.course });
    expect((await course(c.id)).pageData).toMatchObject({ title: 'Theirs', whatYouWillLearn: [] });
    const fresh = await call('PUT', `/api/courses/${c.id}/what-you-will-learn`, {
      whatYouWillLearn: ['Mine'],
      expectedUpdatedAt: theirs.json().data.updatedAt,
    });
    expect(fresh.json().data.pageData.whatYouWillLearn).toEqual(['Mine']);
  });

  it('an item update or delete made on an older course version is refused; a current one goes through', async () => {
    const c = await makeCourse(s.db);
    const added = await s.api({
      method: 'POST',
      url: '/api/courses/faq/add',
      payload: { courseId: c.id, question: 'Q?', answer: 'A.' },
    });
    const opened = added.json().data as Course;
    const faqId = opened.pageData.faq[0]!._id;
    const theirs = await call('PUT', '/api/courses/faq/update', {
      courseId: c.id,
      faqId,
      question: 'Theirs?',
      answer: 'A.',
      expectedUpdatedAt: opened.updatedAt,
    });
    expect(theirs.statusCode).toBe(200);
    const mine = await call('PUT', '/api/courses/faq/update', {
      courseId: c.id,
      faqId,
      question: 'Mine?',
      answer: 'A.',
      expectedUpdatedAt: opened.updatedAt,
    });
    expectRefused(mine, 409, { message: CHANGED.course, current: { pageData: { faq: [{ question: 'Theirs?' }] } } });
    const staleDelete = await call('DELETE', '/api/courses/faq/delete', {
      courseId: c.id,
      faqId,
      expectedUpdatedAt: opened.updatedAt,
    });
    expectRefused(staleDelete, 409, { message: CHANGED.course });
    expect((await course(c.id)).pageData.faq).toHaveLength(1);
    const del = await call('DELETE', '/api/courses/faq/delete', {
      courseId: c.id,
      faqId,
      expectedUpdatedAt: theirs.json().data.updatedAt,
    });
    expect(del.json().data.pageData.faq).toEqual([]);
  });

  it('a card edit made on an older version is refused with the course as it is now', async () => {
    const c = await makeCourse(s.db);
    const opened = await course(c.id);
    const card = { ...opened.cardData, title: 'Theirs' };
    expect((await call('PUT', `/api/courses/${c.id}/card`, card)).statusCode).toBe(200);
    const mine = await call('PUT', `/api/courses/${c.id}/card`, {
      ...card,
      title: 'Mine',
      expectedUpdatedAt: opened.updatedAt,
    });
    expectRefused(mine, 409, { message: CHANGED.course, current: { cardData: { title: 'Theirs' } } });
    expect((await course(c.id)).cardData.title).toBe('Theirs');
  });

  it('a course delete made on an older version is refused and the course kept', async () => {
    const c = await makeCourse(s.db);
    const shown = await course(c.id);
    await call('PUT', `/api/courses/${c.id}/what-you-will-learn`, { whatYouWillLearn: ['New'] });
    expectRefused(await call('DELETE', `/api/courses/${c.id}`, { expectedUpdatedAt: shown.updatedAt }), 409, {
      message: CHANGED.course,
    });
    expect((await s.api({ method: 'GET', url: `/api/courses/${c.id}` })).statusCode).toBe(200);
  });
});

describe('batches name their values as shown (no updatedAt on the wire)', () => {
  it('an update or delete made on values changed since is refused with the batch as it is now', async () => {
    const b = await makeBatch(s.db, { endDate: null });
    const shown = (await batch(b.id))!;
    const expected = {
      batchName: shown.batchName,
      startDate: shown.startDate,
      endDate: shown.endDate,
      isActive: shown.isActive,
    };
    const theirs = await call('PUT', `/api/batches/update/${b.id}`, {
      batchName: 'Theirs',
      startDate: shown.startDate,
      endDate: null,
      isActive: false,
      expected,
    });
    expect(theirs.statusCode).toBe(200);
    const mine = await call('PUT', `/api/batches/update/${b.id}`, {
      batchName: 'Mine',
      startDate: shown.startDate,
      endDate: null,
      expected,
    });
    expectRefused(mine, 409, { message: CHANGED.batch, current: { _id: b.id, batchName: 'Theirs', isActive: false } });
    expectRefused(await call('DELETE', `/api/batches/delete/${b.id}`, { expected }), 409, { message: CHANGED.batch });
    expect((await batch(b.id))?.batchName).toBe('Theirs');
    const now = { ...expected, batchName: 'Theirs', isActive: false };
    expect((await call('DELETE', `/api/batches/delete/${b.id}`, { expected: now })).statusCode).toBe(200);
    expect(await batch(b.id)).toBeUndefined();
  });
});

describe('service purchases', () => {
  it('a flip of verified made on an older version is refused, so it never undoes the other admin’s flip', async () => {
    const p = await makeService(s.db);
    const shown = await service(p.id);
    expect(
      (await call('PATCH', `/api/services/${p.id}/verify`, { expectedUpdatedAt: shown.updatedAt })).statusCode,
    ).toBe(200);
    const mine = await call('PATCH', `/api/services/${p.id}/verify`, { expectedUpdatedAt: shown.updatedAt });
    expectRefused(mine, 409, { message: CHANGED.service, current: { _id: p.id, isVerified: true } });
    expect((await service(p.id)).isVerified).toBe(true);
    const stale = await call('DELETE', `/api/services/${p.id}`, { expectedUpdatedAt: shown.updatedAt });
    expectRefused(stale, 409, { message: CHANGED.service });
    const del = await call('DELETE', `/api/services/${p.id}`, { expectedUpdatedAt: mine.json().current.updatedAt });
    expect(del.statusCode).toBe(200);
  });
});

describe('the OpenAPI description', () => {
  it('states the version rule and the 409 of each write that may name a version', async () => {
    const doc = (await s.api({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(doc.info.description).toContain('expectedUpdatedAt');
    for (const [path, method] of [
      ['/api/enrollment/{id}', 'put'],
      ['/api/enrollments/{id}', 'delete'],
      ['/api/courses/{id}/pageData', 'put'],
      ['/api/courses/{id}/card', 'put'],
      ['/api/courses/faq/update', 'put'],
      ['/api/batches/update/{id}', 'put'],
      ['/api/services/{id}/verify', 'patch'],
    ] as const)
      expect(doc.paths[path][method].responses, `${method} ${path}`).toHaveProperty('409');
    expect(doc.paths['/api/enrollments/{id}'].delete.requestBody.required).toBe(false);
    expect(doc.components.schemas.Error.properties).toHaveProperty('current');
  });
});
