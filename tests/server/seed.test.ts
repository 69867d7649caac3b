import fs from 'node:fs';
import path from 'node:path';
import { asc, desc, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { rows } from '@/server/db/client';
import { batches, courses, enrollments, servicePurchases, users } from '@/server/db/schema';
import { DEMO_COURSES } from '@/server/db/seed/demo-courses';
import { SERVICE_KINDS } from '@/server/db/seed/demo-services';
import { seedDemoData } from '@/server/demo-seed';
import { batchSchema, courseSchema, enrollmentSchema, serviceSchema, userSchema } from '@/shared/schemas';
import { createTestServer, type TestServer } from '../utils/build-server';

let a: TestServer;
let b: TestServer;
// How long seeding takes is measured by `npm run bench:seed`, not asserted here.
beforeAll(async () => {
  [a, b] = await Promise.all([createTestServer(), createTestServer()]);
  await seedDemoData(a.db);
  await seedDemoData(b.db);
});
afterAll(async () => {
  await Promise.all([a?.close(), b?.close()]);
});

/** Demo rows only: the test admin made by createTestServer is not part of the demo. */
const demoUsers = (s: TestServer) =>
  s.db
    .select({ name: users.name, email: users.email, createdAt: users.createdAt })
    .from(users)
    .where(sql`${users.role} = 'user'`)
    .orderBy(desc(users.createdAt), desc(users.id));

describe('seedDemoData', () => {
  it('creates about 60 users with a realistic mix of verified and empty optional fields', async () => {
    const list = await a.db
      .select()
      .from(users)
      .where(sql`${users.role} = 'user'`);
    expect(list.length).toBeGreaterThanOrEqual(55);
    expect(list.length).toBeLessThanOrEqual(65);
    expect(list.some((u) => u.isVerified)).toBe(true);
    expect(list.some((u) => !u.isVerified)).toBe(true);
    for (const field of ['age', 'occupation', 'contactNo', 'interest', 'pastExperience'] as const) {
      expect(
        list.some((u) => u[field] === null),
        `${field} empty for some`,
      ).toBe(true);
      expect(
        list.some((u) => u[field] !== null),
        `${field} filled for some`,
      ).toBe(true);
    }
    expect(list.some((u) => /[À-ž]/.test(u.name))).toBe(true); // accented names like José Álvarez
    expect(new Set(list.map((u) => u.email.toLowerCase())).size).toBe(list.length);
    // Created over roughly the 18 months before the reference date, never after it.
    const times = list.map((u) => Date.parse(u.createdAt));
    expect(Math.max(...times)).toBeLessThanOrEqual(Date.parse('2026-11-01T09:00:00Z'));
    expect(Math.min(...times)).toBeLessThan(Date.parse('2025-09-01T00:00:00Z'));
  });

  it('creates 6 courses, each with all seven parts of its page filled', async () => {
    const res = await a.api({ method: 'GET', url: '/api/courses' });
    const list = await a.db.select().from(courses);
    expect(list).toHaveLength(6);
    for (const c of list) {
      expect(c.cardImage).toBe(`/images/courses/${c.slug}.svg`);
      expect(fs.existsSync(path.join('public', c.cardImage))).toBe(true);
      for (const v of [
        c.title,
        c.description,
        c.slug,
        c.duration,
        c.level,
        c.language,
        c.certificate,
        c.instructor,
        c.enrollmentDeadline,
        c.startDate,
      ]) {
        expect(v.length).toBeGreaterThan(0);
      }
      expect(Number(c.price)).toBeGreaterThan(0);
      expect(c.whatYouWillLearn.length).toBeGreaterThanOrEqual(5);
      expect(c.whatYouWillLearn.length).toBeLessThanOrEqual(8);
    }
    const counts = await rows<{
      slug: string;
      syllabus: number;
      faq: number;
      reviews: number;
      resources: number;
      table_data: number;
      bad_ratings: number;
      bad_links: number;
    }>(
      a.db,
      sql`select c.slug,
        (select count(*)::int from course_syllabus x where x.course_id = c.id) as syllabus,
        (select count(*)::int from course_faqs x where x.course_id = c.id) as faq,
        (select count(*)::int from course_reviews x where x.course_id = c.id) as reviews,
        (select count(*)::int from course_resources x where x.course_id = c.id) as resources,
        (select count(*)::int from course_table_data x where x.course_id = c.id) as table_data,
        (select count(*)::int from course_reviews x where x.course_id = c.id and x.rating not between 1 and 5) as bad_ratings,
        (select count(*)::int from course_resources x where x.course_id = c.id and x.link not like 'https://%') as bad_links
      from courses c`,
    );
    for (const c of counts) {
      expect(c.syllabus, c.slug).toBeGreaterThanOrEqual(6);
      expect(c.syllabus, c.slug).toBeLessThanOrEqual(10);
      expect(c.faq, c.slug).toBeGreaterThanOrEqual(4);
      expect(c.faq, c.slug).toBeLessThanOrEqual(6);
      expect(c.reviews, c.slug).toBeGreaterThanOrEqual(3);
      expect(c.reviews, c.slug).toBeLessThanOrEqual(6);
      expect(c.resources, c.slug).toBeGreaterThanOrEqual(2);
      expect(c.resources, c.slug).toBeLessThanOrEqual(4);
      expect(c.table_data, c.slug).toBeGreaterThanOrEqual(4);
      expect(c.table_data, c.slug).toBeLessThanOrEqual(6);
      expect(c.bad_ratings + c.bad_links, c.slug).toBe(0);
    }
    // The wire shape carries all seven parts too.
    expect(res.statusCode).toBe(200);
    for (const c of res.json().data) {
      const p = c.pageData;
      for (const part of [p.syllabus, p.faq, p.reviews, p.additionalResources, p.tableData, p.whatYouWillLearn])
        expect(part.length).toBeGreaterThan(0);
    }
  });

  it('creates 4 batches, 2 active and 2 ended, one without an end date', async () => {
    const list = await a.db.select().from(batches).orderBy(asc(batches.createdAt));
    expect(list).toHaveLength(4);
    expect(list.filter((x) => x.isActive)).toHaveLength(2);
    expect(list.filter((x) => x.endDate === null)).toHaveLength(1);
    expect(list.find((x) => x.endDate === null)?.isActive).toBe(true);
    const ended = list.filter((x) => x.endDate !== null && Date.parse(x.endDate) < Date.parse('2026-11-01T00:00:00Z'));
    expect(ended).toHaveLength(2);
    expect(ended.every((x) => !x.isActive)).toBe(true);
  });

  it('creates about 150 enrollments in four currencies, some pending and some without payment details', async () => {
    const list = await a.db.select().from(enrollments);
    expect(list.length).toBeGreaterThanOrEqual(140);
    expect(list.length).toBeLessThanOrEqual(160);
    expect(new Set(list.map((e) => e.currency).filter(Boolean))).toEqual(new Set(['INR', 'USD', 'EUR', 'GBP']));
    expect(list.some((e) => e.amount === null && e.paymentMethod === null && e.transactionId === null)).toBe(true);
    expect(list.some((e) => e.availableDays === 'Mon, Wed, Fri')).toBe(true);
    const approved = list.filter((e) => e.isVerified);
    const pending = list.filter((e) => !e.isVerified);
    expect(approved.length).toBeGreaterThan(0);
    expect(pending.length).toBeGreaterThan(0);
    expect(approved.every((e) => e.verifiedAt !== null)).toBe(true);
    expect(pending.every((e) => e.verifiedAt === null)).toBe(true);
    expect(new Set(list.map((e) => e.batchId)).size).toBe(4);
    expect(new Set(list.map((e) => e.courseId)).size).toBe(6);

    // The copies agree with the user and the course they were taken from.
    const [mismatch] = await rows<{ n: number }>(
      a.db,
      sql`select count(*)::int as n from enrollments e join users u on u.id = e.user_id join courses c on c.id = e.course_id
          where e.user_name <> u.name or e.user_email <> u.email or e.user_phone is distinct from u.contact_no
             or e.course_title <> c.title or e.course_slug <> c.slug or e.course_description <> c.description`,
    );
    expect(mismatch?.n).toBe(0);
  });

  it('creates about 25 service purchases, most linked to a user, some verified', async () => {
    const list = await a.db.select().from(servicePurchases);
    expect(list.length).toBeGreaterThanOrEqual(20);
    expect(list.length).toBeLessThanOrEqual(30);
    expect(list.some((s) => s.userId === null)).toBe(true);
    expect(list.filter((s) => s.userId !== null).length).toBeGreaterThan(list.length / 2);
    expect(list.some((s) => s.isVerified)).toBe(true);
    expect(list.some((s) => !s.isVerified)).toBe(true);
    for (const s of list) expect(fs.existsSync(path.join('public', s.image)), s.image).toBe(true);
    for (const kind of SERVICE_KINDS) expect(fs.existsSync(path.join('public', kind.image)), kind.image).toBe(true);
  });

  it('is deterministic: two fresh databases get the same people in the same order', async () => {
    const [first, second] = await Promise.all([demoUsers(a), demoUsers(b)]);
    expect(first.length).toBeGreaterThan(0);
    expect(second).toEqual(first);
    const courseSlugs = (s: TestServer) =>
      s.db.select({ slug: courses.slug, id: courses.id }).from(courses).orderBy(asc(courses.slug));
    expect(await courseSlugs(b)).toEqual(await courseSlugs(a));
    const enr = (s: TestServer) =>
      s.db
        .select({ email: enrollments.userEmail, amount: enrollments.amount, currency: enrollments.currency })
        .from(enrollments)
        .orderBy(desc(enrollments.createdAt), desc(enrollments.id));
    expect(await enr(b)).toEqual(await enr(a));
  });

  it('serves every list in the wire shape of the contract', async () => {
    const lists = [
      { url: '/api/users', key: 'users', schema: userSchema, min: 60 },
      { url: '/api/courses', key: 'data', schema: courseSchema, min: 6 },
      { url: '/api/batches', key: 'batches', schema: batchSchema, min: 4 },
      { url: '/api/enrollments', key: 'data', schema: enrollmentSchema, min: 150 },
      { url: '/api/services', key: 'data', schema: serviceSchema, min: 25 },
    ];
    for (const { url, key, schema, min } of lists) {
      const res = await a.api({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      const list = z.array(schema).parse(res.json()[key]);
      expect(list.length, url).toBeGreaterThanOrEqual(min);
    }
  });

  it('has a small course image for every demo course', () => {
    for (const c of DEMO_COURSES) {
      const file = path.join('public/images/courses', `${c.slug}.svg`);
      expect(fs.statSync(file).size).toBeLessThan(2048);
    }
  });
});
