import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, rows, type Database } from '@/server/db/client';
import { refreshPlannerStats } from '@/server/db/planner-stats';
import { moveActivityWindow } from '@/server/repositories/activity-window-repo';
import { readState, synced } from '@/server/repositories/sync-sources';

/**
 * PGlite runs no autovacuum (docs/operations.md): the server keeps the planner's statistics itself, or the planner
 * guesses, and a new device's first page counted the sync's activity window by reading the whole log.
 */
let database: Database;
beforeAll(async () => {
  database = await openDatabase({ databaseUrl: null, dataDir: null });
});
afterAll(() => database.close());

/** `n` entries a minute apart, `daysAgo` days back. */
const write = (n: number, daysAgo: number) =>
  database.db.execute(sql`insert into activity (created_at, action, kind, record_name, summary)
    select now() - make_interval(days => ${daysAgo}) - g * interval '1 minute', 'update', 'user', 'Old', 'Updated user: Old'
    from generate_series(1, ${n}) g`);

async function windowCountPlan() {
  const state = await readState(database.db);
  const plan = await rows<Record<string, string>>(
    database.db,
    sql`explain select count(*) from activity a where ${synced('activity', state)}`,
  );
  return plan.map((line) => Object.values(line)[0]).join('\n');
}

describe('the planner statistics on PGlite', () => {
  it("the sync window's count reads the log's index once the log's statistics are fresh, not every entry", async () => {
    await write(20_000, 10);
    await moveActivityWindow(database.db, { days: 90, entries: 500 });
    expect(await windowCountPlan()).toMatch(/Seq Scan on activity/); // the planner's guess without statistics
    expect(await refreshPlannerStats(database.db)).toContain('activity');
    expect(await windowCountPlan()).toMatch(/Index (Only )?Scan (on|using) activity_created_at_idx/);
  });

  it('a table is analyzed again only once it has grown by a tenth', async () => {
    await refreshPlannerStats(database.db);
    expect(await refreshPlannerStats(database.db)).toEqual([]);
    await write(500, 1); // under a tenth of the log
    expect(await refreshPlannerStats(database.db)).not.toContain('activity');
    await write(4_000, 1);
    expect(await refreshPlannerStats(database.db)).toContain('activity');
  });
});
