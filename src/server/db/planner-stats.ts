import { sql } from 'drizzle-orm';
import { repeatFromNow } from '@/server/repeat';
import { rows, type Database, type Db } from './client';

/** A table is analyzed again once its size on disk moved this much from what its last ANALYZE saw. */
const GROWTH = 0.1;
/** ...and by at least this many pages (8 KB each): small tables change size by a page at a time. */
const MIN_PAGES = 8;
const EVERY_MS = 10 * 60_000;

/**
 * ANALYZEs the tables never analyzed, or whose size moved by a tenth since, and returns their names. PostgreSQL's
 * autovacuum does this on its own; PGlite has no background workers, so without it the planner guessed the size
 * of every table for ever: with a year of activity (1,000,000 entries) a new device's first page counted the
 * 10,000 entries of the sync's window by reading all of them (860 ms instead of 16 ms; docs/benchmarks.md).
 */
export async function refreshPlannerStats(db: Db): Promise<string[]> {
  const stale = await rows<{ name: string }>(
    db,
    sql`select c.relname as name from pg_class c
        where c.relnamespace = 'public'::regnamespace and c.relkind = 'r'
          and (c.reltuples < 0
            or abs(pg_relation_size(c.oid) / current_setting('block_size')::int - c.relpages)
               >= greatest(c.relpages * ${GROWTH}::float8, ${MIN_PAGES}::int))
        order by c.relname`,
  );
  for (const { name } of stale) await db.execute(sql`analyze ${sql.identifier(name)}`);
  return stale.map((t) => t.name);
}

/**
 * On PGlite: refreshes the planner's statistics now (start-up waits for it: a seeded or restored database may have
 * none) and every ten minutes; returns the function that stops. An ANALYZE reads a sample of a table (30,000 rows
 * at most), so a table that grew holds the one connection for a second at most, once per tenth of growth.
 */
export async function keepPlannerStats(database: Database, warn: (err: unknown) => void): Promise<() => void> {
  if (database.kind !== 'pglite') return () => {};
  return repeatFromNow(EVERY_MS, () => refreshPlannerStats(database.db).catch(warn));
}
