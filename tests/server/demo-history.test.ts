import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '@/server/db/client';
import { buildDemoData, DEMO_ADMIN, DEMO_COUNTS } from '@/server/db/seed/demo';
import { daysBefore, REFERENCE_DATE } from '@/server/db/seed/random';
import { seedDemoData } from '@/server/demo-seed';
import type { Activity, Enrollment, Service } from '@/shared/schemas';
import { createTestServer, type TestServer } from '../utils/build-server';

// The demo seeded at start-up, as `npm start` does it: inside bootstrap's transaction, before the configured
// admin is made (whose creation must not be logged: no actor may outlive the seed).
let s: TestServer;
let log: Activity[];
let token: string;
beforeAll(async () => {
  s = await createTestServer({ seedDemo: true, adminEmail: 'boss@example.com', adminPassword: 'a long enough secret' });
  token = (await s.login({ email: 'boss@example.com', password: 'a long enough secret' })).json().data.authToken;
  // The whole log, page after page.
  log = [];
  let cursor: string | null = '';
  while (cursor !== null) {
    const query: string = cursor ? `?cursor=${cursor}` : '';
    const page = (await s.api({ method: 'GET', url: `/api/activity${query}`, token })).json();
    log.push(...page.data);
    cursor = page.nextCursor;
  }
});
afterAll(async () => {
  await s?.close();
});

const past = () => log.filter((a) => a.adminEmail === DEMO_ADMIN.email);
const of = (action: string, kind: string) => past().filter((a) => a.action === action && a.kind === kind);
const ms = (iso: string | null) => Date.parse(iso ?? '');

describe('the demo seed writes a few weeks of history', () => {
  it('logins, approvals, edits, a deleted purchase and a CSV import, spread over the four weeks before the demo day', () => {
    const entries = past();
    expect(entries.length).toBeGreaterThan(40);
    for (const a of entries) {
      expect(ms(a.createdAt), a.summary).toBeLessThan(REFERENCE_DATE);
      expect(ms(a.createdAt), a.summary).toBeGreaterThan(daysBefore(REFERENCE_DATE, 29));
    }
    const days = new Set(entries.map((a) => a.createdAt.slice(0, 10)));
    expect(days.size).toBeGreaterThanOrEqual(15);
    expect(of('login', 'session').length).toBeGreaterThanOrEqual(15);
    expect(of('logout', 'session').length).toBeGreaterThan(0);
    expect(of('approve', 'enrollment').length).toBeGreaterThanOrEqual(5);
    expect(of('disapprove', 'enrollment')).toHaveLength(1);
    expect(of('approve', 'service').length).toBeGreaterThan(0);
    expect(of('update', 'enrollment')).toHaveLength(1);
    expect(of('update', 'batch')).toHaveLength(1);
    expect(of('update', 'course')).toHaveLength(1);
    expect(of('create', 'service')).toHaveLength(1);
    expect(of('delete', 'service')).toHaveLength(1);
    expect(of('import', 'enrollment').length).toBeGreaterThanOrEqual(3);
    // Only the seed's past is backdated: the configured admin's login today is logged today.
    const boss = log.filter((a) => a.adminEmail === 'boss@example.com');
    expect(boss.map((a) => a.action)).toEqual(['login']);
    expect(ms(boss[0]!.createdAt)).toBeGreaterThan(Date.now() - 60_000);
    // Nothing the start-up wrote after the seed is in the log (the configured admin's account).
    expect(log.filter((a) => a.kind === 'user')).toEqual([]);
  });

  it('went through the activity triggers: summaries, and the fields before and after each change', () => {
    const [approval] = of('approve', 'enrollment');
    expect(approval!.summary).toMatch(/^Approved enrollment: .+ \(.+@.+\) · .+/);
    expect(approval!.before).toMatchObject({ is_verified: false, verified_at: null });
    expect(approval!.after).toMatchObject({ is_verified: true });
    const [batch] = of('update', 'batch');
    expect(Object.keys(batch!.after as object)).toEqual(['end_date']);
    const [course] = of('update', 'course');
    expect(course!.after).toEqual({ enrollment_deadline: expect.any(String) });
    // The deleted purchase: its creation and its last state, under one record id.
    const [created] = of('create', 'service');
    const [deleted] = of('delete', 'service');
    expect(deleted!.recordId).toBe(created!.recordId);
    expect(deleted!.before).toMatchObject({ title: expect.any(String), customer_email: expect.any(String) });
    expect(ms(deleted!.createdAt)).toBeGreaterThan(ms(created!.createdAt));
    // One import: every row it added at one moment.
    expect(new Set(of('import', 'enrollment').map((a) => a.createdAt)).size).toBe(1);
  });

  it('leaves the records as the demo has them, their own times agreeing with their history', async () => {
    const enrollments: Enrollment[] = (await s.api({ method: 'GET', url: '/api/enrollments', token })).json().data;
    const services: Service[] = (await s.api({ method: 'GET', url: '/api/services', token })).json().data;
    expect(enrollments).toHaveLength(DEMO_COUNTS.enrollments);
    expect(services).toHaveLength(DEMO_COUNTS.services);
    const demo = buildDemoData();
    expect(enrollments.filter((e) => !e.isVerified)).toHaveLength(demo.enrollments.filter((e) => !e.isVerified).length);

    const [undone] = of('disapprove', 'enrollment');
    for (const a of of('approve', 'enrollment').filter((x) => x.recordId !== undone!.recordId)) {
      const e = enrollments.find((x) => x._id === a.recordId)!;
      expect(e.isVerified).toBe(true);
      expect(ms(e.verifiedAt)).toBe(ms(a.createdAt));
    }
    expect(enrollments.find((x) => x._id === undone!.recordId)!.isVerified).toBe(false);
    for (const a of of('import', 'enrollment')) {
      const e = enrollments.find((x) => x._id === a.recordId)!;
      expect(e.isVerified).toBe(false);
      expect(ms(e.createdAt) - ms(a.createdAt)).toBeLessThan(10_000);
    }
    for (const a of of('approve', 'service')) {
      const p = services.find((x) => x._id === a.recordId)!;
      expect(p.isVerified).toBe(true);
      expect(ms(p.updatedAt)).toBe(ms(a.createdAt));
    }
    expect(services.find((x) => x._id === of('delete', 'service')[0]!.recordId)).toBeUndefined();
  });

  it('is the same on every fresh database (the times and summaries of the log)', async () => {
    const other = await createTestServer();
    try {
      await seedDemoData(other.db);
      const shape = (list: { created_at: string; summary: string }[]) =>
        list.map((r) => `${r.created_at} ${r.summary}`);
      const query = sql`select created_at::text, summary from activity where admin_email = ${DEMO_ADMIN.email}
        order by created_at, summary`;
      expect(shape(await rows(other.db, query))).toEqual(shape(await rows(s.db, query)));
    } finally {
      await other.close();
    }
  });
});
