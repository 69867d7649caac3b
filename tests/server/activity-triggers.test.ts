import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rows, type Db } from '@/server/db/client';
import { makeCourse } from '../utils/factories';
import { serverForThisFile } from '../utils/server-for-file';

/**
 * The activity log's update triggers are generated per table from its columns (activity_watch, migration
 * 0005): a column added later is not logged until the table is watched again. These tests say which.
 */
const s = await serverForThisFile();

/** Columns of logged tables that their update trigger does not compare, as `table.column`. */
async function unwatchedColumns(db: Db): Promise<string[]> {
  const found = await rows<{ col: string }>(
    db,
    sql`select c.relname || '.' || a.attname as col
      from pg_trigger t
      join pg_class c on c.oid = t.tgrelid
      join pg_proc p on p.oid = t.tgfoid
      join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
      where t.tgname = c.relname || '_zz_activity_update'
        and a.attname not in ('id', 'password_hash', 'updated_at')
        and position(format('n.%I', a.attname) in p.prosrc) = 0
      order by 1`,
  );
  return found.map((r) => r.col);
}

/** Runs `write` as an admin (the triggers log it), then rolls everything back. */
async function inRolledBackWrite<T>(write: (tx: Db) => Promise<T>): Promise<T> {
  let result: T | undefined;
  const rollback = new Error('rollback');
  await s.db
    .transaction(async (tx) => {
      const t = tx as unknown as Db;
      const actor = { id: null, name: 'Test', email: 't@test.dev', verbs: {}, nouns: {} };
      await t.execute(sql`select set_config('coursedesk.actor', ${JSON.stringify(actor)}, true)`);
      result = await write(t);
      throw rollback;
    })
    .catch((err: unknown) => {
      if (err !== rollback) throw err;
    });
  return result as T;
}

describe('activity update triggers', () => {
  it('compare every column of every logged table, and never a secret', async () => {
    expect(await unwatchedColumns(s.db)).toEqual([]);
    const [users] = await rows<{ src: string }>(
      s.db,
      sql`select prosrc as src from pg_proc where proname = 'activity_update_users'`,
    );
    expect(users?.src).toContain('n.email');
    expect(users?.src).not.toContain('password_hash');
  });

  it('log a column added later once the table is watched again', async () => {
    const course = await makeCourse(s.db, { title: 'Rust' });
    const entries = await inRolledBackWrite(async (tx) => {
      await tx.execute(sql`alter table courses add column subtitle text`);
      expect(await unwatchedColumns(tx)).toEqual(['courses.subtitle']);
      await tx.execute(sql`select activity_watch('courses', 'course')`);
      expect(await unwatchedColumns(tx)).toEqual([]);
      await tx.execute(sql`update courses set subtitle = 'Systems' where id = ${course.id}`);
      return rows<{ action: string; before: unknown; after: unknown }>(
        tx,
        sql`select action, before, after from activity where record_id = ${course.id}`,
      );
    });
    expect(entries).toEqual([{ action: 'update', before: { subtitle: null }, after: { subtitle: 'Systems' } }]);
  });
});
