import { transfer } from 'comlink';
import { apiCallAs } from '@/app/lib/api-client';
import { API_ROUTES } from '@/shared/api-routes';
import { SYNC_NEXT_HEADER } from '@/shared/sync-lists';
import { checkReply, packReply, pageBuffers, type PackedPage } from './page-packing';
import { pullError, type PullError } from './tab-channel';

/**
 * Fetching one sync page and packing it (page-packing.ts): the work the page worker (page-worker.ts) does off the
 * tab's main thread, and the tab itself where there is no worker. The API's conventions are apiCall's own (the
 * token in the header, the timeout, the same errors); the token comes in the request, never in a URL.
 */

export interface PageRequest {
  /** The caller's number for it: `abort(id)` stops it. */
  id: number;
  /** The query of GET /api/sync (cursor, limit …). */
  query: string;
  /** The session's token (a worker has no localStorage). */
  token: string | null;
  timeoutMs: number;
}

/** How a page ended: an ApiError's fields cross a thread as data, and the tab throws the same error as before. */
export type PageResult = { page: PackedPage } | { error: PullError } | { aborted: true };

export interface PageFetcher {
  /**
   * `onNext` gets the next page's cursor as soon as the reply's headers name it (null: none named), and has had it
   * before the result comes (across threads, a call to it is a message of its own).
   */
  fetch(request: PageRequest, onNext: (cursor: string | null) => unknown): Promise<PageResult>;
  abort(id: number): void;
}

export function pageFetcher(): PageFetcher {
  const running = new Map<number, AbortController>();
  return {
    async fetch({ id, query, token, timeoutMs }, onNext) {
      const abort = new AbortController();
      running.set(id, abort);
      let told: unknown;
      try {
        const reply = await apiCallAs<unknown>(token, API_ROUTES.sync, {
          query,
          signal: abort.signal,
          timeoutMs,
          onHeaders: (headers) => void (told = onNext(headers.get(SYNC_NEXT_HEADER))),
        });
        const page = packReply(checkReply(reply));
        await told;
        // Across threads the texts' buffers move to the tab, not copied (in the tab itself, nothing to move).
        return transfer({ page }, pageBuffers(page));
      } catch (err) {
        if (abort.signal.aborted) return { aborted: true };
        return { error: pullError(err) };
      } finally {
        running.delete(id);
      }
    },
    abort(id) {
      running.get(id)?.abort();
    },
  };
}
