import { sql } from 'drizzle-orm';
import type { Db } from '@/server/db/client';

export interface ActivityHistoryOptions {
  /** Entries to write, spread evenly over the last `days` (newest now). */
  entries: number;
  days?: number;
}

/** The days the entries span unless told: a year. */
export const HISTORY_DAYS = 365;

/** Entries per statement: each statement's sync trigger logs its rows in one array. */
const CHUNK = 100_000;

/**
 * A busy office's log over the enrollments already seeded, as the triggers write it: 5 admins; approvals,
 * updates, creates, imports, a few disapprovals, completions and deletes; an approval or an update with the
 * fields it changed, a create, an import or a delete with the whole row (so entries weigh what real ones do).
 * Deterministic: entry g is about enrollment g modulo their count. Needs at least one enrollment.
 */
export async function seedActivityHistory(db: Db, opts: ActivityHistoryOptions): Promise<void> {
  const days = opts.days ?? HISTORY_DAYS;
  await db.transaction(async (tx) => {
    for (let first = 1; first <= opts.entries; first += CHUNK) {
      const last = Math.min(opts.entries, first + CHUNK - 1);
      await tx.execute(sql`
        with e as (select row_number() over (order by id) - 1 as n, * from enrollments),
        total as (select count(*) as n from enrollments)
        insert into activity (created_at, admin_id, admin_name, admin_email, action, kind, record_id, record_name,
          summary, before, after)
        select now() - (g * interval '1 day' * ${days} / ${opts.entries}),
          ('00000000-0000-4000-8000-00000000000' || (g % 5))::uuid, 'Admin ' || (g % 5),
          'admin' || (g % 5) || '@office.dev', a.action, 'enrollment', e.id,
          e.user_name || ' (' || e.user_email || ') · ' || e.course_title,
          a.verb || ' enrollment: ' || e.user_name || ' (' || e.user_email || ') · ' || e.course_title,
          case a.action
            when 'approve' then jsonb_build_object('is_verified', false, 'verified_at', null)
            when 'disapprove' then jsonb_build_object('is_verified', true, 'verified_at', e.created_at)
            when 'complete' then jsonb_build_object('completed', false)
            when 'update' then jsonb_build_object('amount_paid', 0, 'payment_status', 'pending')
            when 'delete' then to_jsonb(e) - array['n', 'id', 'updated_at']
          end,
          case a.action
            when 'approve' then jsonb_build_object('is_verified', true, 'verified_at', e.created_at)
            when 'disapprove' then jsonb_build_object('is_verified', false, 'verified_at', null)
            when 'complete' then jsonb_build_object('completed', true)
            when 'update' then jsonb_build_object('amount_paid', e.amount, 'payment_status', 'paid')
            when 'delete' then null
            else to_jsonb(e) - array['n', 'id', 'updated_at']
          end
        from generate_series(${first}::int, ${last}::int) g
        cross join total
        cross join lateral (select (array['approve', 'approve', 'approve', 'approve', 'approve', 'approve', 'approve',
          'update', 'update', 'update', 'update', 'create', 'create', 'create', 'import', 'import', 'disapprove',
          'complete', 'delete', 'delete'])[1 + g % 20] as action) x
        cross join lateral (select x.action, case x.action when 'approve' then 'Approved' when 'update' then 'Updated'
          when 'create' then 'Created' when 'import' then 'Imported' when 'disapprove' then 'Disapproved'
          when 'complete' then 'Completed' else 'Deleted' end as verb) a
        join e on e.n = g % total.n`);
    }
  });
}
