import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { rows } from '@/server/db/client';
import { asText, iso, jsonObject, jsonObjectOrNull } from '@/server/repositories/sql-json';
import { SOURCES } from '@/server/repositories/sync-sources';
import { serverForThisFile } from '../utils/server-for-file';

const s = await serverForThisFile();

/** The JSON text of `expr` evaluated over one row of tricky values (alias v). */
const textOf = async (expr: ReturnType<typeof sql>, asIs = false) => {
  const [row] = await rows<{ json: string }>(
    s.db,
    sql`select ${asIs ? expr : sql`${expr}::text`} as json from (select
      ${'Say "hi"\\ to\nAnna\t— ü 😀'}::text as name, null::text as missing, 1.50::numeric as price,
      2.25::float8 as ratio, 7::int as count, true as flag, ${'{"a": [1, null]}'}::jsonb as doc,
      timestamptz '2026-11-26 10:00:01.234+00' as at) v`,
  );
  return row!.json;
};

describe('jsonObject', () => {
  it('writes the same values as json_build_object, in key order, without padding', async () => {
    const built = await textOf(
      jsonObject({
        name: 'v.name',
        missing: 'v.missing',
        price: 'v.price',
        ratio: 'v.ratio',
        count: 'v.count',
        flag: 'v.flag',
        doc: 'v.doc',
        at: iso('v.at'),
        nested: jsonObject({ inner: 'v.count', none: 'v.missing' }),
        empty: jsonObject({}),
      }),
    );
    const reference = await textOf(
      sql`json_build_object('name', v.name, 'missing', v.missing, 'price', v.price, 'ratio', v.ratio,
        'count', v.count, 'flag', v.flag, 'doc', v.doc, 'at', ${iso('v.at')},
        'nested', json_build_object('inner', v.count, 'none', v.missing), 'empty', json_build_object())`,
    );
    expect(JSON.parse(built)).toEqual(JSON.parse(reference));
    expect(Object.keys(JSON.parse(built) as object)).toEqual(Object.keys(JSON.parse(reference) as object));
    expect(JSON.parse(built)).toMatchObject({
      name: 'Say "hi"\\ to\nAnna\t— ü 😀',
      price: 1.5,
      at: '2026-11-26T10:00:01.234Z',
    });
    expect(built.startsWith('{"name":"Say \\"hi\\"')).toBe(true);
  });

  it('nests as an object inside json_agg, not as a string', async () => {
    const list = await textOf(
      sql`(select json_agg(${jsonObject({ n: 'x' })} order by x) from generate_series(1, 2) x)`,
    );
    expect(JSON.parse(list)).toEqual([{ n: 1 }, { n: 2 }]);
  });

  it('as text, is the same text written without the database parsing it again', async () => {
    const object = jsonObject({
      name: 'v.name',
      at: iso('v.at'),
      user: jsonObjectOrNull('v.count', jsonObject({ flag: 'v.flag', doc: 'v.doc' })),
      gone: jsonObjectOrNull('v.missing', jsonObject({ name: 'v.name' })),
      empty: jsonObject({}),
    });
    const text = await textOf(asText(object), true);
    expect(text).toBe(await textOf(object));
    expect(JSON.parse(text)).toEqual({
      name: 'Say "hi"\\ to\nAnna\t— ü 😀',
      at: '2026-11-26T10:00:01.234Z',
      user: { flag: true, doc: { a: [1, null] } },
      gone: null,
      empty: {},
    });
    // The big lists' rows as a sync page reads them: no json cast, which parses each row's text again (a course's
    // items are aggregated by json_agg, which takes json).
    const dialect = new PgDialect();
    for (const list of ['users', 'batches', 'services', 'enrollments', 'activity'] as const)
      expect(dialect.sqlToQuery(asText(SOURCES[list].json)).sql).not.toMatch(/::json/);
  });

  it('refuses a key that is not a plain name', () => {
    expect(() => jsonObject({ "a'b": 'v.name' })).toThrow(/not a plain key/);
  });
});
