import type { ApiRoute, DeclaredRoute, HttpMethod } from '@/shared/api-routes';
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

/** What a call sends besides its route: the route carries the method and the URL (src/shared/api-routes.ts). */
export interface ApiRequest {
  /** The query after the route's path, e.g. the sync's `cursor=…`. */
  query?: URLSearchParams | string;
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

/** A route's param names as a one-element tuple (`['id']`, `[never]`): routes alike in their params give one type. */
type ParamNames<R> = R extends ApiRoute ? [ParamsOf<R['path']>] : never;

/** The routes among `R` whose params are exactly `N` (a `ParamNames`). */
type Naming<R, N> = R extends ApiRoute
  ? [N] extends [ParamNames<R>]
    ? [ParamNames<R>] extends [N]
      ? R
      : never
    : never
  : never;

/** The declared routes of a method whose path names exactly the params `P`: `RoutesOf<'DELETE', 'id'>`. */
export type RoutesOf<M extends HttpMethod, P extends string = never> = Naming<
  Extract<DeclaredRoute, { method: M }>,
  [P]
>;

/** One call's arguments for each kind of params: the routes that name them, and the request with them. */
type CallsNaming<Routes, N> = N extends [never]
  ? [route: Naming<Routes, N>, request?: ApiRequest & { params?: undefined }]
  : N extends [infer P extends string]
    ? [route: Naming<Routes, N>, request: ApiRequest & { params: Record<P, string> }]
    : never;

/**
 * A call's arguments: a route of the contract (API_ROUTES, courseItemRoutes) among `Routes`, and its request, which
 * names the route's params when its path has any: `apiCall(API_ROUTES.updateCard, { params: { id }, body })`. The
 * method and the URL are the route's own, so neither can be written by hand. Routes alike in their params take the
 * same request, so one chosen among several (a list's delete, Approve or Disapprove) is called the same way.
 */
export type RouteCall<Routes extends ApiRoute = DeclaredRoute> = CallsNaming<Routes, ParamNames<Routes>>;

/** What the client itself sends: the request with the route's params, if any. */
type Sent = ApiRequest & { params?: Record<string, string> };

/**
 * A route's URL: each `:param` encoded as one URL segment, so an id can never change the route; the query follows
 * if given.
 */
function urlOf(route: ApiRoute, params: Sent['params'], query: Sent['query']): string {
  const path = route.path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(params![name]!));
  const search = query?.toString();
  return search ? `${path}?${search}` : path;
}

/**
 * The one HTTP client for /api: the route's method at its URL, with the Bearer token; parses the JSON reply and
 * throws ApiError. A write (any method but GET) is marked for the sync until its reply is in hand.
 */
export async function apiCall<T>(...[route, request]: RouteCall): Promise<T> {
  const answered = route.method === 'GET' ? undefined : writeWatcher?.();
  try {
    return await callWith<T>(localStorage.getItem(STORAGE_KEYS.authToken), route, request);
  } finally {
    answered?.();
  }
}

/** The routes that only read: the GET routes. */
type Reads = Extract<DeclaredRoute, { method: 'GET' }>;

/**
 * The same call with the session's token given, for reads only (a GET route): where there is no localStorage (the
 * sync's page worker, which gets the token in a message, never in a URL). Writes go through `apiCall`, which marks
 * them for the sync.
 */
export const apiCallAs = <T>(token: string | null, ...[route, request]: RouteCall<Reads>) =>
  callWith<T>(token, route, request);

/** Sends the request, with the Bearer token if any; no reply at all is a network ApiError. */
async function send(
  token: string | null,
  route: ApiRoute,
  { params, query, body, upload, signal, timeoutMs }: Sent,
  accept: string,
): Promise<Response> {
  const headers: Record<string, string> = { accept };
  if (token) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (upload) headers['content-type'] = upload.contentType;

  const timeout = timeoutMs === undefined ? undefined : AbortSignal.timeout(timeoutMs);
  try {
    return await fetch(urlOf(route, params, query), {
      method: route.method,
      headers,
      body: upload ? upload.data : body === undefined ? undefined : JSON.stringify(body),
      signal: signal && timeout ? AbortSignal.any([signal, timeout]) : (signal ?? timeout),
    });
  } catch (err) {
    if (signal?.aborted) throw err;
    throw new ApiError('network', null, null, 'No response from the server', token);
  }
}

async function callWith<T>(token: string | null, route: ApiRoute, request: Sent = {}): Promise<T> {
  const { signal, timeoutMs = 30_000, fallbackMessage, onHeaders } = request;
  const response = await send(token, route, { ...request, timeoutMs }, 'application/json');

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
 * A long-lived streamed GET (the sync stream), sent by the same client: the token goes in the header, never in the
 * URL, which is why this is fetch and not EventSource. Resolves once the reply's headers arrive; fails like apiCall
 * when the reply is an error or not a stream. The caller's signal ends it (the caller also watches for a stall).
 */
export async function apiStream(route: RoutesOf<'GET'>, signal: AbortSignal): Promise<Response> {
  const token = localStorage.getItem(STORAGE_KEYS.authToken);
  const response = await send(token, route, { signal }, 'text/event-stream');
  if (response.ok && response.headers.get('content-type')?.startsWith('text/event-stream')) return response;
  const body = (await response.json().catch(() => null)) as ApiError['body'];
  if (!response.ok && body?.success === false)
    throw new ApiError('http', response.status, body, body.message || `Request failed (${response.status})`, token);
  throw new ApiError('unexpected', response.status, null, `Unreadable reply (${response.status})`, token);
}
