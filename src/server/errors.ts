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
