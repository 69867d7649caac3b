import { sql } from 'drizzle-orm';
import { rows, type Db } from '@/server/db/client';

/** The sync log's clock now. */
export async function syncVersion(db: Db): Promise<number> {
  const [row] = await rows<{ version: string | number }>(db, sql`select version from sync_state where id = 1`);
  return Number(row!.version);
}

/**
 * Runs `write` and returns what it logged: the distinct `list:id` entries above the version before it,
 * sorted, and how many versions it took. The activity log's own entries (one more version, written by the
 * same transaction) are left out here: tests/server/activity*.test.ts check those.
 */
export async function logOf(db: Db, write: () => Promise<unknown>): Promise<{ entries: string[]; versions: number }> {
  const before = await syncVersion(db);
  await write();
  const logged = await rows<{ version: string | number; list: string; row_id: string }>(
    db,
    sql`select version, list, row_id from sync_changes where version > ${before} and list <> 'activity' order by version, list, row_id`,
  );
  return {
    entries: [...new Set(logged.map((r) => `${r.list}:${r.row_id}`))].sort(),
    versions: new Set(logged.map((r) => Number(r.version))).size,
  };
}
