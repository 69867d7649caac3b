import { eq, sql, type SQLWrapper } from 'drizzle-orm';
import { rows, type Db } from '@/server/db/client';
import { enrollments } from '@/server/db/schema';
import type { enrollBody, Enrollment, EnrollmentUpdateBody } from '@/shared/schemas';
import { asText, iso, jsonObject, jsonObjectOrNull, writeReturningWire } from './sql-json';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { z } from 'zod';

/**
 * Wire Enrollment over `e` (the enrollment) left-joined to `u` (its user, null once deleted).
 * Money leaves numeric(12,2) as float8 so the JSON holds plain numbers such as 49 or 12.5.
 */
export const enrollmentJsonSql = jsonObject({
  _id: 'e.id',
  batchId: 'e.batch_id',
  userId: jsonObjectOrNull(
    'u.id',
    jsonObject({
      _id: 'u.id',
      name: 'u.name',
      email: 'u.email',
      phone: 'u.contact_no',
      occupation: 'u.occupation',
      interest: 'u.interest',
      pastExperience: 'u.past_experience',
    }),
  ),
  userDetails: jsonObject({ name: 'e.user_name', email: 'e.user_email', phone: 'e.user_phone' }),
  courseDetails: jsonObject({
    title: 'e.course_title',
    description: 'e.course_description',
    slug: 'e.course_slug',
    availableDays: 'e.available_days',
  }),
  amount: 'e.amount::float8',
  currency: 'e.currency',
  paymentMethod: 'e.payment_method',
  transactionId: 'e.transaction_id',
  paymentId: 'e.payment_id',
  amountPaid: 'e.amount_paid::float8',
  paymentStatus: 'e.payment_status',
  progress: 'e.progress',
  completed: 'e.completed',
  certificateIssued: 'e.certificate_issued',
  isApproved: 'e.is_approved',
  isVerified: 'e.is_verified',
  verifiedAt: iso('e.verified_at'),
  createdAt: iso('e.created_at'),
  updatedAt: iso('e.updated_at'),
});

/** All enrollments, newest first, one JSON text per row (for the list cache's cursor). */
export const enrollmentsListRows = sql`select ${asText(enrollmentJsonSql)} as json
  from enrollments e left join users u on u.id = e.user_id order by e.created_at desc, e.id desc`;

/** An enrollment write ending in `returning()`, giving back the row in the wire shape (null: none matched). */
const writeReturningEnrollment = (db: Db, mutation: SQLWrapper) =>
  writeReturningWire<Enrollment>(db, mutation, 'e', enrollmentJsonSql);

const updateOne = (db: Db, id: string, set: PgUpdateSetSource<typeof enrollments>) =>
  writeReturningEnrollment(
    db,
    db
      .update(enrollments)
      .set({ ...set, updatedAt: sql`now()` })
      .where(eq(enrollments.id, id))
      .returning(),
  );

export type EnrollInput = z.output<typeof enrollBody>;
export type EnrollResult = Enrollment | { missing: 'User' | 'Course' | 'Batch' };

interface EnrollSources {
  user: { name: string; email: string; phone: string | null } | null;
  course: { title: string; description: string; slug: string } | null;
  batch: boolean;
}

/** Enrolls a user, copying their contact and the course's page details so the record outlives both. */
export async function enroll(db: Db, input: EnrollInput): Promise<EnrollResult> {
  const [found] = await rows<EnrollSources>(
    db,
    sql`select
      (select ${jsonObject({ name: 'name', email: 'email', phone: 'contact_no' })}
        from users where id = ${input.userId}) as "user",
      (select ${jsonObject({ title: 'title', description: 'description', slug: 'slug' })}
        from courses where id = ${input.courseId}) as course,
      exists (select 1 from batches where id = ${input.batchId}) as batch`,
  );
  if (!found?.user) return { missing: 'User' };
  if (!found.course) return { missing: 'Course' };
  if (!found.batch) return { missing: 'Batch' };
  const created = await writeReturningEnrollment(
    db,
    db
      .insert(enrollments)
      .values({
        userId: input.userId,
        courseId: input.courseId,
        batchId: input.batchId,
        userName: found.user.name,
        userEmail: found.user.email,
        userPhone: found.user.phone,
        courseTitle: found.course.title,
        courseDescription: found.course.description,
        courseSlug: found.course.slug,
        amount: input.amount.toFixed(2),
        currency: input.currency,
        paymentMethod: input.paymentMethod ?? null,
        transactionId: input.transactionId ?? null,
      })
      .returning(),
  );
  return created!;
}

export const setProgress = (db: Db, id: string, progress: number) => updateOne(db, id, { progress });

export const markCompleted = (db: Db, id: string) => updateOne(db, id, { completed: true, progress: 100 });

export const setVerified = (db: Db, id: string, verified: boolean) =>
  updateOne(db, id, { isVerified: verified, verifiedAt: verified ? sql`now()` : null });

export async function batchExists(db: Db, id: string): Promise<boolean> {
  const [row] = await rows<{ found: boolean }>(
    db,
    sql`select exists (select 1 from batches where id = ${id}) as found`,
  );
  return row?.found ?? false;
}

export function updateEnrollment(db: Db, id: string, body: EnrollmentUpdateBody): Promise<Enrollment | null> {
  const { amountPaid, ...rest } = body;
  return updateOne(db, id, { ...rest, ...(amountPaid === undefined ? {} : { amountPaid: amountPaid.toFixed(2) }) });
}

/** Deletes and returns the deleted enrollment in the wire shape. */
export const deleteEnrollment = (db: Db, id: string) =>
  writeReturningEnrollment(db, db.delete(enrollments).where(eq(enrollments.id, id)).returning());
