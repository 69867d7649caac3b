/** The bulk actions and their limits, apart from the zod schemas: the lists' first screens load these, not zod. */

/** One request acts on at most this many records, in one transaction. */
export const BULK_MAX = 10_000;

export const BULK_REFUSALS = ['missing', 'changed', 'self'] as const;
export type BulkRefusalReason = (typeof BULK_REFUSALS)[number];

export const ENROLLMENT_BULK_ACTIONS = ['approve', 'disapprove', 'delete'] as const;
export const SERVICE_BULK_ACTIONS = ['approve', 'disapprove', 'delete'] as const;
export const USER_BULK_ACTIONS = ['delete'] as const;
