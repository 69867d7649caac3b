import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '@/server/db/client';
import { MESSAGES } from '@/shared/messages';
import { ACTIVITY_ACTIONS, ACTIVITY_KINDS, ACTIVITY_PAGE, type Activity } from '@/shared/schemas';
import { expectRefused } from '../utils/api-expect';
import { createTestServer, type TestServer } from '../utils/build-server';
import { UNKNOWN_ID } from '../utils/factories';
import { wholeActivityLog } from '../utils/sync-client';

/** GET /api/activity: pages, newest first, and every filter on the server (docs/activity.md). */
let s: TestServer;
const Q = MESSAGES.activity.query;

/** A log entry as the triggers would write it, at `at` (ISO). */
interface Entry {
  at: string;
  admin?: string;
  kind?: string;
  action?: string;
  record?: string | null;
  name?: string;
}

async function insert(entries: Entry[]) {
  for (const e of entries) {
    const admin = e.admin ?? 'ann@office.dev';
    await s.db.execute(sql`insert into activity
      (created_at, admin_name, admin_email, action, kind, record_id, record_name, summary)
      values (${e.at}::timestamptz, ${admin.split('@')[0]}, ${admin}, ${e.action ?? 'update'}, ${e.kind ?? 'user'},
        ${e.record ?? null}::uuid, ${e.name ?? 'Someone'}, ${`Updated user: ${e.name ?? 'Someone'}`})`);
  }
}

const get = (url: string) => s.api({ method: 'GET', url });
const ids = (list: { _id: string }[]) => list.map((a) => a._id);
const all = (filter = '') => wholeActivityLog(get, filter) as Promise<Activity[]>;

const RECORD = '11111111-1111-4111-8111-111111111111';
beforeAll(async () => {
  s = await createTestServer();
  await get('/api/activity'); // the admin's login, an entry of its own, before the log is emptied
  await s.db.execute(sql`delete from activity`);
  await insert([
    { at: '2026-03-01T10:00:00Z', name: 'Jane Roe (jane@x.dev)', record: RECORD, kind: 'enrollment' },
    { at: '2026-03-01T22:30:00Z', admin: 'bob@office.dev', action: 'approve', kind: 'enrollment', record: RECORD },
    { at: '2026-03-02T08:00:00Z', action: 'delete', kind: 'service', name: '100%_off (promo@x.dev)' },
    { at: '2026-03-03T12:00:00Z', admin: 'bob@office.dev', kind: 'course', action: 'create', name: 'Rust' },
    // Two at the same instant: the id orders them.
    { at: '2026-03-04T09:00:00Z', name: 'Same A' },
    { at: '2026-03-04T09:00:00Z', name: 'Same B' },
  ]);
  for (let i = 0; i < 30; i++) await insert([{ at: `2026-02-01T00:${String(i).padStart(2, '0')}:00Z`, kind: 'batch' }]);
});
afterAll(() => s.close());

describe('pages', () => {
  it('come newest first (created_at, then id), `limit` at a time, and the cursors walk the log once', async () => {
    const expected = await rows<{ id: string }>(
      s.db,
      sql`select id::text as id from activity order by created_at desc, id desc`,
    );
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const res = await get(`/api/activity?limit=7${cursor ? `&cursor=${cursor}` : ''}`);
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json() as { data: Activity[]; nextCursor: string | null };
      expect(body.data.length).toBeLessThanOrEqual(7);
      seen.push(...ids(body.data));
      cursor = body.nextCursor;
      pages++;
    } while (cursor);
    expect(seen).toEqual(expected.map((r) => r.id));
    expect(pages).toBe(Math.ceil(expected.length / 7));
  });

  it(`default to ${ACTIVITY_PAGE.default} entries, and a page that ends the log says so`, async () => {
    await insert(
      Array.from({ length: ACTIVITY_PAGE.default }, (_, i) => ({
        at: `2025-01-01T00:00:${String(i % 60).padStart(2, '0')}Z`,
      })),
    );
    const first = (await get('/api/activity')).json() as { data: Activity[]; nextCursor: string | null };
    expect(first.data).toHaveLength(ACTIVITY_PAGE.default);
    expect(first.nextCursor).not.toBeNull();
    const rest = (await get(`/api/activity?cursor=${first.nextCursor}`)).json() as { nextCursor: string | null };
    expect(rest.nextCursor).toBeNull();
    await s.db.execute(sql`delete from activity where created_at < '2026-01-01'`);
  });
});

