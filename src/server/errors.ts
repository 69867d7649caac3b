import { MESSAGES } from '@/shared/messages';
import type { z } from 'zod';

/** An error whose message is safe and useful to show to the person who made the request. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: Record<string, string>,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

export const notFound = (what: string) => new HttpError(404, MESSAGES.server.notFound(what));

/** A write made on an older version of the record (docs/conflicts.md): 409, a sentence, the record as it is now. */
export class StaleWriteError extends HttpError {
  constructor(
    what: string,
    readonly current: unknown,
  ) {
    super(409, MESSAGES.conflict.changed(what));
  }
}

/** The record a repository gave back, or a 404 naming `what` (null, undefined and false: no such record). */
export function found<T>(value: T | null | undefined | false, what: string): T {
  if (value === null || value === undefined || value === false) throw notFound(what);
  return value;
}

/** Parses input with a shared schema; a failure becomes a 400 naming each bad field. */
export function parse<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.length ? issue.path.join('.') : '_';
    errors[key] ??= issue.message;
  }
  const first = Object.values(errors)[0];
  const message = Object.keys(errors).length === 1 && first ? first : MESSAGES.server.validation;
  throw new HttpError(400, message, errors);
}
