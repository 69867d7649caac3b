import { getTableColumns, getTableName, sql } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import type { PgTable } from 'drizzle-orm/pg-core';

/**
 * A multi-row insert that ships the rows as one JSON parameter, expanded by
 * json_populate_recordset. Drizzle's own multi-row insert builds one bind parameter per cell: for
 * 200,000 enrollments that is 5 million parameters and about half the seed time in JavaScript
 * and in the driver. This takes the same typed rows and is about twice as fast on both databases.
 * Only the columns present in the first row are written, so the others keep their defaults.
 */
export async function insertJson<T extends PgTable>(
  db: Db,
  table: T,
  rows: readonly T['$inferInsert'][],
): Promise<void> {
  const first = rows[0];
  if (!first) return;
  const columns = getTableColumns(table) as Record<string, { name: string }>;
  const keys = Object.keys(first).filter((k) => columns[k]);
  const names = keys.map((k) => columns[k]!.name);
  const records = rows.map((row) => {
    const out: Record<string, unknown> = {};
    for (let i = 0; i < keys.length; i++) out[names[i]!] = (row as Record<string, unknown>)[keys[i]!];
    return out;
  });
  const list = sql.raw(names.map((n) => `"${n}"`).join(', '));
  const name = sql.raw(`"${getTableName(table)}"`);
  await db.execute(
    sql`insert into ${name} (${list})
      select ${list} from json_populate_recordset(null::${name}, ${JSON.stringify(records)}::json)`,
  );
}
