/** The activity log's kinds and actions, apart from the zod schemas: the router's URL checks load these, not zod. */

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
