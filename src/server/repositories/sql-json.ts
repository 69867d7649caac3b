import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { rows, type Db } from '@/server/db/client';

/** ISO 8601 in UTC with a Z, built in SQL so lists go out without a JavaScript pass over each row. */
export const iso = (column: SQL | string) => {
  const value = typeof column === 'string' ? sql.raw(column) : column;
  return sql`to_char((${value}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
};

const KEY = /^[A-Za-z_][A-Za-z0-9_]*$/;

/**
 * The text each jsonObject is built as. Casting that text to json makes the database parse it again, and
 * printing it parses nothing: so a jsonObject nested in another, or read as text (`asText`), is written from its
 * text. At a sync page of 5,000 enrollments on PGlite, the casts were a fifth of the query (docs/benchmarks.md).
 */
const texts = new WeakMap<SQL, SQL>();

/**
 * A JSON object of these SQL values, in this key order, written as text: each value as `to_json` writes it
 * (the text json_build_object writes for it too), SQL null as null, a nested jsonObject as its text. PGlite's
 * json_build_object costs several times more (docs/benchmarks.md, the first sync at scale). Typed json, so it
 * nests in a json_agg as an object, not a string. A string value is a column reference.
 */
export function jsonObject(fields: Record<string, SQL | string>): SQL {
  const parts = Object.entries(fields).map(([key, value], i) => {
    if (!KEY.test(key)) throw new Error(`jsonObject: "${key}" is not a plain key`);
    const v = typeof value === 'string' ? sql.raw(value) : value;
    const nested = typeof value === 'string' ? undefined : texts.get(value);
    return sql`${sql.raw(`'${i === 0 ? '{' : ','}"${key}":'`)} || ${nested ?? sql`coalesce(to_json(${v})::text, 'null')`}`;
  });
  const text = parts.length === 0 ? sql`'{}'` : sql`(${sql.join(parts, sql` || `)} || '}')`;
  const json = sql`${text}::json`;
  texts.set(json, text);
  return json;
}

/** `object` (a jsonObject), or null where `column` is null: an embedded record that is gone. */
export function jsonObjectOrNull(column: string, object: SQL): SQL {
  const when = sql`case when ${sql.raw(column)} is null then`;
  const json = sql`${when} null else ${object} end`;
  texts.set(json, sql`${when} 'null' else ${asText(object)} end`);
  return json;
}

/** A JSON value as text: a jsonObject's own text, any other value as the database prints it. */
export const asText = (json: SQL): SQL => texts.get(json) ?? sql`${json}::text`;

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
      select ${asText(wireJson)} as json from ${row} left join users u on u.id = ${row}.user_id`,
  );
}
