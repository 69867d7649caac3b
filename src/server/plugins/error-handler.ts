import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { MESSAGES } from '../../shared/messages';
import { HttpError } from '../errors';

/**
 * Addresses the router cannot read (a broken percent-escape, a path segment over the router's length
 * limit) get a 400 in the envelope too, instead of Fastify's own body and its 414.
 */
export const frameworkErrors = (_error: FastifyError, _request: FastifyRequest, reply: FastifyReply) =>
  reply.code(400).send({ success: false, message: MESSAGES.server.badUrl, showMessage: true });

/** Every failure leaves in the envelope of API.md; nothing internal (stacks, SQL) reaches the client. */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if (error instanceof HttpError) {
      if (error.headers) reply.headers(error.headers);
      return reply.code(error.statusCode).send({ success: false, message: error.message, showMessage: true, ...(error.errors ? { errors: error.errors } : {}) });
    }
    // drizzle wraps driver errors: the PostgreSQL code sits on the cause.
    const pgCode = (error as { cause?: { code?: string } }).cause?.code ?? (error as { code?: string }).code;
    if (pgCode === '23505') return reply.code(409).send({ success: false, message: 'That value is already in use.', showMessage: true });
    // 23001: PostgreSQL 16+ (PGlite) reports an ON DELETE RESTRICT refusal as restrict_violation.
    if (pgCode === '23503' || pgCode === '23001') {
      // A write whose parent vanished meanwhile (a batch deleted while an enrollment was added to it)
      // is a missing record; a delete that others still point at is a conflict.
      const pgMessage = (error as { cause?: { message?: string } }).cause?.message ?? error.message;
      if (/^insert or update on table/.test(pgMessage)) {
        return reply.code(404).send({ success: false, message: MESSAGES.server.parentGone, showMessage: true });
      }
      return reply.code(409).send({ success: false, message: 'This record is still referenced by others.', showMessage: true });
    }
    if (pgCode && ['22P02', '22007', '22008', '22003', '22021', '22P05'].includes(pgCode)) {
      return reply.code(400).send({ success: false, message: MESSAGES.server.validation, showMessage: true });
    }

    const status = error.statusCode ?? 500;
    if (status === 413) return reply.code(413).send({ success: false, message: MESSAGES.server.tooLarge, showMessage: true });
    if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
      return reply.code(400).send({ success: false, message: MESSAGES.server.malformedJson, showMessage: true });
    }
    if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      return reply.code(400).send({ success: false, message: MESSAGES.server.notJson, showMessage: true });
    }
    if (error.code === 'FST_CP_ERR_INVALID_CONTENT_ENCODING') {
      return reply.code(400).send({ success: false, message: MESSAGES.server.badEncoding, showMessage: true });
    }
    if (status >= 400 && status < 500) {
      return reply.code(status).send({ success: false, message: error.message, showMessage: true });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send({ success: false, message: MESSAGES.server.internal, showMessage: true });
  });
}