describe('filters', () => {
  it('by admin (email), kind, action and record, each alone and together', async () => {
    expect((await all('&admin=bob@office.dev')).map((a) => a.adminEmail)).toEqual(['bob@office.dev', 'bob@office.dev']);
    expect((await all('&kind=course')).map((a) => a.recordName)).toEqual(['Rust']);
    expect((await all('&action=delete')).map((a) => a.kind)).toEqual(['service']);
    expect((await all(`&record=${RECORD}`)).map((a) => a.action)).toEqual(['approve', 'update']);
    expect((await all(`&record=${RECORD}&admin=bob@office.dev&action=approve`)).map((a) => a.action)).toEqual([
      'approve',
    ]);
    expect(await all(`&record=${UNKNOWN_ID}`)).toEqual([]);
    expect(await all('&kind=batch')).toHaveLength(30);
  });

  it("by days in the admin's time zone, both days included", async () => {
    const names = async (q: string) => (await all(q)).map((a) => a.createdAt);
    // In UTC, 1 March holds the entries at 10:00 and 22:30.
    expect(await names('&from=2026-03-01&to=2026-03-01')).toEqual([
      '2026-03-01T22:30:00.000Z',
      '2026-03-01T10:00:00.000Z',
    ]);
    // In Tokyo (UTC+9) 22:30 UTC is already 2 March, and 2 March ends at 15:00 UTC, before 3 March's 12:00.
    expect(await names('&from=2026-03-02&to=2026-03-02&tz=Asia/Tokyo')).toEqual([
      '2026-03-02T08:00:00.000Z',
      '2026-03-01T22:30:00.000Z',
    ]);
    // In New York (UTC-5) 4 March 09:00 UTC is 04:00 that day; from alone and to alone.
    expect(await names('&from=2026-03-04&tz=America/New_York')).toHaveLength(2);
    expect(await names('&to=2026-02-28&tz=America/New_York')).toHaveLength(30);
  });

  it('before an entry: only older ones; before an entry that is gone (pruned, so are all older): none', async () => {
    const log = await all();
    const older = await all(`&before=${log[3]!._id}`);
    expect(ids(older)).toEqual(ids(log.slice(4)));
    expect(ids(await all(`&before=${log[0]!._id}&kind=batch`))).toEqual(ids(log.filter((a) => a.kind === 'batch')));
    expect(await all(`&before=${UNKNOWN_ID}`)).toEqual([]);
  });

  it('by text: the record name or email, or the admin name or email, any case, % and _ taken literally', async () => {
    expect((await all('&q=JANE@X')).map((a) => a.recordName)).toEqual(['Jane Roe (jane@x.dev)']);
    expect((await all('&q=100%25_')).map((a) => a.recordName)).toEqual(['100%_off (promo@x.dev)']);
    expect(await all('&q=%25%25')).toEqual([]);
    expect(await all('&q=bob@office')).toHaveLength(2);
    // Spaces around the text do not count; nothing but spaces filters nothing.
    expect(await all('&q=%20rust%20')).toHaveLength(1);
    expect(await all('&q=%20%20')).toHaveLength(36);
  });
});

describe('bad queries', () => {
  const cases: [string, string, string][] = [
    ['limit=0', 'limit', Q.badLimit(ACTIVITY_PAGE.max)],
    [`limit=${ACTIVITY_PAGE.max + 1}`, 'limit', Q.badLimit(ACTIVITY_PAGE.max)],
    ['limit=ten', 'limit', Q.badLimit(ACTIVITY_PAGE.max)],
    ['limit=1.5', 'limit', Q.badLimit(ACTIVITY_PAGE.max)],
    ['cursor=nonsense', 'cursor', Q.badCursor],
    [`cursor=${Buffer.from(`99999999999999999999.${UNKNOWN_ID}`).toString('base64url')}`, 'cursor', Q.badCursor],
    ['admin=bob', 'admin', Q.badAdmin],
    ['kind=planet', 'kind', Q.badKind(ACTIVITY_KINDS)],
    ['action=explode', 'action', Q.badAction(ACTIVITY_ACTIONS)],
    ['record=42', 'record', Q.badRecord],
    ['before=latest', 'before', Q.badBefore],
    ['from=2026-02-30', 'from', Q.badDate],
    ['to=yesterday', 'to', Q.badDate],
    ['from=2026-03-02&to=2026-03-01', 'to', Q.badRange],
    ['tz=Mars/Olympus_Mons', 'tz', Q.badTimeZone],
    [`q=${'x'.repeat(201)}`, 'q', Q.badText(200)],
    ['kind=user&kind=batch', 'kind', Q.badKind(ACTIVITY_KINDS)],
  ];
  it.each(cases)('%s is a 400 naming the parameter', async (query, field, message) => {
    const res = await get(`/api/activity?${query}`);
    expect(res.statusCode, res.body).toBe(400);
    const body = res.json() as { errors: Record<string, string> };
    expect(Object.keys(body.errors)).toContain(field);
    expect(body.errors[field]).toBe(message);
  });

  it('an unknown parameter is a 400, not a filter silently ignored', async () => {
    expectRefused(await get('/api/activity?user=someone'), 400, { errors: { _: Q.unknown } });
  });

  it('is for admins only', async () => {
    expect((await s.api({ method: 'GET', url: '/api/activity', token: null })).statusCode).toBe(401);
    expect((await s.api({ method: 'GET', url: '/api/activity', token: await s.userToken() })).statusCode).toBe(403);
  });
});
