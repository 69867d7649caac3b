import type { Db } from '@/server/db/client';
import { notFound, parse } from '@/server/errors';
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
import { enrollBody, enrollmentUpdateBody, idParams, progressBody, type Enrollment } from '@/shared/schemas';
import type { FastifyInstance } from 'fastify';

/** The reply of every single-enrollment write; a toast only where the screen has no feedback of its own. */
function replyWith(data: Enrollment | null, message?: string) {
  if (!data) throw notFound('Enrollment');
  return { success: true, ...(message ? { message, showMessage: true } : {}), data };
}

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
    const { id } = parse(idParams, request.params);
    const { progress } = parse(progressBody, request.body);
    return replyWith(await setProgress(db, id, progress));
  });

  app.put('/api/enrollments/:id/complete', async (request) => {
    const { id } = parse(idParams, request.params);
    return replyWith(await markCompleted(db, id), MESSAGES.server.courseCompleted);
  });

  app.put('/api/enrollment/:id', async (request) => {
    const { id } = parse(idParams, request.params);
    const body = parse(enrollmentUpdateBody, request.body);
    if (body.batchId && !(await batchExists(db, body.batchId))) throw notFound('Batch');
    return replyWith(await updateEnrollment(db, id, body), MESSAGES.server.enrollmentUpdated);
  });

  app.put('/api/enrollments/approve/:id', async (request) => {
    const { id } = parse(idParams, request.params);
    return replyWith(await setVerified(db, id, true), MESSAGES.server.enrollmentApproved);
  });

  app.put('/api/enrollments/dis-approve/:id', async (request) => {
    const { id } = parse(idParams, request.params);
    return replyWith(await setVerified(db, id, false), MESSAGES.server.enrollmentDisapproved);
  });

  app.delete('/api/enrollments/:id', async (request) => {
    const { id } = parse(idParams, request.params);
    return replyWith(await deleteEnrollment(db, id), MESSAGES.server.enrollmentDeleted);
  });
}
