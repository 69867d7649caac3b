import type { Db } from '@/server/db/client';
import { found, HttpError, idParam, notFound, parse, refuseStale } from '@/server/errors';
import { toast } from '@/server/http/replies';
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
import { staleRecord } from '@/server/repositories/versions-repo';
import { MESSAGES } from '@/shared/messages';
import { enrollBody, enrollmentUpdateBody, progressBody, versionBody, type Enrollment } from '@/shared/schemas';
import type { FastifyInstance } from 'fastify';

/** The reply of a single-enrollment write that the screen confirms with a toast. */
const replyWith = (data: Enrollment | null, message: string) => toast(message, found(data, 'Enrollment'));

export function enrollmentRoutes(app: FastifyInstance, db: Db) {
  app.get('/api/enrollments', (_request, reply) => reply.sendList('enrollments', 'data', enrollmentsListRows));

  app.post('/api/enrollment/enroll', async (request, reply) => {
    const body = parse(enrollBody, request.body);
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
    reply.code(201);
    return replyWith(result, MESSAGES.server.enrollmentCreated);
  });

  app.put('/api/enrollment/enrollments/:id/progress', async (request) => {
    const id = idParam(request);
    const { progress } = parse(progressBody, request.body);
    // The progress bar is its own feedback: no toast.
    const data = await asAdmin(db, request.admin, (tx) => setProgress(tx, id, progress));
    return { success: true, data: found(data, 'Enrollment') };
  });

  app.put('/api/enrollments/:id/complete', async (request) => {
    const id = idParam(request);
    return replyWith(await asAdmin(db, request.admin, (tx) => markCompleted(tx, id)), MESSAGES.server.courseCompleted);
  });

  app.put('/api/enrollment/:id', async (request) => {
    const id = idParam(request);
    const { expectedUpdatedAt, ...body } = parse(enrollmentUpdateBody, request.body);
    const data = await asAdmin(db, request.admin, async (tx) => {
      refuseStale(await staleRecord(tx, 'enrollment', id, expectedUpdatedAt), 'enrollment');
      if (body.batchId && !(await batchExists(tx, body.batchId))) throw notFound('Batch');
      return updateEnrollment(tx, id, body);
    });
    return replyWith(data, MESSAGES.server.enrollmentUpdated);
  });

  app.put('/api/enrollments/approve/:id', async (request) => {
    const id = idParam(request);
    const data = await asAdmin(db, request.admin, (tx) => setVerified(tx, id, true));
    return replyWith(data, MESSAGES.server.enrollmentApproved);
  });

  app.put('/api/enrollments/dis-approve/:id', async (request) => {
    const id = idParam(request);
    const data = await asAdmin(db, request.admin, (tx) => setVerified(tx, id, false));
    return replyWith(data, MESSAGES.server.enrollmentDisapproved);
  });

  app.delete('/api/enrollments/:id', async (request) => {
    const id = idParam(request);
    const { expectedUpdatedAt } = parse(versionBody, request.body);
    const data = await asAdmin(db, request.admin, async (tx) => {
      refuseStale(await staleRecord(tx, 'enrollment', id, expectedUpdatedAt), 'enrollment');
      return deleteEnrollment(tx, id);
    });
    return replyWith(data, MESSAGES.server.enrollmentDeleted);
  });
}
