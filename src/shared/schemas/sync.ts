import { z } from 'zod';
import { MESSAGES } from '@/shared/messages';
import { SYNC_LISTS, SYNC_PAGE, SYNC_SCHEMA } from '../sync-lists';
import { activitySchema } from './activity';
import { batchSchema } from './batch';
import { courseSchema } from './course';
import { enrollmentSchema } from './enrollment';
import { serviceSchema } from './service';
import { userSchema } from './user';

export { SYNC_LISTS, SYNC_NEXT_HEADER, SYNC_ORDER, SYNC_PAGE, SYNC_SCHEMA, type SyncList } from '../sync-lists';

const listChanges = <T extends z.ZodType>(row: T) => z.object({ upserts: z.array(row), deletes: z.array(z.string()) });

const syncChangesSchema = z.object({
  users: listChanges(userSchema),
  courses: listChanges(courseSchema),
  batches: listChanges(batchSchema),
  services: listChanges(serviceSchema),
  enrollments: listChanges(enrollmentSchema),
  activity: listChanges(activitySchema),
});

const count = z.number().int().min(0);
const listProgress = z.object({ done: count, total: count });

/** Rows sent so far and in all, of each list (every list present), on the pages of a full sync. */
export const syncListsProgressSchema = z.object({
  users: listProgress,
  courses: listProgress,
  batches: listProgress,
  services: listProgress,
  enrollments: listProgress,
  activity: listProgress,
});

/**
 * The dashboard's figures at the snapshot of a full sync's first page, exactly as `computeStats` counts them
 * over the whole lists, so a new device's dashboard is right before its lists are whole.
 */
export const syncSummarySchema = z.object({
  users: count,
  verifiedUsers: count,
  courses: count,
  activeBatches: count,
  pendingEnrollments: count,
  pendingServices: count,
  /** Approved enrollments plus verified purchases per currency (null counts as USD), in cents, CURRENCIES order. */
  revenue: z.array(z.object({ currency: z.string(), amount: z.number() })),
});
export type SyncSummary = z.infer<typeof syncSummarySchema>;

/** The reply of GET /api/sync. */
export const syncReplySchema = z.object({
  success: z.literal(true),
  /** True: drop the whole device copy before applying this page (the first page of a full sync). */
  reset: z.boolean(),
  changes: syncChangesSchema,
  /** Opaque: send it back as `?cursor=` on the next pull. */
  cursor: z.string(),
  /** True: pull again at once with the new cursor. */
  hasMore: z.boolean(),
  /**
   * Rows sent so far and in all, on the pages of a full sync only; `lists` per list. The server always sends
   * `lists` (`SyncProgress`); a client reads a reply without it too.
   */
  progress: z.object({ done: count, total: count, lists: syncListsProgressSchema.optional() }).optional(),
  /**
   * On the second page of a full sync only, and only when the sync goes on after it: the dashboard's figures at
   * that page's snapshot (not on the first, which a new device's first screen waits for).
   */
  summary: syncSummarySchema.optional(),
});
export type SyncReply = z.infer<typeof syncReplySchema>;
/** A full-sync page's progress as the server sends it: every list's counts. */
export type SyncProgress = { done: number; total: number; lists: z.infer<typeof syncListsProgressSchema> };

const CURSOR_MAX = 1000;

export const syncQuery = z.object({
  cursor: z.string({ message: MESSAGES.sync.badCursor }).max(CURSOR_MAX, MESSAGES.sync.badCursor).optional(),
  limit: z
    .preprocess(
      (v) => (typeof v === 'string' && /^\d{1,4}$/.test(v) ? Number(v) : v),
      z.number({ message: MESSAGES.sync.badLimit }).int(MESSAGES.sync.badLimit),
    )
    .pipe(z.number().min(1, MESSAGES.sync.badLimit).max(SYNC_PAGE.max, MESSAGES.sync.badLimit))
    .optional(),
  /** A full sync's pages bring this list until it is whole, then the others in SYNC_LISTS order. */
  first: z.enum(SYNC_LISTS, { message: MESSAGES.sync.badFirst }).optional(),
});

// ---- The cursor: opaque to clients, base64url of a small JSON that only the server reads. ----

const version = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);
const listName = z.enum(SYNC_LISTS);
const rowId = z.guid();

/**
 * A delta position. `{v}`: every change up to version v was sent. `{v, at}`: every change below v, and
 * those of version v up to the (list, row) `at` (a page that ended inside one large write).
 * `e` is the database's epoch: a cursor of another database starts a full sync.
 */
const deltaCursor = z.strictObject({
  s: z.literal(SYNC_SCHEMA),
  e: z.guid(),
  v: version,
  at: z.tuple([listName, rowId]).optional(),
});

const micros = z.number().int().min(-Number.MAX_SAFE_INTEGER).max(Number.MAX_SAFE_INTEGER);

/**
 * One list's place in a full sync: [rows sent, rows it held when the sync began, where it stands]: null, not
 * begun; [created_at in microseconds since 1970, id], next comes the row after that one in its SYNC_ORDER;
 * 'end', whole.
 */
const listPosition = z.tuple([count, count, z.union([z.null(), z.tuple([micros, rowId]), z.literal('end')])]);

/**
 * A full sync under way: started at version v; `l`, each list's position, in SYNC_LISTS order; `sm`: 1 when the
 * next page carries the dashboard's summary (the page after the first).
 */
const resetCursor = z.strictObject({
  s: z.literal(SYNC_SCHEMA),
  e: z.guid(),
  r: z.strictObject({
    v: version,
    l: z.tuple([listPosition, listPosition, listPosition, listPosition, listPosition, listPosition]),
    sm: z.literal(1).optional(),
  }),
});

export const syncCursorSchema = z.union([deltaCursor, resetCursor]);
export type SyncCursor = z.infer<typeof syncCursorSchema>;
export type DeltaCursor = z.infer<typeof deltaCursor>;
export type ResetCursor = z.infer<typeof resetCursor>;
export type ListPosition = z.infer<typeof listPosition>;

export function encodeSyncCursor(cursor: SyncCursor): string {
  return btoa(JSON.stringify(cursor)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/**
 * `malformed`: not a cursor this server wrote (answer 400). `foreign`: a cursor of another sync schema
 * (start a full sync). The JSON is ASCII, so btoa/atob (browser and Node alike) read it whole.
 */
export function decodeSyncCursor(
  text: string,
): { kind: 'ok'; cursor: SyncCursor } | { kind: 'foreign' } | { kind: 'malformed' } {
  if (text.length === 0 || text.length > CURSOR_MAX || !/^[A-Za-z0-9_-]+$/.test(text)) return { kind: 'malformed' };
  let value: unknown;
  try {
    value = JSON.parse(atob(text.replace(/-/g, '+').replace(/_/g, '/')));
  } catch {
    return { kind: 'malformed' };
  }
  const schema = z.object({ s: z.number().int() }).safeParse(value);
  if (!schema.success) return { kind: 'malformed' };
  if (schema.data.s !== SYNC_SCHEMA) return { kind: 'foreign' };
  const parsed = syncCursorSchema.safeParse(value);
  return parsed.success ? { kind: 'ok', cursor: parsed.data } : { kind: 'malformed' };
}
