import { ApiError, apiStream, isAuthError } from '@/app/lib/api-client';
import { API_ROUTES } from '@/shared/api-routes';

/** Reconnects after 1 s, doubling to 30 s; while the stream is down the lists are polled this often. */
export const STREAM_RETRY_FIRST_MS = 1_000;
export const STREAM_RETRY_MAX_MS = 30_000;
/** The server pings every 25 s: this long without a byte means the connection is dead (a stalled proxy). */
const STALL_MS = 60_000;

export interface StreamHandlers {
  /** The server announced a change (also sent once right after the stream opens). */
  onChange: () => void;
  /** The stream is up (true) or down (false): down, the engine polls instead. */
  onState: (up: boolean) => void;
  /** The server refused the token: the caller pulls, which ends the session through the one error path. */
  onRejected: () => void;
}

/**
 * Follows GET /api/sync/stream until `signal` aborts: reads its `change` events, reconnects with back-off
 * when it ends or fails, and at once when the browser comes back online.
 */
export function followSyncStream(signal: AbortSignal, handlers: StreamHandlers) {
  let delay = STREAM_RETRY_FIRST_MS;
  let wake: (() => void) | null = null;
  const onOnline = () => {
    delay = STREAM_RETRY_FIRST_MS;
    wake?.();
  };
  window.addEventListener('online', onOnline);
  signal.addEventListener('abort', () => {
    window.removeEventListener('online', onOnline);
    wake?.();
  });

  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        wake = null;
        resolve();
      }
      wake = done;
    });

  void (async () => {
    while (!signal.aborted) {
      // Each connection ends when the session does, or when it has been silent too long (a stalled proxy).
      const connection = new AbortController();
      const end = () => connection.abort();
      signal.addEventListener('abort', end);
      let heardAt = Date.now();
      const watchdog = setInterval(() => Date.now() - heardAt > STALL_MS && end(), STALL_MS / 4);
      try {
        const reply = await apiStream(API_ROUTES.syncStream, connection.signal);
        delay = STREAM_RETRY_FIRST_MS;
        handlers.onState(true);
        await readEvents(reply, () => (heardAt = Date.now()), handlers.onChange);
      } catch (err) {
        if (isAuthError(err)) return handlers.onRejected();
        // Over the session's cap (other browsers of this admin hold theirs): poll, and try again after the longest wait.
        if (err instanceof ApiError && err.status === 429) delay = STREAM_RETRY_MAX_MS;
      } finally {
        clearInterval(watchdog);
        signal.removeEventListener('abort', end);
      }
      if (signal.aborted) return;
      handlers.onState(false);
      await pause(delay);
      delay = Math.min(delay * 2, STREAM_RETRY_MAX_MS);
    }
  })();
}

/**
 * Server-Sent Events from a streamed body: calls onChange for each `change` event until the body ends (or
 * its connection is aborted, which makes the read throw).
 */
async function readEvents(reply: Response, onData: () => void, onChange: () => void) {
  const reader = reply.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    onData();
    buffer += value;
    let end: number;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const event = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      if (/^event: change$/m.test(event)) onChange();
    }
  }
}
