import { z } from 'zod';

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
