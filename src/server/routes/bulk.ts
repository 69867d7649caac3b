import type { Db } from '@/server/db/client';
import { parse } from '@/server/errors';
import { asAdmin } from '@/server/repositories/admin-writes';
import { applyBulk, type BulkOutcome, type BulkTable } from '@/server/repositories/bulk-repo';
import { MESSAGES } from '@/shared/messages';
import { plural } from '@/shared/plural';
import {
  enrollmentBulkBody,
  serviceBulkBody,
  userBulkBody,
  type BulkAction,
  type BulkRefusalReason,
  type BulkReply,
} from '@/shared/schemas';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';

const NOUNS: Record<BulkTable, [string, string]> = {
  enrollments: ['enrollment', 'enrollments'],
  services: ['service purchase', 'service purchases'],
  users: ['user', 'users'],
};

function replyOf(name: BulkTable, action: BulkAction, outcome: BulkOutcome, self: string[]): BulkReply {
  const [one, many] = NOUNS[name];
  const refused = [...self.map((id) => ({ id, reason: 'self' as BulkRefusalReason })), ...outcome.refused].map((r) => ({
    ...r,
    message: MESSAGES.bulk[r.reason],
  }));
  const message =
    MESSAGES.bulk.done(action, plural(outcome.done.length, one, many)) +
    (refused.length ? MESSAGES.bulk.someRefused(plural(refused.length, one, many)) : '');
  return {
    success: true,
    message,
    showMessage: true,
    done: outcome.done,
    updatedAt: outcome.at?.toISOString() ?? null,
    refused,
  };
}

/**
 * Approve, disapprove or delete many records in one request and one transaction. The reply says what
 * was done and what was refused and why, so the screen can say the same.
 */
export function bulkRoutes(app: FastifyInstance, db: Db) {
  const route = (
    path: string,
    name: BulkTable,
    body: z.ZodType<{ action: BulkAction; items: { id: string; updatedAt?: string }[] }>,
  ) =>
    app.post(path, async (request) => {
      const { action, items } = parse(body, request.body);
      // An admin's own account is never deleted: the session would vanish mid-use.
      const self = name === 'users' ? items.filter((i) => i.id === request.admin?._id).map((i) => i.id) : [];
      const rest = self.length ? items.filter((i) => !self.includes(i.id)) : items;
      const outcome = rest.length
        ? await asAdmin(db, request.admin, (tx) => applyBulk(tx, name, action, rest))
        : { done: [], refused: [], at: null };
      return replyOf(name, action, outcome, [...new Set(self)]);
    });
  route('/api/enrollments/bulk', 'enrollments', enrollmentBulkBody);
  route('/api/services/bulk', 'services', serviceBulkBody);
  route('/api/users/bulk', 'users', userBulkBody);
}
