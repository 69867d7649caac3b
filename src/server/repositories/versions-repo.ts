import { sql, type SQL } from 'drizzle-orm';
import { rows, type Db } from '@/server/db/client';
import type { Batch, Enrollment, ExpectedBatch, Service } from '@/shared/schemas';
import { getBatch } from './batches-repo';
import { getCourse } from './courses-repo';
import { enrollmentJsonSql } from './enrollments-repo';
import { serviceJsonSql } from './services-repo';
import { asText, jsonValue } from './sql-json';

/** The records a write may name the version of (docs/conflicts.md), each with its table and its wire shape. */
const VERSIONED = {
  enrollment: {
    table: sql.raw('enrollments'),
    get: (db: Db, id: string) =>
      jsonValue<Enrollment>(
        db,
        sql`select ${asText(enrollmentJsonSql)} as json from enrollments e left join users u on u.id = e.user_id
          where e.id = ${id}`,
      ),
  },
  service: {
    table: sql.raw('service_purchases'),
    get: (db: Db, id: string) =>
      jsonValue<Service>(
        db,
        sql`select ${asText(serviceJsonSql)} as json from service_purchases p left join users u on u.id = p.user_id
          where p.id = ${id}`,
      ),
  },
  course: { table: sql.raw('courses'), get: getCourse },
} as const;
export type VersionedKind = keyof typeof VERSIONED;

/**
 * Locks the record's row and compares it with the version the write was made on: the record as it is now
 * when it differs (the write must be refused), null when it is the same, when no version was named (the
 * spec's clients: nothing is checked or locked) or when there is no such record (the write says 404).
 * Locked first, so no other write changes the row between this check and the write in the same transaction.
 */
export async function staleRecord(db: Db, kind: VersionedKind, id: string, expectedUpdatedAt: string | undefined) {
  if (expectedUpdatedAt === undefined) return null;
  const { table, get } = VERSIONED[kind] as { table: SQL; get: (db: Db, id: string) => Promise<unknown> };
  return staleWhen(
    db,
    sql`select date_trunc('milliseconds', updated_at) <> ${expectedUpdatedAt}::timestamptz as stale
      from ${table} where id = ${id} for update`,
    () => get(db, id),
  );
}

/** The same for a batch, whose version is its values (it has no updatedAt on the wire). */
export function staleBatch(db: Db, id: string, expected: ExpectedBatch | undefined): Promise<Batch | null> {
  if (expected === undefined) return Promise.resolve(null);
  return staleWhen(
    db,
    sql`select not (batch_name = ${expected.batchName}
        and date_trunc('milliseconds', start_date) = ${expected.startDate}::timestamptz
        and date_trunc('milliseconds', end_date) is not distinct from ${expected.endDate}::timestamptz
        and is_active = ${expected.isActive}) as stale
      from batches where id = ${id} for update`,
    () => getBatch(db, id),
  );
}

async function staleWhen<T>(db: Db, check: SQL, current: () => Promise<T | null>): Promise<T | null> {
  const [row] = await rows<{ stale: boolean }>(db, check);
  return row?.stale ? current() : null;
}
