import { sql } from 'drizzle-orm';
import { rows, type Db } from '@/server/db/client';
import { batches, courses, enrollments, servicePurchases, users } from '@/server/db/schema';
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
const CHUNK = { users: 5000, enrollments: 5000, services: 5000 } as const;

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

  await db.transaction(async (tx) => {
    const tdb = tx as unknown as Db;
    const { courseRows, batchRows, added } = await ensureCatalogue(tdb, rng, now);
    result.inserted.courses = added.courses;
    result.inserted.batches = added.batches;
    result.seconds.catalogue = lap();

    // Users.
    const customers: Customer[] = [];
    let next = (await largestBulkNumber(tdb)) + 1;
    for (let done = 0; done < opts.users;) {
      const chunk: UserRow[] = [];
      for (let i = 0; i < CHUNK.users && done + i < opts.users; i++) {
        const person = makePerson(rng);
        const local = `${emailPart(person.first)}.${emailPart(person.last)}.${next++}`;
        const email = `${local}@${rng.pick(person.group.domains)}`;
        const user = makeUserRow(rng, person, {
          id: rng.uuid(),
          email,
          createdAt: momentBetween(rng, daysBefore(now, 548), now),
        });
        chunk.push(user);
        customers.push({
          user,
          currency: paymentCurrency(rng, person),
        });
      }
      await insertJson(tdb, users, chunk);
      done += chunk.length;
      progress('users', done, opts.users);
    }
    result.inserted.users = opts.users;
    result.seconds.users = lap();

    // Enrollments and purchases need people: this run's, or those already there.
    if (customers.length === 0 && (opts.enrollments > 0 || opts.services > 0))
      customers.push(...(await existingCustomers(tdb)));
    if (customers.length === 0 && opts.enrollments > 0) throw new Error('No users to enroll: add --users.');

    for (let done = 0; done < opts.enrollments;) {
      const chunk: EnrollmentRow[] = [];
      for (let i = 0; i < CHUNK.enrollments && done + i < opts.enrollments; i++) {
        const { user, currency } = rng.pick(customers);
        const open = batchesOpenTo(batchRows, user, now);
        const batch = rng.pick(open.length > 0 ? open : batchRows);
        chunk.push(
          makeEnrollmentRow(rng, { id: rng.uuid(), user, currency, course: rng.pick(courseRows), batch, now }),
        );
      }
      await insertJson(tdb, enrollments, chunk);
      done += chunk.length;
      progress('enrollments', done, opts.enrollments);
    }
    result.inserted.enrollments = opts.enrollments;
    result.seconds.enrollments = lap();

    for (let done = 0; done < opts.services;) {
      const chunk: ServiceRow[] = [];
      for (let i = 0; i < CHUNK.services && done + i < opts.services; i++) {
        const kind = rng.pick(SERVICE_KINDS);
        const from = daysBefore(now, 365);
        if (customers.length > 0 && rng.chance(0.85)) {
          chunk.push(makeServiceRow(rng, { id: rng.uuid(), kind, customer: rng.pick(customers), from, now }));
        } else {
          const guest = makePerson(rng);
          const email = `${emailPart(guest.first)}.${emailPart(guest.last)}@${rng.pick(guest.group.domains)}`;
          chunk.push(makeServiceRow(rng, { id: rng.uuid(), kind, customer: { guest, email }, from, now }));
        }
      }
      await insertJson(tdb, servicePurchases, chunk);
      done += chunk.length;
      progress('services', done, opts.services);
    }
    result.inserted.services = opts.services;
    result.seconds.services = lap();
  });

  result.seconds.total = (performance.now() - started) / 1000;
  return result;
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
