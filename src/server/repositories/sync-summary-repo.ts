import { sql } from 'drizzle-orm';
import { rows, type Db } from '@/server/db/client';
import { CURRENCIES } from '@/shared/constants';
import type { SyncSummary } from '@/shared/schemas';

const known = sql.raw(`array[${CURRENCIES.map((c) => `'${c}'`).join(',')}]::text[]`);

/**
 * The dashboard's figures over the whole lists, in the caller's snapshot, with exactly the semantics of
 * `computeStats` (src/app/features/dashboard/dashboard-stats.ts), so a device's dashboard is right while its
 * lists still arrive. Revenue: approved enrollments with an amount and verified purchases, a null currency
 * counted as USD, summed exactly (numeric) and rounded to cents; currencies in CURRENCIES order, any other after
 * them in the order computeStats meets them (enrollments newest first, then purchases newest first).
 */
export async function syncSummary(db: Db): Promise<SyncSummary> {
  const [counts] = await rows<Record<string, string | number>>(
    db,
    sql`select
      (select count(*) from users) as users,
      (select count(*) from users where is_verified) as verified_users,
      (select count(*) from courses) as courses,
      (select count(*) from batches where is_active) as active_batches,
      (select count(*) from enrollments where not is_verified) as pending_enrollments,
      (select count(*) from service_purchases where not is_verified) as pending_services`,
  );
  const revenue = await rows<{ currency: string; amount: number | string }>(
    db,
    sql`with paid as (
        select coalesce(currency, 'USD') as currency, amount, 0 as src, created_at, id
          from enrollments where is_verified and amount is not null
        union all
        select currency, amount, 1, created_at, id from service_purchases where is_verified
      ), met as (
        select distinct on (currency) currency, src, created_at, id from paid
          where array_position(${known}, currency) is null
          order by currency, src, created_at desc, id desc
      )
      select p.currency, round(sum(p.amount), 2)::float8 as amount
        from paid p left join met m on m.currency = p.currency
        group by p.currency, m.src, m.created_at, m.id
        order by coalesce(array_position(${known}, p.currency), 99), m.src, m.created_at desc, m.id desc`,
  );
  const n = (key: string) => Number(counts?.[key] ?? 0);
  return {
    users: n('users'),
    verifiedUsers: n('verified_users'),
    courses: n('courses'),
    activeBatches: n('active_batches'),
    pendingEnrollments: n('pending_enrollments'),
    pendingServices: n('pending_services'),
    revenue: revenue.map((r) => ({ currency: r.currency, amount: Number(r.amount) })),
  };
}
