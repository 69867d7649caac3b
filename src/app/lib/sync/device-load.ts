import { EMBEDS_USERS, type SyncList } from '@/shared/sync-lists';
import { LIST_CODECS, type SyncRows } from './list-codecs';
import { backgroundTask } from './tasks';
import type { StoredChunk } from './device-store';
import type { Interner } from './interning';

/** Loading the device copy at start-up: the stored chunks as they arrive, decoded a slice per task. */

/** Decoding a stored copy yields to the browser this often: well under the 50 ms of a long task. */
const DECODE_SLICE_MS = 16;
/**
 * The order a start-up decodes the lists in, one at a time, each shown as soon as it is whole: users first (the
 * enrollments and purchases embed them), then the small ones; a list a screen asks for goes next.
 */
export const DECODE_ORDER: readonly SyncList[] = ['users', 'batches', 'courses', 'enrollments', 'services', 'activity'];

/** The next list to decode: one a screen asked for first, but never one that embeds users before the users. */
export function nextToDecode(left: ReadonlySet<SyncList>, wanted: readonly SyncList[]): SyncList {
  const list = wanted.find((l) => left.has(l)) ?? DECODE_ORDER.find((l) => left.has(l))!;
  return EMBEDS_USERS.has(list) && left.has('users') ? 'users' : list;
}

/** The stored chunks of each list as the device store hands them over, waited for one by one. */
export class Arrivals {
  private queues = new Map<SyncList, { chunks: StoredChunk[]; at: number; ended: boolean }>();
  private wake: (() => void) | null = null;
  private error: unknown = null;

  private queue(list: SyncList) {
    let q = this.queues.get(list);
    if (!q) this.queues.set(list, (q = { chunks: [], at: 0, ended: false }));
    return q;
  }
  readonly take = (list: SyncList, chunk: StoredChunk | null) => {
    const q = this.queue(list);
    if (chunk) q.chunks.push(chunk);
    else q.ended = true;
    this.wake?.();
  };
  /** Whether `list`'s next chunk is still to come from the store (none is here, and it has not ended). */
  waits(list: SyncList) {
    const q = this.queue(list);
    return !this.error && q.at === q.chunks.length && !q.ended;
  }
  fail(error: unknown) {
    this.error = error ?? new Error('The device copy could not be read');
    this.wake?.();
  }
  /** The list's next chunk; null once it has no more. */
  async next(list: SyncList): Promise<StoredChunk | null> {
    for (;;) {
      if (this.error) throw this.error;
      const q = this.queue(list);
      if (q.at < q.chunks.length) {
        const chunk = q.chunks[q.at]!;
        q.chunks[q.at++] = undefined as never; // its text can go once decoded
        return chunk;
      }
      if (q.ended) return null;
      await new Promise<void>((resolve) => (this.wake = resolve));
      this.wake = null;
    }
  }
}

export type DecodedChunks<L extends SyncList> = { key: number; rows: SyncRows[L][] }[];

/**
 * One list's stored chunks, decoded in slices that leave the browser free every DECODE_SLICE_MS; null if ended.
 * `onSlice` sees the chunks decoded so far at the end of each slice, and whenever the store is slower than the decoding
 * (a screen can show them meanwhile).
 */
export async function decodeList<L extends SyncList>(
  list: L,
  arrivals: Arrivals,
  interner: Interner,
  alive: () => boolean,
  onSlice?: (decoded: DecodedChunks<L>) => void,
): Promise<DecodedChunks<L> | null> {
  const codec = LIST_CODECS[list];
  const stored: DecodedChunks<L> = [];
  let slice = performance.now();
  const show = () => stored.length > 0 && onSlice?.(stored);
  const next = () => {
    if (arrivals.waits(list)) show();
    return arrivals.next(list);
  };
  for (let chunk = await next(); chunk; chunk = await next()) {
    if (performance.now() - slice > DECODE_SLICE_MS) {
      show();
      // After the screen's render: it shows the rows decoded so far, while the rest can wait a little.
      await backgroundTask();
      if (!alive()) return null;
      slice = performance.now();
    }
    const rows = codec.decode(chunk.text, interner) as SyncRows[L][];
    if (list === 'users') for (const u of rows as SyncRows['users'][]) interner.setUser(u);
    stored.push({ key: chunk.key[2], rows });
  }
  return stored;
}
