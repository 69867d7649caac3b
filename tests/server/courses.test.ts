import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { courseSyllabus, enrollments } from '@/server/db/schema';
import { DEFAULT_COURSE_IMAGE } from '@/shared/constants';
import { courseSchema, type Course } from '@/shared/schemas';
import { expectRefused } from '../utils/api-expect';
import { EMPTY_PAGE_LISTS } from '../utils/course-page';
import { makeCourse, makeEnrollment, UNKNOWN_ID } from '../utils/factories';
import { serverForThisFile } from '../utils/server-for-file';

const OLD = '2020-01-01T00:00:00.000Z';

const s = await serverForThisFile();

const card = (over: Record<string, unknown> = {}) => ({
  image: 'https://cdn.test/rust.png',
  title: 'Intro to Rust',
  description: 'Systems programming.',
  rating: 4.5,
  reviews: 12,
  price: 49.5,
  ...over,
});

async function addCard(over: Record<string, unknown> = {}): Promise<Course> {
  const res = await s.api({ method: 'POST', url: '/api/courses/card', payload: card(over) });
  expect(res.statusCode).toBe(201);
  return res.json().data;
}

const page = (over: Record<string, unknown> = {}) => ({
  title: 'Rust, the page',
  description: 'Everything about the course.',
  slug: 'rust-the-page',
  price: 120,
  discountPrice: 99.99,
  courseDetails: {
    duration: '8 weeks',
    level: 'Beginner',
    language: 'English',
    certificate: 'Yes',
    instructor: 'Ferris',
    enrollmentDeadline: '2026-09-01',
    startDate: '2026-09-15',
  },
  ...over,
});

