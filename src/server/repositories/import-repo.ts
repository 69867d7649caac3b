import { sql } from 'drizzle-orm';
import { rows, type Db } from '@/server/db/client';

export interface ImportUser {
  id: string;
  name: string;
  email: string;
}
export interface ImportCourse {
  id: string;
  title: string;
  slug: string;
}

/** Lists travel as one JSON parameter: 50,000 values would otherwise be 50,000 bind parameters. */
const jsonList = (values: readonly string[]) => sql`(select json_array_elements_text(${JSON.stringify(values)}::json))`;

/** Users by lower-cased email (the users_email_key index is on lower(email)). */
export const usersByEmail = (db: Db, lowerEmails: readonly string[]) =>
  rows<ImportUser>(db, sql`select id, name, email from users where lower(email) in ${jsonList(lowerEmails)}`);

export const allCourses = (db: Db) => rows<ImportCourse>(db, sql`select id, title, slug from courses`);

/** The transaction IDs among `ids` that some enrollment already holds (in any batch). */
export async function recordedTransactionIds(db: Db, ids: readonly string[]): Promise<Set<string>> {
  const found = await rows<{ id: string }>(
    db,
    sql`select distinct transaction_id as id from enrollments where transaction_id in ${jsonList(ids)}`,
  );
  return new Set(found.map((r) => r.id));
}

/**
 * Imports and enrolls serialise on this lock (per database) so two of them cannot both record one transaction ID.
 * Its own key: 727275 is the start-up's lock (bootstrap.ts), which an import must not wait on.
 */
export const lockImports = (db: Db) => db.execute(sql`select pg_advisory_xact_lock(hashtext('transaction-ids'))`);

export interface ImportInsert {
  userId: string;
  courseId: string;
  amount: string;
  currency: string;
  paymentMethod: string;
  transactionId: string;
}

/**
 * Inserts every row in ONE statement (one sync version, one trigger run), copying the user's contact and the
 * course's page details as the enroll route does. The caller holds the import lock and has left out the
 * transaction IDs already recorded (a NOT EXISTS here made the planner loop over the table per row: the
 * function's row estimate is 100). A user or course deleted since it was looked up adds nothing. Returns the
 * new enrollments' ids by transaction ID.
 */
export async function insertEnrollments(db: Db, batchId: string, items: readonly ImportInsert[]) {
  const inserted = await rows<{ id: string; transaction_id: string }>(
    db,
    sql`insert into enrollments (batch_id, user_id, course_id, user_name, user_email, user_phone,
          course_title, course_description, course_slug, amount, currency, payment_method, transaction_id)
        select ${batchId}, u.id, c.id, u.name, u.email, u.contact_no, c.title, c.description, c.slug,
          x."amount", x."currency", x."paymentMethod", x."transactionId"
        from json_to_recordset(${JSON.stringify(items)}::json) as x("userId" uuid, "courseId" uuid,
          "amount" numeric(12, 2), "currency" text, "paymentMethod" text, "transactionId" text)
        join users u on u.id = x."userId"
        join courses c on c.id = x."courseId"
        returning id, transaction_id`,
  );
  return new Map(inserted.map((r) => [r.transaction_id, r.id]));
}
