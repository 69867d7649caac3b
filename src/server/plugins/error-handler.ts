import { BUSY_RETRY_AFTER_SECONDS, isDatabaseBusy } from '@/server/db/timeouts';
import { HttpError, StaleWriteError } from '@/server/errors';
import { MESSAGES } from '@/shared/messages';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** The error envelope (docs/api.md, Replies). */
export const sendError = (reply: FastifyReply, status: number, message: string, errors?: Record<string, string>) =>
  reply.code(status).send({ success: false, message, showMessage: true, ...(errors ? { errors } : {}) });

/**
 * Addresses the router cannot read (a broken percent-escape, a path segment over the router's length
 * limit) get a 400 in the envelope too, instead of Fastify's own body and its 414. These replies skip the
 * hooks, so the no-store header every API reply carries is set here.
 */
export const frameworkErrors = (_error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void => {
  sendError(reply.header('cache-control', 'no-store'), 400, MESSAGES.server.badUrl);
};

/** Fastify's own refusals of a body it cannot read, each a 400 with a sentence that says what to send. */
const UNREADABLE_BODY: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: MESSAGES.server.malformedJson,
  FST_ERR_CTP_EMPTY_JSON_BODY: MESSAGES.server.malformedJson,
  FST_ERR_CTP_INVALID_MEDIA_TYPE: MESSAGES.server.notJson,
  FST_CP_ERR_INVALID_CONTENT_ENCODING: MESSAGES.server.badEncoding,
};

/** PostgreSQL codes of values the database cannot take (bad text, dates, numbers out of range). */
const BAD_VALUE_CODES = ['22P02', '22007', '22008', '22003', '22021', '22P05'];

/** Every failure leaves in the envelope of docs/api.md; nothing internal (stacks, SQL) reaches the client. */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    // A body over its limit: Fastify asks to close the connection, which resets it while the client is still
    // sending, and the client sees EPIPE instead of the 413. Kept open, Node reads the rest of the body and
    // drops it (within HTTP_REQUEST_TIMEOUT_MS, like any body), so the client reads the refusal.
    if (error.statusCode === 413) reply.removeHeader('connection');
    if (error instanceof StaleWriteError)
      return reply
        .code(409)
        .send({ success: false, message: error.message, showMessage: true, current: error.current });
    if (error instanceof HttpError) {
      if (error.headers) reply.headers(error.headers);
      return sendError(reply, error.statusCode, error.message, error.errors);
    }
    // A lock, statement or connection wait ran out (docs/operations.md): the write was undone, so trying
    // again is safe. Logged, as a run of these says the database is overloaded.
    if (isDatabaseBusy(error)) {
      request.log.warn({ err: error }, 'database busy: answered 503');
      reply.header('retry-after', String(BUSY_RETRY_AFTER_SECONDS));
      return sendError(reply, 503, MESSAGES.server.busy);
    }
    // drizzle wraps driver errors: the PostgreSQL code sits on the cause.
    const pgCode = (error as { cause?: { code?: string } }).cause?.code ?? (error as { code?: string }).code;
    if (pgCode === '23505') return sendError(reply, 409, MESSAGES.server.duplicate);
    // 23001: PostgreSQL 16+ (PGlite) reports an ON DELETE RESTRICT refusal as restrict_violation.
    if (pgCode === '23503' || pgCode === '23001') {
      // A write whose parent vanished meanwhile (a batch deleted while an enrollment was added to it)
      // is a missing record; a delete that others still point at is a conflict.
      const pgMessage = (error as { cause?: { message?: string } }).cause?.message ?? error.message;
      if (/^insert or update on table/.test(pgMessage)) return sendError(reply, 404, MESSAGES.server.parentGone);
      return sendError(reply, 409, MESSAGES.server.stillReferenced);
    }
    if (pgCode && BAD_VALUE_CODES.includes(pgCode)) return sendError(reply, 400, MESSAGES.server.validation);

    const status = error.statusCode ?? 500;
    if (status === 413) return sendError(reply, 413, MESSAGES.server.tooLarge);
    if (error instanceof SyntaxError) return sendError(reply, 400, MESSAGES.server.malformedJson);
    const unreadable = error.code ? UNREADABLE_BODY[error.code] : undefined;
    if (unreadable) return sendError(reply, 400, unreadable);
    if (status >= 400 && status < 500) return sendError(reply, status, error.message);
    request.log.error({ err: error }, 'unhandled error');
    return sendError(reply, 500, MESSAGES.server.internal);
  });
}