describe('GET /api/courses', () => {
  it('lists courses in the wire shape with nested items in order and numbers as numbers', async () => {
    const c = await addCard({ title: 'Ordered Items' });
    const add = (path: string, payload: object) =>
      s.api({ method: 'POST', url: `/api/courses/${path}/add`, payload: { courseId: c._id, ...payload } });
    await add('syllabus', { week: 2, topic: 'Week two', details: 'd' });
    await add('syllabus', { week: 1, topic: 'Week one', details: 'd' });
    await add('syllabus', { week: 1, topic: 'Week one, later', details: 'd' });
    await add('faq', { question: 'Q1', answer: 'A1' });
    await add('faq', { question: 'Q2', answer: 'A2' });
    await add('review', { reviewer: 'Ann', rating: 5, comment: 'Great' });
    await add('review', { reviewer: 'Bob', rating: 3, comment: 'Fine' });
    await add('additional-resource', { name: 'Book', link: 'https://doc.rust-lang.org/book/' });
    await add('table-data', { feature: 'Projects', value: '3' });
    await add('table-data', { feature: 'Support', value: 'Forum' });
    await s.api({
      method: 'PUT',
      url: `/api/courses/${c._id}/what-you-will-learn`,
      payload: { whatYouWillLearn: ['Ownership', 'Traits'] },
    });

    const res = await s.api({ method: 'GET', url: '/api/courses' });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toMatch(/"price":"/);
    const { success, data } = res.json();
    expect(success).toBe(true);
    const course: Course = data.find((x: Course) => x._id === c._id);
    expect(() => courseSchema.parse(course)).not.toThrow();
    const p = course.pageData;
    expect(p.syllabus.map((i) => i.topic)).toEqual(['Week one', 'Week one, later', 'Week two']);
    expect(p.faq.map((i) => i.question)).toEqual(['Q1', 'Q2']);
    expect(p.reviews.map((i) => [i.reviewer, i.rating])).toEqual([
      ['Ann', 5],
      ['Bob', 3],
    ]);
    expect(p.additionalResources).toEqual([
      { _id: expect.any(String), name: 'Book', link: 'https://doc.rust-lang.org/book/' },
    ]);
    expect(p.tableData.map((i) => i.feature)).toEqual(['Projects', 'Support']);
    expect(p.whatYouWillLearn).toEqual(['Ownership', 'Traits']);
    expect(course.cardData).toEqual({
      image: 'https://cdn.test/rust.png',
      title: 'Ordered Items',
      description: 'Systems programming.',
      rating: 4.5,
      reviews: 12,
      price: 49.5,
    });
    expect(p.discountPrice).toBeNull();
    expect(course.createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(course.updatedAt).toMatch(/Z$/);
  });

  it('lists courses oldest first, each with empty arrays when it has no items', async () => {
    const older = await makeCourse(s.db, { createdAt: '2019-01-01T00:00:00.000Z' });
    const { data } = (await s.api({ method: 'GET', url: '/api/courses' })).json();
    expect(data[0]._id).toBe(older.id);
    expect(data[0].pageData).toMatchObject(EMPTY_PAGE_LISTS);
  });
});

describe('GET /api/courses/:id', () => {
  it('returns one course, 404 for an unknown id, 400 for a malformed one', async () => {
    const c = await makeCourse(s.db, { cardPrice: '10.25', discountPrice: '8.00' });
    const res = await s.api({ method: 'GET', url: `/api/courses/${c.id}` });
    expect(res.json()).toMatchObject({
      success: true,
      data: { _id: c.id, cardData: { price: 10.25 }, pageData: { slug: c.slug, discountPrice: 8 } },
    });
    const missing = await s.api({ method: 'GET', url: `/api/courses/${UNKNOWN_ID}` });
    expectRefused(missing, 404, { message: expect.stringMatching(/Course not found/) });
    expect((await s.api({ method: 'GET', url: '/api/courses/not-an-id' })).statusCode).toBe(400);
  });
});

describe('POST /api/courses/card', () => {
  it('creates a course whose page starts as the card, with a slug from the title', async () => {
    const res = await s.api({
      method: 'POST',
      url: '/api/courses/card',
      payload: card({ title: 'Café Déjà Vu: Advanced!', price: '30', rating: 4.7 }),
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      success: true,
      showMessage: true,
      message: 'Course added.',
      data: {
        cardData: { title: 'Café Déjà Vu: Advanced!', price: 30, rating: 4.7, reviews: 12 },
        pageData: {
          title: 'Café Déjà Vu: Advanced!',
          description: 'Systems programming.',
          price: 30,
          slug: 'cafe-deja-vu-advanced',
          discountPrice: null,
          syllabus: [],
        },
      },
    });
  });

  it('appends -2, -3 when the slug is taken', async () => {
    const slugs = [];
    for (let i = 0; i < 3; i++) slugs.push((await addCard({ title: 'Same Title' })).pageData.slug);
    expect(slugs).toEqual(['same-title', 'same-title-2', 'same-title-3']);
  });

  it('gives concurrent creates with one title distinct slugs', async () => {
    const made = await Promise.all([1, 2, 3].map(() => addCard({ title: 'Race Day' })));
    expect(made.map((c) => c.pageData.slug).sort()).toEqual(['race-day', 'race-day-2', 'race-day-3']);
  });

  it('rejects a bad body with 400 naming the fields', async () => {
    const res = await s.api({ method: 'POST', url: '/api/courses/card', payload: card({ title: '  ', price: -1 }) });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toMatchObject({ title: expect.any(String), price: expect.any(String) });
    expect(
      (await s.api({ method: 'POST', url: '/api/courses/card', payload: card({ rating: 'abc' }) })).statusCode,
    ).toBe(400);
    expect(
      (await s.api({ method: 'POST', url: '/api/courses/card', payload: { title: 'Only a title' } })).statusCode,
    ).toBe(400);
  });
});

describe('a new course without made-up numbers (issue 23)', () => {
  it('starts with no rating, no reviews and the neutral default picture when those are left blank', async () => {
    const blank = await addCard({ image: '', rating: '', reviews: '' });
    expect(blank.cardData).toMatchObject({ image: DEFAULT_COURSE_IMAGE, rating: 0, reviews: 0 });
    const res = await s.api({
      method: 'POST',
      url: '/api/courses/card',
      payload: { title: 'Bare', description: 'Only what is needed.', price: 5 },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.cardData).toMatchObject({ image: DEFAULT_COURSE_IMAGE, rating: 0, reviews: 0, price: 5 });
  });
});

describe('PUT /api/courses/:id/card', () => {
  it('replaces the card and bumps updatedAt, leaving the page alone', async () => {
    const c = await makeCourse(s.db, { updatedAt: OLD });
    const res = await s.api({
      method: 'PUT',
      url: `/api/courses/${c.id}/card`,
      payload: card({ title: 'Intro to Rust, fixed', price: 299, reviews: '', rating: '' }),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      message: 'Course card updated.',
      data: {
        cardData: { title: 'Intro to Rust, fixed', price: 299, rating: 0, reviews: 0, image: card().image },
        pageData: { title: c.title, slug: c.slug, price: Number(c.price) },
      },
    });
    expect(res.json().data.updatedAt).not.toBe(OLD);
    const listed: Course[] = (await s.api({ method: 'GET', url: '/api/courses' })).json().data;
    expect(listed.find((x) => x._id === c.id)?.cardData.title).toBe('Intro to Rust, fixed');
  });

  it('answers 400 naming the fields for a bad body, 400 for a malformed id and 404 for an unknown course', async () => {
    const c = await makeCourse(s.db);
    const bad = await s.api({
      method: 'PUT',
      url: `/api/courses/${c.id}/card`,
      payload: card({ title: ' ', price: -1, rating: 6, reviews: 1.5 }),
    });
    expectRefused(bad, 400, {
      errors: {
        title: 'Title is required.',
        price: 'Price cannot be negative.',
        rating: 'Rating must be between 0 and 5.',
        reviews: 'Reviews must be a whole number.',
      },
    });
    expect((await s.api({ method: 'PUT', url: '/api/courses/nope/card', payload: card() })).statusCode).toBe(400);
    const unknown = await s.api({ method: 'PUT', url: `/api/courses/${UNKNOWN_ID}/card`, payload: card() });
    expect(unknown.statusCode).toBe(404);
  });
});

describe('DELETE /api/courses/:id', () => {
  it('deletes the course and its items; enrollments keep their courseDetails copy', async () => {
    const c = await addCard({ title: 'Going Away' });
    await s.api({
      method: 'POST',
      url: '/api/courses/syllabus/add',
      payload: { courseId: c._id, week: 1, topic: 't', details: 'd' },
    });
    const e = await makeEnrollment(s.db, {
      courseId: c._id,
      courseTitle: 'Going Away',
      courseSlug: 'going-away',
      courseDescription: 'About it',
    });

    const res = await s.api({ method: 'DELETE', url: `/api/courses/${c._id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true });
    const [en] = await s.db.select().from(enrollments).where(eq(enrollments.id, e.id));
    expect(en).toMatchObject({
      courseId: null,
      courseTitle: 'Going Away',
      courseSlug: 'going-away',
      courseDescription: 'About it',
    });
    expect(await s.db.select().from(courseSyllabus).where(eq(courseSyllabus.courseId, c._id))).toEqual([]);
    expect((await s.api({ method: 'GET', url: `/api/courses/${c._id}` })).statusCode).toBe(404);
  });

  it('answers 404 for an unknown course and 400 for a malformed id', async () => {
    expect((await s.api({ method: 'DELETE', url: `/api/courses/${UNKNOWN_ID}` })).statusCode).toBe(404);
    expect((await s.api({ method: 'DELETE', url: '/api/courses/123' })).statusCode).toBe(400);
  });
});

describe('PUT /api/courses/:id/pageData', () => {
  it('replaces the page fields and bumps updatedAt, leaving the card alone', async () => {
    const c = await makeCourse(s.db, { updatedAt: OLD });
    const res = await s.api({
      method: 'PUT',
      url: `/api/courses/${c.id}/pageData`,
      payload: page({ slug: `page-${c.id.slice(0, 8)}` }),
    });
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data.pageData).toMatchObject({
      title: 'Rust, the page',
      price: 120,
      discountPrice: 99.99,
      slug: `page-${c.id.slice(0, 8)}`,
      courseDetails: page().courseDetails,
    });
    expect(data.cardData.title).toBe(c.cardTitle);
    expect(data.updatedAt).not.toBe(OLD);
  });

  it('keeps its own slug, clears a blank discount price and defaults missing details to empty', async () => {
    const c = await makeCourse(s.db);
    const res = await s.api({
      method: 'PUT',
      url: `/api/courses/${c.id}/pageData`,
      payload: page({ slug: c.slug, discountPrice: '', courseDetails: { level: 'Pro' } }),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.pageData).toMatchObject({
      slug: c.slug,
      discountPrice: null,
      courseDetails: { level: 'Pro', duration: '' },
    });
  });

  it('answers 409 when another course has the slug', async () => {
    const a = await makeCourse(s.db);
    const b = await makeCourse(s.db);
    const res = await s.api({ method: 'PUT', url: `/api/courses/${b.id}/pageData`, payload: page({ slug: a.slug }) });
    expectRefused(res, 409, { message: expect.stringContaining(`"${a.slug}" is already used`) });
  });

  it('answers 400 for a bad body or id and 404 for an unknown course', async () => {
    const c = await makeCourse(s.db);
    const bad = await s.api({
      method: 'PUT',
      url: `/api/courses/${c.id}/pageData`,
      payload: page({ slug: 'Not A Slug', price: -5 }),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toMatchObject({ slug: expect.any(String), price: expect.any(String) });
    // Price and discount price must be numbers; the form's number inputs cannot send anything else.
    const words = await s.api({
      method: 'PUT',
      url: `/api/courses/${c.id}/pageData`,
      payload: page({ slug: c.slug, price: 'ten', discountPrice: 'five' }),
    });
    expect(words.statusCode).toBe(400);
    expect(words.json().errors).toMatchObject({
      price: 'Price must be a number.',
      discountPrice: 'Discount price must be a number.',
    });
    expect((await s.api({ method: 'PUT', url: '/api/courses/nope/pageData', payload: page() })).statusCode).toBe(400);
    expect(
      (await s.api({ method: 'PUT', url: `/api/courses/${UNKNOWN_ID}/pageData`, payload: page() })).statusCode,
    ).toBe(404);
  });
});

describe('PUT /api/courses/:id/what-you-will-learn', () => {
  it('replaces the learning points', async () => {
    const c = await makeCourse(s.db, { whatYouWillLearn: ['Old'], updatedAt: OLD });
    const res = await s.api({
      method: 'PUT',
      url: `/api/courses/${c.id}/what-you-will-learn`,
      payload: { whatYouWillLearn: [' Borrowing ', 'Lifetimes'] },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.pageData.whatYouWillLearn).toEqual(['Borrowing', 'Lifetimes']);
    expect(res.json().data.updatedAt).not.toBe(OLD);
  });

  it('answers 400 for a blank point or a missing list and 404 for an unknown course', async () => {
    const c = await makeCourse(s.db);
    const url = `/api/courses/${c.id}/what-you-will-learn`;
    expect((await s.api({ method: 'PUT', url, payload: { whatYouWillLearn: ['ok', '   '] } })).statusCode).toBe(400);
    expect((await s.api({ method: 'PUT', url, payload: {} })).statusCode).toBe(400);
    expect(
      (
        await s.api({
          method: 'PUT',
          url: `/api/courses/${UNKNOWN_ID}/what-you-will-learn`,
          payload: { whatYouWillLearn: [] },
        })
      ).statusCode,
    ).toBe(404);
  });
});

describe('course routes need an admin', () => {
  const id = UNKNOWN_ID;
  const routes: Array<[string, string]> = [
    ['GET', '/api/courses'],
    ['GET', `/api/courses/${id}`],
    ['POST', '/api/courses/card'],
    ['DELETE', `/api/courses/${id}`],
    ['PUT', `/api/courses/${id}/pageData`],
    ['PUT', `/api/courses/${id}/what-you-will-learn`],
    ...['syllabus', 'faq', 'review', 'additional-resource', 'table-data'].flatMap((p): Array<[string, string]> => [
      ['POST', `/api/courses/${p}/add`],
      ['PUT', `/api/courses/${p}/update`],
      ['DELETE', `/api/courses/${p}/delete`],
    ]),
  ];

  it('answers 401 without a token and 403 for a non-admin, on every route', async () => {
    const userToken = await s.userToken();
    for (const [method, url] of routes) {
      const payload = method === 'GET' ? undefined : {};
      const none = await s.api({ method: method as 'GET', url, payload, token: null });
      expect(none.statusCode, `${method} ${url}`).toBe(401);
      const user = await s.api({ method: method as 'GET', url, payload, token: userToken });
      expect(user.statusCode, `${method} ${url}`).toBe(403);
    }
  });
});
