import type { Db } from '@/server/db/client';
import { route } from '@/server/http/route';
import { asAdmin } from '@/server/repositories/admin-writes';
import { applyBulk, type BulkOutcome, type BulkTable } from '@/server/repositories/bulk-repo';
import { API } from '@/shared/api-contract';
import { MESSAGES } from '@/shared/messages';
import { plural } from '@/shared/plural';
import type { BulkAction, BulkRefusalReason, BulkReply } from '@/shared/schemas';
import type { FastifyInstance } from 'fastify';

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
  const bulkRoute = (op: typeof API.enrollmentsBulk, name: BulkTable) =>
    route(app, op, async ({ body }, request) => {
      const { action, items } = body as { action: BulkAction; items: { id: string; updatedAt?: string }[] };
      // An admin's own account is never deleted: the session would vanish mid-use.
      const self = name === 'users' ? items.filter((i) => i.id === request.admin?._id).map((i) => i.id) : [];
      const rest = self.length ? items.filter((i) => !self.includes(i.id)) : items;
      const outcome = rest.length
        ? await asAdmin(db, request.admin, (tx) => applyBulk(tx, name, action, rest))
        : { done: [], refused: [], at: null };
      return replyOf(name, action, outcome, [...new Set(self)]);
    });
  bulkRoute(API.enrollmentsBulk, 'enrollments');
  bulkRoute(API.servicesBulk, 'services');
  bulkRoute(API.usersBulk, 'users');
}
