import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '@/server/config';
import { rows } from '@/server/db/client';
import { moveActivityWindow, type ActivityWindow } from '@/server/repositories/activity-window-repo';
import { ACTIVITY_WINDOW_DEFAULT } from '@/server/sync/activity-window';
import { createTestServer, type TestServer } from '../utils/build-server';
import { pullAll, SyncCopy, wholeActivityLog } from '../utils/sync-client';

/** The activity window of the sync (docs/activity.md): devices hold the newest entries only, and converge. */
let s: TestServer;
let token: string;
beforeAll(async () => {
  s = await createTestServer();
  token = await s.adminToken();
});
afterAll(() => s.close());

/** Entries written `daysAgo` days ago, one a minute apart (newest first in the list order). */
async function write(n: number, daysAgo: number) {
  await s.db.execute(sql`insert into activity (created_at, action, kind, record_name, summary)
    select now() - make_interval(days => ${daysAgo}) - g * interval '1 minute', 'update', 'user', 'Old', 'Updated user: Old'
    from generate_series(1, ${n}) g`);
}

/** What the window holds now, computed from the whole log: the newest `entries` of the last `days`. */
async function expectedWindow(w: ActivityWindow): Promise<string[]> {
  const log = (await wholeActivityLog(logPage)) as { _id: string; createdAt: string }[];
  const since = Date.now() - w.days * 86_400_000;
  return log
    .filter((a) => Date.parse(a.createdAt) >= since)
    .slice(0, w.entries)
    .map((a) => a._id)
    .sort();
}

/** The log through GET /api/activity, with the token the devices pull with (no new login entry). */
const logPage = (url: string) => s.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });

const held = (copy: SyncCopy) => [...copy.lists.activity.keys()].sort();

describe('the activity window', () => {
  it('is set when the server starts', async () => {
    const [state] = await rows<{ set: boolean }>(s.db, sql`select activity_from is not null as set from sync_state`);
    expect(state!.set).toBe(true);
  });

  it('a full sync brings only the window; entries leaving it come as deletes, entries entering it as upserts', async () => {
    await write(4, 200); // a year's log: only the last 90 days are synced
    await write(6, 10);
    await moveActivityWindow(s.db, ACTIVITY_WINDOW_DEFAULT);
    const device = new SyncCopy();
    await pullAll(s.app, token, device, 5);
    const window90 = await expectedWindow(ACTIVITY_WINDOW_DEFAULT);
    expect(held(device)).toEqual(window90);
    expect(window90.length).toBeGreaterThanOrEqual(6);
    expect(window90.length).toBeLessThan((await wholeActivityLog(logPage)).length);

    // At most 3 entries: the rest leave the device, in pages of `limit` like any change.
    const narrow = { days: 90, entries: 3 };
    expect(await moveActivityWindow(s.db, narrow)).toBe(window90.length - 3);
    const replies = await pullAll(s.app, token, device, 2);
    expect(replies.some((r) => r.changes.activity.deletes.length > 0)).toBe(true);
    expect(replies.every((r) => !r.reset)).toBe(true);
    expect(held(device)).toEqual(await expectedWindow(narrow));
    expect(held(device)).toHaveLength(3);

    // A new entry pushes the oldest of the three out at the next move.
    await write(1, 0);
    await pullAll(s.app, token, device);
    expect(held(device)).toHaveLength(4);
    await moveActivityWindow(s.db, narrow);
    await pullAll(s.app, token, device);
    expect(held(device)).toEqual(await expectedWindow(narrow));

    // Widened: the entries that come back into it are upserts, and a device holds the whole year.
    const wide = { days: 365, entries: 50_000 };
    await moveActivityWindow(s.db, wide);
    await pullAll(s.app, token, device, 3);
    expect(held(device)).toEqual(await expectedWindow(wide));
    expect(held(device)).toEqual(((await wholeActivityLog(logPage)) as { _id: string }[]).map((a) => a._id).sort());

    // Time passes (here: a window of 5 days): what is older leaves, and a new device starts with the same.
    const week = { days: 5, entries: 50_000 };
    await moveActivityWindow(s.db, week);
    await pullAll(s.app, token, device);
    const fresh = new SyncCopy();
    await pullAll(s.app, token, fresh);
    expect(held(device)).toEqual(await expectedWindow(week));
    expect(held(fresh)).toEqual(held(device));
  });

  it('a move that passes over nothing takes no version', async () => {
    const window = { days: 5, entries: 50_000 };
    await moveActivityWindow(s.db, window);
    const [before] = await rows<{ v: string }>(s.db, sql`select version::text as v from sync_state`);
    expect(await moveActivityWindow(s.db, window)).toBe(0);
    const [after] = await rows<{ v: string }>(s.db, sql`select version::text as v from sync_state`);
    expect(after!.v).toBe(before!.v);
  });
});

describe('ACTIVITY_WINDOW_DAYS and ACTIVITY_WINDOW_ENTRIES', () => {
  it('default to 90 days and 50,000 entries, and take positive whole numbers only', () => {
    expect(loadConfig({}).activityWindow).toEqual({ days: 90, entries: 10_000 });
    expect(loadConfig({ ACTIVITY_WINDOW_DAYS: '30', ACTIVITY_WINDOW_ENTRIES: '10000' }).activityWindow).toEqual({
      days: 30,
      entries: 10_000,
    });
    for (const bad of ['0', '-5', '1.5', 'lots'])
      for (const name of ['ACTIVITY_WINDOW_DAYS', 'ACTIVITY_WINDOW_ENTRIES'])
        expect(() => loadConfig({ [name]: bad }), `${name}=${bad}`).toThrow(name);
  });
});
