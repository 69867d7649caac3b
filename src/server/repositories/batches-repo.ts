import { eq, sql } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { batches, enrollments } from '@/server/db/schema';
import type { Batch, BatchBody, BatchUpdateBody } from '@/shared/schemas';
import { asText, iso, jsonObject, jsonText, jsonValue } from './sql-json';

/** Wire Batch over alias `b`, with the count from the grouped join `c` (see `fromBatches`). */
export const batchJsonSql = jsonObject({
  _id: 'b.id',
  batchName: 'b.batch_name',
  startDate: iso('b.start_date'),
  endDate: iso('b.end_date'),
  isActive: 'b.is_active',
  createdAt: iso('b.created_at'),
  enrollmentCount: 'coalesce(c.n, 0)',
});

/** One grouped count joined in, so a list costs one query whatever the number of batches. */
const fromBatches = sql`from batches b left join (
  select batch_id, count(*)::int as n from enrollments where batch_id is not null group by batch_id
) c on c.batch_id = b.id`;

/** All batches, oldest first (the client reverses), one JSON text per row (for the list cache's cursor). */
export const batchesListRows = sql`select ${asText(batchJsonSql)} as json ${fromBatches} order by b.created_at, b.id`;

/** The same list as JSON text of an array, for the allBatches of a write's reply. */
export function listBatchesJson(db: Db): Promise<string> {
  return jsonText(
    db,
    sql`select coalesce(json_agg(${batchJsonSql} order by b.created_at, b.id), '[]'::json)::text as json
      ${fromBatches}`,
  );
}

export function getBatch(db: Db, id: string): Promise<Batch | null> {
  return jsonValue<Batch>(db, sql`select ${asText(batchJsonSql)} as json ${fromBatches} where b.id = ${id}`);
}

/** Dates are normalised to ISO here: the schema accepts anything Date.parse reads, PostgreSQL does not. */
const toIso = (date: string | null) => (date === null ? null : new Date(date).toISOString());

export async function createBatch(db: Db, body: BatchBody): Promise<string> {
  const [row] = await db
    .insert(batches)
    .values({
      batchName: body.batchName,
      startDate: toIso(body.startDate)!,
      endDate: toIso(body.endDate),
      isActive: body.isActive,
    })
    .returning({ id: batches.id });
  return row!.id;
}

/** False when no batch has this id. */
export async function updateBatch(db: Db, id: string, body: BatchUpdateBody): Promise<boolean> {
  const updated = await db
    .update(batches)
    .set({
      batchName: body.batchName,
      startDate: toIso(body.startDate)!,
      endDate: toIso(body.endDate),
      ...(body.isActive === undefined ? {} : { isActive: body.isActive }),
    })
    .where(eq(batches.id, id))
    .returning({ id: batches.id });
  return updated.length > 0;
}

export type DeleteBatchResult = { deleted: true } | { deleted: false; enrollmentCount: number | null };

/**
 * Deletes a batch that holds no enrollments. The batch row is locked first: a concurrent enrollment
 * into it (which takes a key-share lock on the batch) waits, so the count cannot go stale before the delete.
 * `enrollmentCount` is null when the batch does not exist.
 */
export function deleteEmptyBatch(db: Db, id: string): Promise<DeleteBatchResult> {
  return db.transaction(async (tx) => {
    const [batch] = await tx.select({ id: batches.id }).from(batches).where(eq(batches.id, id)).for('update');
    if (!batch) return { deleted: false, enrollmentCount: null };
    const [count] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(enrollments)
      .where(eq(enrollments.batchId, id));
    if (count && count.n > 0) return { deleted: false, enrollmentCount: count.n };
    await tx.delete(batches).where(eq(batches.id, id));
    return { deleted: true };
  });
}
