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
  // One scan per table: at 200,000 enrollments on PGlite each scan is most of the cost, and this is on the way to a
  // new device's first screen (the first page of its sync).
  const [counts] = await rows<Record<string, string | number>>(
    db,
    sql`select u.users, u.verified_users,
      (select count(*) from courses) as courses,
      (select count(*) from batches where is_active) as active_batches
      from (select count(*) as users, count(*) filter (where is_verified) as verified_users from users) u`,
  );
  const perCurrency = sql`coalesce(currency, 'USD') as currency, count(*) filter (where not is_verified) as pending,
    sum(amount) filter (where is_verified) as paid`;
  const byCurrency = await rows<{ currency: string; pe: string | number; ps: string | number; amount: number | null }>(
    db,
    sql`with e as (select ${perCurrency} from enrollments group by 1),
        s as (select ${perCurrency} from service_purchases group by 1)
      select coalesce(e.currency, s.currency) as currency, coalesce(e.pending, 0) as pe, coalesce(s.pending, 0) as ps,
        case when e.paid is null and s.paid is null then null
          else round(coalesce(e.paid, 0) + coalesce(s.paid, 0), 2)::float8 end as amount
      from e full join s on s.currency = e.currency`,
  );
  const paid = byCurrency.filter((r) => r.amount !== null);
  const order = await currencyOrder(
    db,
    paid.map((r) => r.currency),
  );
  const n = (key: string) => Number(counts?.[key] ?? 0);
  const total = (key: 'pe' | 'ps') => byCurrency.reduce((sum, r) => sum + Number(r[key]), 0);
  return {
    users: n('users'),
    verifiedUsers: n('verified_users'),
    courses: n('courses'),
    activeBatches: n('active_batches'),
    pendingEnrollments: total('pe'),
    pendingServices: total('ps'),
    revenue: paid
      .map((r) => ({ currency: r.currency, amount: Number(r.amount) }))
      .sort((a, b) => order(a.currency) - order(b.currency)),
  };
}

/**
 * The revenue's order: CURRENCIES first, any other currency after them in the order computeStats meets it (the
 * newest approved enrollment with an amount first, then the newest verified purchase). Read only when there is one.
 */
async function currencyOrder(db: Db, currencies: string[]) {
  const rank = new Map<string, number>(CURRENCIES.map((c, i) => [c, i]));
  if (currencies.some((c) => !rank.has(c))) {
    const other = sql`coalesce(currency, 'USD') <> all(${known})`;
    const met = await rows<{ currency: string }>(
      db,
      sql`select currency from (
          select distinct on (currency) currency, src, created_at, id from (
            select coalesce(currency, 'USD') as currency, 0 as src, created_at, id from enrollments
              where is_verified and amount is not null and ${other}
            union all
            select coalesce(currency, 'USD'), 1, created_at, id from service_purchases
              where is_verified and amount is not null and ${other}
          ) paid order by currency, src, created_at desc, id desc
        ) firsts order by src, created_at desc, id desc`,
    );
    for (const { currency } of met) rank.set(currency, rank.size);
  }
  return (currency: string) => rank.get(currency) ?? rank.size;
}
