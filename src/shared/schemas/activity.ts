import { z } from 'zod';
import { MESSAGES } from '@/shared/messages';
import { ACTIVITY_ACTIONS, ACTIVITY_KINDS } from '../activity-kinds';

export { ACTIVITY_ACTIONS, ACTIVITY_KINDS, type ActivityAction, type ActivityKind } from '../activity-kinds';

/** Values of the changed fields (column names) before and after; a create has only `after`, a delete only `before`. */
const fieldValues = z.record(z.string(), z.unknown()).nullable();

/** One entry of the activity log (GET /api/sync's `activity` list). Never edited; pruned by age only. */
export const activitySchema = z.object({
  _id: z.string(),
  /** When it happened. */
  createdAt: z.string(),
  /** The admin who did it (null: a throttled login, which names no admin); name and email as they were then. */
  adminId: z.string().nullable(),
  adminName: z.string().nullable(),
  adminEmail: z.string().nullable(),
  action: z.string(),
  kind: z.string(),
  /** The record's id (for a session: the admin's user id); null for a throttled login. */
  recordId: z.string().nullable(),
  /** The record's name and email as they were then, e.g. "Jane Doe (jane@example.com) · React Basics". */
  recordName: z.string(),
  summary: z.string(),
  before: fieldValues,
  after: fieldValues,
});
export type Activity = z.infer<typeof activitySchema>;

/** Entries per page of GET /api/activity: the default, and the most `?limit=` may ask for. */
export const ACTIVITY_PAGE = { default: 100, max: 500 } as const;
const TEXT_MAX = 200;
const Q = MESSAGES.activity.query;

/** A calendar day, YYYY-MM-DD (2026-02-30 is not one). */
const day = z
  .string({ message: Q.badDate })
  .regex(/^\d{4}-\d{2}-\d{2}$/, Q.badDate)
  .refine((v) => {
    const [y, m, d] = v.split('-').map(Number);
    const date = new Date(Date.UTC(y!, m! - 1, d!));
    return date.getUTCFullYear() === y && date.getUTCMonth() === m! - 1 && date.getUTCDate() === d;
  }, Q.badDate);

/** An IANA time zone this runtime knows. */
const timeZone = z
  .string({ message: Q.badTimeZone })
  .max(64, Q.badTimeZone)
  .refine((tz) => {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: tz });
      return true;
    } catch {
      return false;
    }
  }, Q.badTimeZone);

/**
 * GET /api/activity's query: a page of the log, newest first, narrowed by every filter given. `from` and `to`
 * are days in `tz` (the admin's time zone; UTC when absent), both included. `q` matches the record's name
 * or email or the admin's, case-insensitively. `before` (an entry's id) keeps the entries older than that one:
 * a device asks for what lies past the oldest entry it holds (none, if that entry was pruned: so is all before
 * it). An unknown parameter is a 400, not silently ignored.
 */
export const activityQuery = z
  .strictObject(
    {
      cursor: z.string({ message: Q.badCursor }).max(200, Q.badCursor).optional(),
      limit: z
        .preprocess(
          (v) => (typeof v === 'string' && /^\d{1,4}$/.test(v) ? Number(v) : v),
          z.number({ message: Q.badLimit(ACTIVITY_PAGE.max) }).int(Q.badLimit(ACTIVITY_PAGE.max)),
        )
        .pipe(z.number().min(1, Q.badLimit(ACTIVITY_PAGE.max)).max(ACTIVITY_PAGE.max, Q.badLimit(ACTIVITY_PAGE.max)))
        .optional(),
      admin: z.email({ message: Q.badAdmin }).max(254, Q.badAdmin).optional(),
      kind: z.enum(ACTIVITY_KINDS, { message: Q.badKind(ACTIVITY_KINDS) }).optional(),
      action: z.enum(ACTIVITY_ACTIONS, { message: Q.badAction(ACTIVITY_ACTIONS) }).optional(),
      record: z.guid({ message: Q.badRecord }).optional(),
      before: z.guid({ message: Q.badBefore }).optional(),
      from: day.optional(),
      to: day.optional(),
      tz: timeZone.optional(),
      q: z
        .string({ message: Q.badText(TEXT_MAX) })
        .max(TEXT_MAX, Q.badText(TEXT_MAX))
        .optional(),
    },
    { error: (issue) => (issue.code === 'unrecognized_keys' ? Q.unknown : undefined) },
  )
  .refine((f) => !f.from || !f.to || f.from <= f.to, { message: Q.badRange, path: ['to'] });
export type ActivityQuery = z.infer<typeof activityQuery>;

/** A page of the log: `nextCursor` asks for the entries after the last one here (null: no more). */
export const activityPageSchema = z.object({
  success: z.literal(true),
  data: z.array(activitySchema),
  nextCursor: z.string().nullable(),
});
export type ActivityPage = z.infer<typeof activityPageSchema>;
