import { proxy, wrap, type Remote } from 'comlink';
import { ApiError } from '@/app/lib/api-client';
import { STORAGE_KEYS } from '@/shared/constants';
import { pageFetcher, type PageFetcher } from './page-fetcher';
import type { PackedPage } from './page-packing';

/**
 * Where this tab's sync pages are fetched and packed: in the page worker (page-worker.ts, bundled by Vite and
 * precached by the service worker with the other scripts), or in this thread where there is no Worker (jsdom) or
 * the worker could not start (its error event). Either way the same code runs (page-fetcher.ts).
 */

interface Source {
  fetcher: PageFetcher | Remote<PageFetcher>;
  /** Resolves if the worker fails (its script could not load): its pages are then fetched here. */
  failed: Promise<'failed'>;
}

let source: Source | null = null;
let ids = 0;

const inThread = (): Source => ({ fetcher: pageFetcher(), failed: new Promise(() => {}) });

function startWorker(): Source {
  if (typeof Worker !== 'function') return inThread();
  const worker = new Worker(new URL('./page-worker.ts', import.meta.url), { type: 'module', name: 'sync-pages' });
  const failed = new Promise<'failed'>((resolve) =>
    worker.addEventListener(
      'error',
      (e) => {
        console.warn(`The sync's page worker failed (${e.message}); pages are fetched in the tab`);
        worker.terminate();
        resolve('failed');
      },
      { once: true },
    ),
  );
  return { fetcher: wrap<PageFetcher>(worker), failed };
}

/** This tab's source, started on first use. */
const currentSource = (): Source => (source ??= startWorker());

/** Starts the page worker ahead of the first page (the login form does, while the admin types). */
export function warmPageSource() {
  currentSource();
}

/**
 * One sync page, packed. Fails as apiCall fails (the same ApiError, with the token it was sent with), and with an
 * AbortError once `signal` aborts.
 */
export async function fetchPackedPage(
  query: URLSearchParams,
  signal: AbortSignal,
  onNext: (cursor: string | null) => void,
): Promise<PackedPage> {
  const token = localStorage.getItem(STORAGE_KEYS.authToken);
  const id = ++ids;
  for (;;) {
    signal.throwIfAborted();
    const from = currentSource();
    const stop = () => void from.fetcher.abort(id);
    signal.addEventListener('abort', stop);
    const result = await Promise.race([
      from.fetcher.fetch({ id, query: String(query), token, timeoutMs: 60_000 }, proxy(onNext)),
      from.failed,
    ]).finally(() => signal.removeEventListener('abort', stop));
    if (result === 'failed') {
      if (source === from) source = inThread();
      continue;
    }
    if ('page' in result) return result.page;
    if ('aborted' in result) throw new DOMException('The pull was stopped', 'AbortError');
    const { kind, status, body, message } = result.error;
    throw new ApiError(kind, status, body, message, token);
  }
}
