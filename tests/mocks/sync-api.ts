import { http, HttpResponse } from 'msw';
import { vi } from 'vitest';
import { syncEngine } from '@/app/lib/sync/sync-engine';
import type { Activity, Batch, Course, Enrollment, Service, User } from '@/shared/schemas';
import { SYNC_LISTS, type SyncList, type SyncReply } from '@/shared/schemas/sync';
import { activity, batches, courses, enrollments, services, users } from './fixtures';

/** The server's lists as the component tests' API holds them; GET /api/sync serves them. */
export interface MockLists {
  users: User[];
  courses: Course[];
  batches: Batch[];
  services: Service[];
  enrollments: Enrollment[];
  activity: Activity[];
}

const fixtures = (): MockLists => ({ users, courses, batches, services, enrollments, activity });
let lists = fixtures();
/** Bumped on every change: a pull with an older cursor gets the whole lists again (a reset). */
let version = 1;

/** The server's lists as they are now. */
export const mockLists = () => lists;

/** The lists back to the fixtures (after each test). */
export function resetMockLists() {
  lists = fixtures();
  version++;
  streams.clear();
}

/** Open streams: a change is announced on each, as the server does. */
const streams = new Set<ReadableStreamDefaultController<Uint8Array>>();
const announce = (controller: ReadableStreamDefaultController<Uint8Array>) =>
  controller.enqueue(new TextEncoder().encode(`event: change\ndata: {"version":${version}}\n\n`));

/** Another admin (or the test) changes the server's lists: the stream says so and the next pull brings them. */
export function setMockLists(change: Partial<MockLists>) {
  lists = { ...lists, ...change };
  version++;
  streams.forEach(announce);
}

/** The reply to a pull request, for the cursor it sends. */
export const syncReplyTo = (request: Request) => syncReply(new URL(request.url).searchParams.get('cursor'));

/** A pull's reply: nothing when the cursor is current, else every list whole (the first page of a reset). */
export function syncReply(cursor: string | null): SyncReply {
  const current = cursor === `mock-${version}`;
  const changes = Object.fromEntries(
    SYNC_LISTS.map((l: SyncList) => [l, { upserts: current ? [] : lists[l], deletes: [] }]),
  ) as unknown as SyncReply['changes'];
  return { success: true, reset: !current, changes, cursor: `mock-${version}`, hasMore: false };
}

export const syncHandlers = [
  http.get('/api/sync', ({ request }) => HttpResponse.json(syncReplyTo(request))),
  // The stream announces a change once, then stays open until the client goes.
  http.get('/api/sync/stream', ({ request }) => {
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        streams.add(controller);
        announce(controller);
        request.signal.addEventListener('abort', () => {
          streams.delete(controller);
          controller.close();
        });
      },
    });
    return new HttpResponse(stream, { headers: { 'content-type': 'text/event-stream' } });
  }),
];

/** Reads of the lists from now on wait for ever (`ms`: that long): a screen shows its loading state. */
export function slowListReads(ms?: number) {
  const read = syncEngine.read.bind(syncEngine);
  vi.spyOn(syncEngine, 'read').mockImplementation(async (list) => {
    await new Promise((resolve) => (ms === undefined ? undefined : setTimeout(resolve, ms)));
    return read(list);
  });
}

/** Reads of the lists fail with `error` until the returned spy is restored. */
export const failListReads = (error: Error) => vi.spyOn(syncEngine, 'read').mockRejectedValue(error);
