import type { Db } from '@/server/db/client';
import { found, HttpError, notFound } from '@/server/errors';
import { toast } from '@/server/http/replies';
import { route } from '@/server/http/route';
import { refuseStale } from '@/server/http/stale-writes';
import { asAdmin } from '@/server/repositories/admin-writes';
import {
  batchExists,
  deleteEnrollment,
  enroll,
  enrollmentsListRows,
  markCompleted,
  setProgress,
  setVerified,
  updateEnrollment,
} from '@/server/repositories/enrollments-repo';
import { lockImports, recordedTransactionIds } from '@/server/repositories/import-repo';
import { API } from '@/shared/api-contract';
import { MESSAGES } from '@/shared/messages';
import type { Enrollment } from '@/shared/schemas';
import type { FastifyInstance } from 'fastify';

/** The reply of a single-enrollment write that the screen confirms with a toast. */
const replyWith = (data: Enrollment | null, message: string) => toast(message, found(data, 'Enrollment'));

export function enrollmentRoutes(app: FastifyInstance, db: Db) {
  route(app, API.enrollments, (_input, _request, reply) => reply.sendList('enrollments', 'data', enrollmentsListRows));

  route(app, API.enroll, async ({ body }, request) => {
    const result = await asAdmin(db, request.admin, async (tx) => {
      // An enroll takes its turn with the imports, whose lock covers their look-up and insert: a transaction ID
      // is recorded once, however the two meet. (No unique index: older data may hold an ID twice already.)
      if (body.transactionId) {
        await lockImports(tx);
        if ((await recordedTransactionIds(tx, [body.transactionId])).size)
          throw new HttpError(409, MESSAGES.server.transactionRecorded(body.transactionId), {
            transactionId: MESSAGES.server.transactionRecorded(body.transactionId),
          });
      }
      return enroll(tx, body);
    });
    if ('missing' in result) throw notFound(result.missing);
    return replyWith(result, MESSAGES.server.enrollmentCreated);
  });

  route(app, API.setProgress, async ({ params: { id }, body: { progress } }, request) => {
    // The progress bar is its own feedback: no toast.
    const data = await asAdmin(db, request.admin, (tx) => setProgress(tx, id, progress));
    return { success: true, data: found(data, 'Enrollment') };
  });

  route(app, API.completeEnrollment, async ({ params: { id } }, request) => {
    return replyWith(await asAdmin(db, request.admin, (tx) => markCompleted(tx, id)), MESSAGES.server.courseCompleted);
  });

  route(app, API.updateEnrollment, async ({ params: { id }, body: { expectedUpdatedAt, ...body } }, request) => {
    const data = await asAdmin(db, request.admin, async (tx) => {
      await refuseStale(tx, 'enrollment', id, expectedUpdatedAt);
      if (body.batchId && !(await batchExists(tx, body.batchId))) throw notFound('Batch');
      return updateEnrollment(tx, id, body);
    });
    return replyWith(data, MESSAGES.server.enrollmentUpdated);
  });

  route(app, API.approveEnrollment, async ({ params: { id } }, request) => {
    const data = await asAdmin(db, request.admin, (tx) => setVerified(tx, id, true));
    return replyWith(data, MESSAGES.server.enrollmentApproved);
  });

  route(app, API.disapproveEnrollment, async ({ params: { id } }, request) => {
    const data = await asAdmin(db, request.admin, (tx) => setVerified(tx, id, false));
    return replyWith(data, MESSAGES.server.enrollmentDisapproved);
  });

  route(app, API.deleteEnrollment, async ({ params: { id }, body: { expectedUpdatedAt } }, request) => {
    const data = await asAdmin(db, request.admin, async (tx) => {
      await refuseStale(tx, 'enrollment', id, expectedUpdatedAt);
      return deleteEnrollment(tx, id);
    });
    return replyWith(data, MESSAGES.server.enrollmentDeleted);
  });
}
