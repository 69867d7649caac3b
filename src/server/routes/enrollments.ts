import type { Db } from '@/server/db/client';
import { found, idParam, notFound, parse } from '@/server/errors';
import { toast } from '@/server/http/replies';
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
import { MESSAGES } from '@/shared/messages';
import { enrollBody, enrollmentUpdateBody, progressBody, type Enrollment } from '@/shared/schemas';
import type { FastifyInstance } from 'fastify';

/** The reply of a single-enrollment write that the screen confirms with a toast. */
const replyWith = (data: Enrollment | null, message: string) => toast(message, found(data, 'Enrollment'));

export function enrollmentRoutes(app: FastifyInstance, db: Db) {
  app.get('/api/enrollments', (_request, reply) => reply.sendList('enrollments', 'data', enrollmentsListRows));

  app.post('/api/enrollment/enroll', async (request, reply) => {
    const body = parse(enrollBody, request.body);
    const result = await enroll(db, body);
    if ('missing' in result) throw notFound(result.missing);
    reply.code(201);
    return replyWith(result, MESSAGES.server.enrollmentCreated);
  });

  app.put('/api/enrollment/enrollments/:id/progress', async (request) => {
    const id = idParam(request);
    const { progress } = parse(progressBody, request.body);
    // The progress bar is its own feedback: no toast.
    return { success: true, data: found(await setProgress(db, id, progress), 'Enrollment') };
  });

  app.put('/api/enrollments/:id/complete', async (request) => {
    return replyWith(await markCompleted(db, idParam(request)), MESSAGES.server.courseCompleted);
  });

  app.put('/api/enrollment/:id', async (request) => {
    const id = idParam(request);
    const body = parse(enrollmentUpdateBody, request.body);
    if (body.batchId && !(await batchExists(db, body.batchId))) throw notFound('Batch');
    return replyWith(await updateEnrollment(db, id, body), MESSAGES.server.enrollmentUpdated);
  });

  app.put('/api/enrollments/approve/:id', async (request) => {
    return replyWith(await setVerified(db, idParam(request), true), MESSAGES.server.enrollmentApproved);
  });

  app.put('/api/enrollments/dis-approve/:id', async (request) => {
    return replyWith(await setVerified(db, idParam(request), false), MESSAGES.server.enrollmentDisapproved);
  });

  app.delete('/api/enrollments/:id', async (request) => {
    return replyWith(await deleteEnrollment(db, idParam(request)), MESSAGES.server.enrollmentDeleted);
  });
}
