import type { Db } from '@/server/db/client';
import { batches, courses, enrollments, servicePurchases, users } from '@/server/db/schema';

/** A well-formed id that no record has. */
export const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

let n = 0;
const seq = () => ++n + Math.floor(Math.random() * 1e6) * 1000;

/** Small direct inserts for test setup; every field can be overridden. */
export async function makeUser(db: Db, over: Partial<typeof users.$inferInsert> = {}) {
  const i = seq();
  const [row] = await db
    .insert(users)
    .values({
      name: `User ${i}`,
      email: `user${i}@test.dev`,
      isVerified: true,
      occupation: 'Engineer',
      contactNo: '555-0100',
      ...over,
    })
    .returning();
  return row!;
}

export async function makeCourse(db: Db, over: Partial<typeof courses.$inferInsert> = {}) {
  const i = seq();
  const [row] = await db
    .insert(courses)
    .values({
      cardImage: '/images/courses/web.svg',
      cardTitle: `Course ${i}`,
      cardDescription: 'A course.',
      cardRating: 4.5,
      cardReviews: 10,
      cardPrice: '99.00',
      title: `Course ${i}`,
      description: 'A course page.',
      slug: `course-${i}`,
      price: '99.00',
      ...over,
    })
    .returning();
  return row!;
}

export async function makeBatch(db: Db, over: Partial<typeof batches.$inferInsert> = {}) {
  const [row] = await db
    .insert(batches)
    .values({ batchName: `Batch ${seq()}`, startDate: '2026-01-01T00:00:00.000Z', isActive: true, ...over })
    .returning();
  return row!;
}

export async function makeEnrollment(db: Db, over: Partial<typeof enrollments.$inferInsert> = {}) {
  const i = seq();
  const [row] = await db
    .insert(enrollments)
    .values({
      userName: `Student ${i}`,
      userEmail: `student${i}@test.dev`,
      userPhone: '555-0101',
      courseTitle: 'Course',
      courseDescription: 'About the course',
      courseSlug: `course-${i}`,
      amount: '49.00',
      currency: 'USD',
      paymentMethod: 'card',
      transactionId: `tx_${i}`,
      ...over,
    })
    .returning();
  return row!;
}

export async function makeService(db: Db, over: Partial<typeof servicePurchases.$inferInsert> = {}) {
  const i = seq();
  const [row] = await db
    .insert(servicePurchases)
    .values({
      title: 'SEO Audit',
      description: 'A full audit.',
      image: '/uploads/seo-audit.png',
      customerName: `Customer ${i}`,
      customerEmail: `customer${i}@test.dev`,
      customerPhone: '555-0102',
      amount: '150.00',
      currency: 'USD',
      paymentMethod: 'card',
      transactionId: `svc_${i}`,
      ...over,
    })
    .returning();
  return row!;
}
