import type { Db } from '@/server/db/client';
import { enrollments, servicePurchases, users } from '@/server/db/schema';
import type { Currency } from '@/shared/constants';
import { insertBatches, insertCatalogue, makeCatalogue, makeDemoBatches } from './demo-catalogue';
import { SERVICE_KINDS } from './demo-services';
import {
  batchesOpenTo,
  makeEnrollmentRow,
  makePerson,
  makeServiceRow,
  makeUserRow,
  paymentCurrency,
  personalEmail,
  type EnrollmentRow,
  type ServiceRow,
  type UserRow,
} from './generate';
import { REFERENCE_DATE, Random, daysBefore, momentBetween } from './random';

export const DEMO_ADMIN = { name: 'Demo Admin', email: 'admin@coursedesk.dev', password: 'coursedesk-demo' } as const;

export const DEMO_SEED = 20261101;
export const DEMO_COUNTS = { users: 60, enrollments: 150, services: 25 } as const;

/** The whole demo business as rows, computed without a database (same seed, same rows). */
export function buildDemoData(seed = DEMO_SEED, now = REFERENCE_DATE) {
  const rng = new Random(seed);

  const emails = new Set<string>();
  const names = new Set<string>();
  const people: { user: UserRow; currency: Currency }[] = [];
  while (people.length < DEMO_COUNTS.users) {
    const person = makePerson(rng);
    const email = personalEmail(rng, person);
    const name = `${person.first} ${person.last}`;
    if (emails.has(email) || names.has(name)) continue;
    emails.add(email);
    names.add(name);
    const user = makeUserRow(rng, person, {
      id: rng.uuid(),
      email,
      createdAt: momentBetween(rng, daysBefore(now, 548), daysBefore(now, 1)),
    });
    people.push({ user, currency: paymentCurrency(rng, person) });
  }

  const catalogue = makeCatalogue(rng, now);
  const courseRows = catalogue.courses;
  const batchRows = makeDemoBatches(rng);

  const enrollmentRows: EnrollmentRow[] = [];
  const taken = new Set<string>();
  while (enrollmentRows.length < DEMO_COUNTS.enrollments) {
    const { user, currency } = rng.pick(people);
    const open = batchesOpenTo(batchRows, user, now);
    if (open.length === 0) continue;
    const batch = rng.pick(open);
    const course = rng.pick(courseRows);
    const key = `${user.id}/${course.id}/${batch.id}`;
    if (taken.has(key)) continue;
    taken.add(key);
    enrollmentRows.push(makeEnrollmentRow(rng, { id: rng.uuid(), user, currency, course, batch, now }));
  }

  const serviceRows: ServiceRow[] = [];
  for (let i = 0; i < DEMO_COUNTS.services; i++) {
    const kind = rng.pick(SERVICE_KINDS);
    const from = daysBefore(now, 365);
    if (rng.chance(0.8)) {
      serviceRows.push(makeServiceRow(rng, { id: rng.uuid(), kind, customer: rng.pick(people), from, now }));
    } else {
      const guest = makePerson(rng);
      serviceRows.push(
        makeServiceRow(rng, { id: rng.uuid(), kind, customer: { guest, email: personalEmail(rng, guest) }, from, now }),
      );
    }
  }

  return {
    users: people.map((p) => p.user),
    ...catalogue,
    batches: batchRows,
    enrollments: enrollmentRows,
    services: serviceRows,
  };
}

export type DemoRows = ReturnType<typeof buildDemoData>;

/**
 * Inserts demo rows on an empty database: one transaction, one insert per table. The start-up's seed
 * (src/server/demo-seed.ts) gives the rows as they were before the demo's recorded past, then writes it.
 */
export async function insertDemoRows(db: Db, rows: DemoRows): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.insert(users).values(rows.users);
    await insertCatalogue(tx, rows);
    await insertBatches(tx, rows.batches);
    await tx.insert(enrollments).values(rows.enrollments);
    await tx.insert(servicePurchases).values(rows.services);
  });
}
