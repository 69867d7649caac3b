import { sql } from 'drizzle-orm';
import { rows, type Db } from '@/server/db/client';
import { batches, courses, enrollments, servicePurchases, users } from '@/server/db/schema';
import { inTransaction } from '@/server/db/transaction';
import type { Currency } from '@/shared/constants';
import { insertBatches, insertCatalogue, makeCatalogue, makeDemoBatches } from './demo-catalogue';
import { emailPart } from './demo-people';
import { SERVICE_KINDS } from './demo-services';
import {
  batchesOpenTo,
  makeEnrollmentRow,
  makePerson,
  makeServiceRow,
  makeUserRow,
  paymentCurrency,
  type BatchRow,
  type CourseRow,
  type EnrollmentRow,
  type ServiceRow,
  type UserRow,
} from './generate';
import { insertJson } from './insert-json';
import { Random, daysBefore, momentBetween } from './random';
import type { PgTable } from 'drizzle-orm/pg-core';

export interface BulkOptions {
  users: number;
  enrollments: number;
  services: number;
  /** Same seed and `now`, same rows (ids included). */
  seed?: number;
  now?: number;
  onProgress?: (table: string, done: number, total: number) => void;
}

export interface BulkResult {
  inserted: { users: number; enrollments: number; services: number; courses: number; batches: number };
  seconds: { catalogue: number; users: number; enrollments: number; services: number; total: number };
}

/** Rows per statement: big enough to amortise the round trip, small enough to keep each JSON parameter a few MB. */
const CHUNK = 5000;

interface Customer {
  user: UserRow;
  currency: Currency;
}

/**
 * Generates a large, realistic data set and inserts it in chunks of multi-row inserts, in one transaction.
 * Uses the courses and batches already in the database, or inserts the demo catalogue when there are none.
 * Emails carry a running number past the largest one already used, so repeated runs never collide.
 */
export async function seedBulk(db: Db, opts: BulkOptions): Promise<BulkResult> {
  const rng = new Random(opts.seed ?? 1);
  const now = opts.now ?? Date.now();
  const progress = opts.onProgress ?? (() => undefined);
  const started = performance.now();
  const lap = (() => {
    let last = started;
    return () => {
      const t = performance.now();
      const s = (t - last) / 1000;
      last = t;
      return s;
    };
  })();

  const result: BulkResult = {
    inserted: { users: 0, enrollments: 0, services: 0, courses: 0, batches: 0 },
    seconds: { catalogue: 0, users: 0, enrollments: 0, services: 0, total: 0 },
  };

  await inTransaction(db, async (tdb) => {
    const { courseRows, batchRows, added } = await ensureCatalogue(tdb, rng, now);
    result.inserted.courses = added.courses;
    result.inserted.batches = added.batches;
    result.seconds.catalogue = lap();

    // Users.
    const customers: Customer[] = [];
    let next = (await largestBulkNumber(tdb)) + 1;
    await insertInChunks(tdb, users, 'users', opts.users, progress, (): UserRow => {
      const person = makePerson(rng);
      const local = `${emailPart(person.first)}.${emailPart(person.last)}.${next++}`;
      const email = `${local}@${rng.pick(person.group.domains)}`;
      const user = makeUserRow(rng, person, {
        id: rng.uuid(),
        email,
        createdAt: momentBetween(rng, daysBefore(now, 548), now),
      });
      customers.push({ user, currency: paymentCurrency(rng, person) });
      return user;
    });
    result.inserted.users = opts.users;
    result.seconds.users = lap();

    // Enrollments and purchases need people: this run's, or those already there.
    if (customers.length === 0 && (opts.enrollments > 0 || opts.services > 0))
      customers.push(...(await existingCustomers(tdb)));
    if (customers.length === 0 && opts.enrollments > 0) throw new Error('No users to enroll: add --users.');

    await insertInChunks(tdb, enrollments, 'enrollments', opts.enrollments, progress, (): EnrollmentRow => {
      const { user, currency } = rng.pick(customers);
      const open = batchesOpenTo(batchRows, user, now);
      const batch = rng.pick(open.length > 0 ? open : batchRows);
      return makeEnrollmentRow(rng, { id: rng.uuid(), user, currency, course: rng.pick(courseRows), batch, now });
    });
    result.inserted.enrollments = opts.enrollments;
    result.seconds.enrollments = lap();

    await insertInChunks(tdb, servicePurchases, 'services', opts.services, progress, (): ServiceRow => {
      const kind = rng.pick(SERVICE_KINDS);
      const from = daysBefore(now, 365);
      if (customers.length > 0 && rng.chance(0.85))
        return makeServiceRow(rng, { id: rng.uuid(), kind, customer: rng.pick(customers), from, now });
      const guest = makePerson(rng);
      const email = `${emailPart(guest.first)}.${emailPart(guest.last)}@${rng.pick(guest.group.domains)}`;
      return makeServiceRow(rng, { id: rng.uuid(), kind, customer: { guest, email }, from, now });
    });
    result.inserted.services = opts.services;
    result.seconds.services = lap();
  });

  result.seconds.total = (performance.now() - started) / 1000;
  return result;
}

/** Inserts `total` rows, each from `make`, CHUNK at a time, reporting progress as `name` after each chunk. */
async function insertInChunks<T extends PgTable>(
  db: Db,
  table: T,
  name: string,
  total: number,
  progress: NonNullable<BulkOptions['onProgress']>,
  make: () => T['$inferInsert'],
): Promise<void> {
  for (let done = 0; done < total;) {
    const chunk: T['$inferInsert'][] = [];
    while (chunk.length < CHUNK && done + chunk.length < total) chunk.push(make());
    await insertJson(db, table, chunk);
    done += chunk.length;
    progress(name, done, total);
  }
}

/** The courses and batches to enroll into; the demo catalogue and cohorts when the database has none. */
async function ensureCatalogue(db: Db, rng: Random, now: number) {
  let courseRows = (await db.select().from(courses)) as CourseRow[];
  let batchRows = (await db.select().from(batches)) as BatchRow[];
  const added = { courses: 0, batches: 0 };
  if (courseRows.length === 0) {
    const catalogue = makeCatalogue(rng, now);
    await insertCatalogue(db, catalogue);
    courseRows = catalogue.courses;
    added.courses = courseRows.length;
  }
  if (batchRows.length === 0) {
    batchRows = makeDemoBatches(rng);
    await insertBatches(db, batchRows);
    added.batches = batchRows.length;
  }
  return { courseRows, batchRows, added };
}

/** The largest running number in bulk emails (first.last.N@domain), or 0. */
async function largestBulkNumber(db: Db): Promise<number> {
  const [row] = await rows<{ n: number | null }>(
    db,
    sql`select max(substring(email from '\\.([0-9]+)@')::int) as n
      from users where email ~ '^[a-z]+\\.[a-z]+\\.[0-9]+@'`,
  );
  return row?.n ?? 0;
}

async function existingCustomers(db: Db): Promise<Customer[]> {
  const list = await db
    .select()
    .from(users)
    .where(sql`${users.role} = 'user'`)
    .limit(100_000);
  return list.map((user) => ({ user, currency: 'USD' as const }));
}
