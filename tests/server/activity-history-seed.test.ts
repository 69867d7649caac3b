import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { rows } from '@/server/db/client';
import { seedActivityHistory } from '@/server/db/seed/activity-history';
import { seedBulk } from '@/server/db/seed/bulk';
import type { Activity } from '@/shared/schemas';
import { createTestServer, type TestServer } from '../utils/build-server';
import { wholeActivityLog } from '../utils/sync-client';

/** The scale bench's busy year (BENCH_SCALE_ACTIVITY): entries as the triggers write them, over the enrollments. */
let s: TestServer;
beforeAll(async () => {
  s = await createTestServer();
  await seedBulk(s.db, { users: 30, enrollments: 60, services: 0, seed: 3 });
  await s.db.execute(sql`delete from activity`);
  await seedActivityHistory(s.db, { entries: 2_000, days: 365 });
});
afterAll(() => s.close());

it('writes the entries over the last year, about the enrollments, with the mix of an office', async () => {
  const [stats] = await rows<{ n: number; days: number; records: number; deletes: number; loose: number }>(
    s.db,
    sql`select count(*)::int as n, extract(day from max(created_at) - min(created_at))::int as days,
      count(distinct record_id)::int as records, count(*) filter (where action = 'delete')::int as deletes,
      count(*) filter (where record_id not in (select id from enrollments))::int as loose from activity`,
  );
  expect(stats).toEqual({ n: 2_000, days: 364, records: 60, deletes: 200, loose: 0 });
  // Read back through the API, every entry is in the contract's shape; a delete holds the whole row.
  const log = (await wholeActivityLog((url) => s.api({ method: 'GET', url }))) as Activity[];
  expect(log.filter((a) => a.action !== 'login')).toHaveLength(2_000);
  const deleted = log.find((a) => a.action === 'delete')!;
  expect(Object.keys(deleted.before!)).toEqual(expect.arrayContaining(['amount', 'transaction_id', 'user_email']));
  expect(deleted.before).not.toHaveProperty('id');
});
