import { z } from 'zod';

/** What an activity entry is about: a record's kind, or `session` for logins, logouts and throttling. */
export const ACTIVITY_KINDS = ['user', 'course', 'batch', 'enrollment', 'service', 'session'] as const;
export type ActivityKind = (typeof ACTIVITY_KINDS)[number];

/**
 * What was done. Writes get theirs from the change itself (migration 0004): an insert is `create`, a delete
 * `delete`, an update that turns `is_verified` on or off `approve` / `disapprove`, one that sets `completed`
 * `complete`, any other `update`. A route may name its own (`import`).
 */
export const ACTIVITY_ACTIONS = [
  'create',
  'update',
  'delete',
  'approve',
  'disapprove',
  'complete',
  'import',
  'login',
  'logout',
  'login-throttled',
] as const;
export type ActivityAction = (typeof ACTIVITY_ACTIONS)[number];

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
