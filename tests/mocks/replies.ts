import { http, HttpResponse } from 'msw';
import { server } from './server';

/** A failure as the server sends it (docs/api.md): the envelope with its message, field errors if any, and the status. */
export const failure = (status: number, message: string, errors?: Record<string, string>) =>
  HttpResponse.json({ success: false, message, showMessage: true, ...(errors ? { errors } : {}) }, { status });

/** A success as the server sends it: the envelope with its message and the changed record (and anything else). */
export const success = (message: string, data: unknown, more: object = {}) =>
  HttpResponse.json({ success: true, message, showMessage: true, data, ...more });

/** DELETE `path` (e.g. `/api/users/:id`) answered as the server does, with `message`; returns the ids asked for. */
export function acceptDeletes(path: string, message: string) {
  const deleted: string[] = [];
  server.use(
    http.delete(path, ({ params }) => {
      deleted.push(String(params.id));
      return HttpResponse.json({ success: true, message, showMessage: true });
    }),
  );
  return deleted;
}

/** A write refused as made on an older version (docs/conflicts.md): 409, the sentence, the record as it is now. */
export const stale = (message: string, current: unknown) =>
  HttpResponse.json({ success: false, message, showMessage: true, current }, { status: 409 });
