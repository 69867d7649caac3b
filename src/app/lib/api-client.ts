import { STORAGE_KEYS } from '@/shared/constants';

export type ApiErrorKind = 'http' | 'network' | 'unexpected';

/** The one error every call throws: an HTTP reply, no reply at all, or something else. */
export class ApiError extends Error {
  constructor(
    readonly kind: ApiErrorKind,
    readonly status: number | null,
    readonly body: {
      success?: boolean;
      message?: string;
      showMessage?: boolean;
      errors?: Record<string, string>;
    } | null,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export const isAuthError = (err: unknown) => err instanceof ApiError && (err.status === 401 || err.status === 403);
export const isNetworkError = (err: unknown) => err instanceof ApiError && err.kind === 'network';

export interface ApiRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
  /** A hanging request on a bad connection counts as "no response" after this long. */
  timeoutMs?: number;
  /** The error's message when an error reply carries none (spec 8's fallback failure messages). */
  fallbackMessage?: string;
}

/** One typed HTTP client for /api: adds the Bearer token, parses JSON, throws ApiError. */
export async function apiFetch<T>(
  path: string,
  { method = 'GET', body, signal, timeoutMs = 30_000, fallbackMessage }: ApiRequest = {},
): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  const token = localStorage.getItem(STORAGE_KEYS.authToken);
  if (token) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) headers['content-type'] = 'application/json';

  const timeout = AbortSignal.timeout(timeoutMs);
  let response: Response;
  try {
    response = await fetch(`/api${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
    });
  } catch (err) {
    if (signal?.aborted) throw err;
    throw new ApiError('network', null, null, 'No response from the server');
  }

  let data: unknown = null;
  try {
    data = await response.json();
  } catch {
    throw new ApiError('unexpected', response.status, null, `Unreadable reply (${response.status})`);
  }
  if (!response.ok || (data as { success?: boolean })?.success === false) {
    const errBody = (data ?? null) as ApiError['body'];
    throw new ApiError(
      'http',
      response.status,
      errBody,
      errBody?.message || fallbackMessage || `Request failed (${response.status})`,
    );
  }
  return data as T;
}
