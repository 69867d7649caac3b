import { CURRENCIES } from '@/shared/constants';
import type { Batch, Course, Enrollment, Service, User } from '@/shared/schemas';

export interface DashboardStats {
  users: number;
  verifiedUsers: number;
  courses: number;
  activeBatches: number;
  pendingEnrollments: number;
  pendingServices: number;
  /** Approved enrollments plus verified service purchases, per currency, in the order of CURRENCIES. */
  revenue: { currency: string; amount: number }[];
  newestEnrollments: Enrollment[];
}

/** One pass over each loaded list; cheap enough for 200,000 enrollments. */
export function computeStats(
  users: User[],
  courses: Course[],
  enrollments: Enrollment[],
  batches: Batch[],
  services: Service[],
): DashboardStats {
  const revenue = new Map<string, number>();
  const add = (currency: string | null, amount: number | null) => {
    if (amount == null) return;
    const key = currency ?? 'USD';
    revenue.set(key, (revenue.get(key) ?? 0) + amount);
  };
  let pendingEnrollments = 0;
  for (const e of enrollments) {
    if (e.isVerified) add(e.currency, e.amount);
    else pendingEnrollments++;
  }
  let pendingServices = 0;
  for (const s of services) {
    if (s.isVerified) add(s.currency, s.amount);
    else pendingServices++;
  }
  const order = (c: string) => (CURRENCIES as readonly string[]).indexOf(c) + 1 || 99;
  return {
    users: users.length,
    verifiedUsers: users.reduce((n, u) => n + (u.isVerified ? 1 : 0), 0),
    courses: courses.length,
    activeBatches: batches.reduce((n, b) => n + (b.isActive ? 1 : 0), 0),
    pendingEnrollments,
    pendingServices,
    revenue: [...revenue]
      .map(([currency, amount]) => ({ currency, amount: Math.round(amount * 100) / 100 }))
      .sort((a, b) => order(a.currency) - order(b.currency)),
    // The list comes newest first from the server.
    newestEnrollments: enrollments.slice(0, 6),
  };
}
