import { z } from 'zod';
import {
  BULK_MAX,
  BULK_REFUSALS,
  ENROLLMENT_BULK_ACTIONS,
  SERVICE_BULK_ACTIONS,
  USER_BULK_ACTIONS,
} from '../bulk-actions';
import { idSchema } from './common';

export {
  BULK_MAX,
  BULK_REFUSALS,
  ENROLLMENT_BULK_ACTIONS,
  SERVICE_BULK_ACTIONS,
  USER_BULK_ACTIONS,
  type BulkRefusalReason,
} from '../bulk-actions';

const bulkItem = z.object({
  id: idSchema,
  /** The `updatedAt` the admin saw: a record changed since then is refused, not overwritten. */
  updatedAt: z.iso.datetime({ message: 'updatedAt must be an ISO date-time.' }).optional(),
});

export const bulkBody = <A extends readonly [string, ...string[]]>(actions: A) =>
  z.object({
    action: z.enum(actions, { message: `Action must be one of ${actions.join(', ')}.` }),
    items: z
      .array(bulkItem)
      .min(1, 'Select at least one record.')
      // A message made when it is needed: a page's first toLocaleString loads ICU's data (src/app/lib/intl-warmup.ts).
      .max(BULK_MAX, { error: () => `At most ${BULK_MAX.toLocaleString('en-US')} records at once.` }),
  });

export const enrollmentBulkBody = bulkBody(ENROLLMENT_BULK_ACTIONS);
export const serviceBulkBody = bulkBody(SERVICE_BULK_ACTIONS);
export const userBulkBody = bulkBody(USER_BULK_ACTIONS);
export type BulkAction = z.infer<typeof enrollmentBulkBody>['action'];

export const bulkReplySchema = z.object({
  success: z.literal(true),
  message: z.string(),
  showMessage: z.boolean(),
  /** Ids acted on (already in the asked state counts as done). */
  done: z.array(z.string()),
  /**
   * Approve/disapprove: the new updatedAt of every done record the request changed (one transaction, one
   * clock), so the screen holds the server's version and a second action on them is not refused as
   * changed. Null for delete.
   */
  updatedAt: z.string().nullable(),
  refused: z.array(z.object({ id: z.string(), reason: z.enum(BULK_REFUSALS), message: z.string() })),
});
export type BulkReply = z.infer<typeof bulkReplySchema>;
