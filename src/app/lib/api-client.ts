import type { ApiRoute } from '@/shared/api-routes';
import { STORAGE_KEYS } from '@/shared/constants';

export type ApiErrorKind = 'http' | 'network' | 'unexpected';

/**
 * The one error every call throws: an API reply (`http`), no reply or a reply cut off before its end
 * (`network`), or something else, such as a proxy's or a captive portal's HTML page (`unexpected`).
 */
export class ApiError extends Error {
  constructor(
    readonly kind: ApiErrorKind,
    readonly status: number | null,
    readonly body: {
      success?: boolean;
      message?: string;
      showMessage?: boolean;
      errors?: Record<string, string>;
      /** A write refused as made on an older version (409): the record as it is now (docs/conflicts.md). */
      current?: unknown;
    } | null,
    message: string,
    /** The token the call was sent with: a rejection of an older session says nothing about the current one. */
    readonly token: string | null = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/**
 * The server rejected the session: 401 or 403 in the API's own error envelope. Only this ends a session;
 * a 401/403 page from something in between (a proxy, a CDN's challenge page, a captive portal) does not.
 */
export const isAuthError = (err: unknown): err is ApiError =>
  err instanceof ApiError &&
  err.kind === 'http' &&
  (err.status === 401 || err.status === 403) &&
  err.body?.success === false;
export const isNetworkError = (err: unknown) => err instanceof ApiError && err.kind === 'network';

/** The record as it is now, when a write was refused as made on an older version of it (409 with `current`). */
export const staleCurrent = <T>(err: unknown): T | null =>
  err instanceof ApiError && err.kind === 'http' && err.status === 409 && err.body?.current
    ? (err.body.current as T)
    : null;

export interface ApiRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /** A body that is not JSON (a file to import), sent as it is with its content type. */
  upload?: { contentType: string; data: Uint8Array<ArrayBuffer> };
  signal?: AbortSignal;
  /** A hanging request on a bad connection counts as "no response" after this long. */
  timeoutMs?: number;
  /** The error's message when an error reply carries none (the fallback failure messages of MESSAGES). */
  fallbackMessage?: string;
  /** Called with a successful reply's headers as soon as they arrive, before its body is read. */
  onHeaders?: (headers: Headers) => void;
}

/** Told when a write (any method but GET) is sent; the function it returns, when its reply is in hand. */
let writeWatcher: (() => () => void) | null = null;
/** The sync engine marks where its copy stood when each write was sent (docs/sync.md, "Writes"). */
export const watchWrites = (watcher: typeof writeWatcher) => void (writeWatcher = watcher);

/** The names of a route's `:params`: `'id'` for `/api/users/:id`. */
type ParamsOf<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamsOf<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/** A route's params, when its path has any. */
type ParamsArg<R extends ApiRoute> = [ParamsOf<R['path']>] extends [never]
  ? [params?: undefined, query?: URLSearchParams | string]
  : [params: Record<ParamsOf<R['path']>, string>, query?: URLSearchParams | string];

/**
 * The URL below /api of a route of the API's contract (API_ROUTES, src/shared/api-routes.ts): the one way the PWA
 * writes a URL. Each `:param` is encoded as one URL segment, so an id can never change the route; a query follows
 * if given: apiUrl(API_ROUTES.updateCard, { id }).
 */
export function apiUrl<R extends ApiRoute>(route: R, ...[params, query]: ParamsArg<R>): string {
  const path = route.path
    .replace(/^\/api(?=\/)/, '')
    .replace(/:(\w+)/g, (_, name: string) => encodeURIComponent((params as Record<string, string>)[name]!));
  const search = query?.toString();
  return search ? `${path}?${search}` : path;
}

/** One typed HTTP client for /api: adds the Bearer token, parses JSON, throws ApiError. */
export async function apiFetch<T>(path: string, request: ApiRequest = {}): Promise<T> {
  const answered = request.method && request.method !== 'GET' ? writeWatcher?.() : undefined;
  try {
    return await apiFetchAs<T>(localStorage.getItem(STORAGE_KEYS.authToken), path, request);
  } finally {
    answered?.();
  }
}

/**
 * The same client with the session's token given: where there is no localStorage (the sync's page worker, which
 * gets the token in a message, never in a URL). Only reads go this way: writes go through `apiFetch`, which marks
 * them for the sync.
 */
export async function apiFetchAs<T>(
  token: string | null,
  path: string,
  { method = 'GET', body, upload, signal, timeoutMs = 30_000, fallbackMessage, onHeaders }: ApiRequest,
): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (upload) headers['content-type'] = upload.contentType;

  const timeout = AbortSignal.timeout(timeoutMs);
  let response: Response;
  try {
    response = await fetch(`/api${path}`, {
      method,
      headers,
      body: upload ? upload.data : body === undefined ? undefined : JSON.stringify(body),
      signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
    });
  } catch (err) {
    if (signal?.aborted) throw err;
    throw new ApiError('network', null, null, 'No response from the server', token);
  }

  if (response.ok) onHeaders?.(response.headers);
  let data: unknown = null;
  try {
    data = await response.json();
  } catch (err) {
    if (signal?.aborted) throw err;
    // Only a body that arrived whole and is not JSON is "not the API" (an HTML error page); a read that was
    // cut off (connection reset, the timeout, a reload aborting it) is a reply that never fully came.
    if (!(err instanceof SyntaxError))
      throw new ApiError('network', null, null, 'The reply from the server was cut off', token);
    throw new ApiError('unexpected', response.status, null, `Unreadable reply (${response.status})`, token);
  }
  if (!response.ok || (data as { success?: boolean })?.success === false) {
    const errBody = (data ?? null) as ApiError['body'];
    throw new ApiError(
      'http',
      response.status,
      errBody,
      errBody?.message || fallbackMessage || `Request failed (${response.status})`,
      token,
    );
  }
  return data as T;
}

/**
 * A long-lived streamed GET (the sync stream): the token goes in the header, never in the URL, which is why
 * this is fetch and not EventSource. Resolves once the reply's headers arrive; fails like apiFetch when the
 * reply is an error or not a stream. The caller's signal ends it (the caller also watches for a stall).
 */
export async function apiStream(path: string, signal: AbortSignal): Promise<Response> {
  const headers: Record<string, string> = { accept: 'text/event-stream' };
  const token = localStorage.getItem(STORAGE_KEYS.authToken);
  if (token) headers.authorization = `Bearer ${token}`;
  let response: Response;
  try {
    response = await fetch(`/api${path}`, { headers, signal });
  } catch (err) {
    if (signal.aborted) throw err;
    throw new ApiError('network', null, null, 'No response from the server', token);
  }
  if (response.ok && response.headers.get('content-type')?.startsWith('text/event-stream')) return response;
  const body = (await response.json().catch(() => null)) as ApiError['body'];
  if (!response.ok && body?.success === false)
    throw new ApiError('http', response.status, body, body.message || `Request failed (${response.status})`, token);
  throw new ApiError('unexpected', response.status, null, `Unreadable reply (${response.status})`, token);
}
