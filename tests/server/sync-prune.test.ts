import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '@/server/app';
import { loadConfig } from '@/server/config';
import { openDatabase, rows, type Db } from '@/server/db/client';
import { pruneSyncLog } from '@/server/sync/pruning';
import { createTestServer, testConfig, type TestServer } from '../utils/build-server';
import { makeUser } from '../utils/factories';
import { pull, pullAll, serverLists, SyncCopy } from '../utils/sync-client';
import { syncVersion } from '../utils/sync-log';

let s: TestServer;
let token: string;
beforeAll(async () => {
  s = await createTestServer();
  token = await s.adminToken();
});
afterAll(() => s.close());

/** Ages every log entry up to `version` by `days`, as if written then. */
const age = (db: Db, version: number, days: number) =>
  db.execute(
    sql`update sync_changes set changed_at = now() - make_interval(days => ${days}) where version <= ${version}`,
  );

const state = async (db: Db) => {
  const [row] = await rows<{ pruned_below: string; left: number }>(
    db,
    sql`select pruned_below, (select count(*)::int from sync_changes) as left from sync_state`,
  );
  return { prunedBelow: Number(row!.pruned_below), left: row!.left };
};

describe('pruning the sync log', () => {
  it('drops entries past the retention, and a cursor older than them starts a full sync', async () => {
    const stale = new SyncCopy();
    await pullAll(s.app, token, stale);
    await makeUser(s.db);
    const fresh = new SyncCopy();
    await pullAll(s.app, token, fresh);
    const mark = await syncVersion(s.db);
    await makeUser(s.db, { name: 'After The Mark' });

    await age(s.db, mark, 31);
    const result = await pruneSyncLog(s.db, 30);
    expect(result.prunedBelow).toBe(mark);
    expect(result.deleted).toBeGreaterThan(0);
    const [oldest] = await rows<{ v: string }>(s.db, sql`select min(version) as v from sync_changes`);
    expect(Number(oldest!.v)).toBeGreaterThan(mark);

    // A device that saw everything up to the mark still gets a delta; one from before it starts over.
    const delta = await pull(s.app, token, fresh.cursor);
    expect(delta.reset).toBe(false);
    expect(delta.changes.users.upserts.map((u) => u.name)).toEqual(['After The Mark']);
    const reset = await pull(s.app, token, stale.cursor);
    expect(reset.reset).toBe(true);
    stale.apply(reset);
    await pullAll(s.app, token, stale);
    expect(stale.json()).toEqual(await serverLists(s.app, token));
  });

  it('keeps entries within the retention, and never lowers the mark', async () => {
    const before = await state(s.db);
    await makeUser(s.db);
    await age(s.db, await syncVersion(s.db), 29);
    expect(await pruneSyncLog(s.db, 30)).toEqual({ prunedBelow: before.prunedBelow, deleted: 0 });
    expect((await state(s.db)).left).toBe(before.left + 1);
  });

  it('runs when the server starts', async () => {
    // A database that already holds an old log (on PostgreSQL, the test database itself).
    const database = await openDatabase({ databaseUrl: s.databaseUrl, dataDir: null });
    await makeUser(database.db);
    const version = await syncVersion(database.db);
    await age(database.db, version, 40);
    const { app } = await buildApp(testConfig({ databaseUrl: s.databaseUrl, syncRetentionDays: 30 }), database);
    try {
      expect((await state(database.db)).prunedBelow).toBeGreaterThanOrEqual(version);
      const [left] = await rows<{ n: number }>(
        database.db,
        sql`select count(*)::int as n from sync_changes where version <= ${version}`,
      );
      expect(left!.n).toBe(0);
    } finally {
      await app.close();
    }
  });
});

describe('SYNC_RETENTION_DAYS', () => {
  it('is 30 days unless set to a positive number of days', () => {
    expect(loadConfig({}).syncRetentionDays).toBe(30);
    expect(loadConfig({ SYNC_RETENTION_DAYS: '7' }).syncRetentionDays).toBe(7);
    expect(loadConfig({ SYNC_RETENTION_DAYS: '0.5' }).syncRetentionDays).toBe(0.5);
    for (const value of ['0', '-1', 'soon', 'Infinity'])
      expect(() => loadConfig({ SYNC_RETENTION_DAYS: value }), value).toThrow(/SYNC_RETENTION_DAYS must be/);
  });
});
