import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { rows, type Db } from '@/server/db/client';

/** ISO 8601 in UTC with a Z, built in SQL so lists go out without a JavaScript pass over each row. */
export const iso = (column: SQL | string) => {
  const value = typeof column === 'string' ? sql.raw(column) : column;
  return sql`to_char((${value}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
};

const KEY = /^[A-Za-z_][A-Za-z0-9_]*$/;

/**
 * A JSON object of these SQL values, in this key order, written as text: each value as `to_json` writes it
 * (the text json_build_object writes for it too), SQL null as null. PGlite's json_build_object costs several
 * times more (docs/benchmarks.md, the first sync at scale). Typed json, so it nests in
 * another jsonObject or a json_agg as an object, not a string. A string value is a column reference.
 */
export function jsonObject(fields: Record<string, SQL | string>): SQL {
  const parts = Object.entries(fields).map(([key, value], i) => {
    if (!KEY.test(key)) throw new Error(`jsonObject: "${key}" is not a plain key`);
    const v = typeof value === 'string' ? sql.raw(value) : value;
    return sql`${sql.raw(`'${i === 0 ? '{' : ','}"${key}":'`)} || coalesce(to_json(${v})::text, 'null')`;
  });
  return parts.length === 0 ? sql`'{}'::json` : sql`(${sql.join(parts, sql` || `)} || '}')::json`;
}

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

/**
 * Runs an insert, update or delete of one row ending in `returning()` and gives back that row in its wire
 * shape, in the same statement: `wireJson` reads the row as `alias` and its user (left-joined) as `u`.
 * Null when no row matched.
 */
export function writeReturningWire<T>(db: Db, mutation: SQLWrapper, alias: string, wireJson: SQL): Promise<T | null> {
  const row = sql.raw(alias);
  return jsonValue<T>(
    db,
    // getSQL(): embedding the builder itself would wrap it in a second pair of parentheses.
    sql`with ${row} as (${mutation.getSQL()})
      select ${wireJson}::text as json from ${row} left join users u on u.id = ${row}.user_id`,
  );
}
