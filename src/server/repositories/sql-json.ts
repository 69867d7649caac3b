import { sql, type SQL } from 'drizzle-orm';
import { rows, type Db } from '@/server/db/client';

/** ISO 8601 in UTC with a Z, built in SQL so lists go out without a JavaScript pass over each row. */
export const iso = (column: SQL | string) =>
  sql`to_char((${typeof column === 'string' ? sql.raw(column) : column}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * Runs a query whose single column `json` is already the JSON text of the reply part.
 * Lists of 50,000 rows are assembled by the database and passed through as text, never parsed here.
 */
export async function jsonText(db: Db, query: SQL): Promise<string> {
  const [row] = await rows<{ json: string | null }>(db, query);
  return row?.json ?? 'null';
}

/** The same, parsed: for single records, where the object is small. */
export async function jsonValue<T>(db: Db, query: SQL): Promise<T | null> {
  const text = await jsonText(db, query);
  return JSON.parse(text) as T | null;
}
