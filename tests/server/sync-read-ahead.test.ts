import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { pullSync, syncReplyBody } from '@/server/repositories/sync-repo';
import { cachedPull } from '@/server/sync/cached-pull';
import { bodyFor, SyncPageCache, type CachedPage } from '@/server/sync/page-cache';
import { decodeSyncCursor, SYNC_PAGE, type SyncCursor } from '@/shared/schemas';
import { createTestServer, type TestServer } from '../utils/build-server';
import { makeUser } from '../utils/factories';

/**
 * Reading a full sync ahead (src/server/sync/cached-pull.ts, docs/operations.md): a page asked for at the read-ahead
 * size has the page after it built before its request comes, one page ahead of what a device asks for, never more.
 */
let s: TestServer;
beforeAll(async () => {
  s = await createTestServer();
  for (let i = 0; i < 14; i++) await makeUser(s.db);
});
afterAll(() => s.close());

const LIMIT = 3;
const cursorOf = (text: string): SyncCursor => {
  const decoded = decodeSyncCursor(text);
  if (decoded.kind !== 'ok') throw new Error('not a cursor');
  return decoded.cursor;
};
/** A device's request for the page at `cursor` (null: the first). */
const ask = async (cache: SyncPageCache, cursor: string | null) =>
  (await cachedPull(s.db, cache, cursor ? cursorOf(cursor) : null, LIMIT, undefined, 'identity'))!;

describe('reading a full sync ahead', () => {
  it('builds the page after an asked one before its request, one page ahead of the device, the same bytes', async () => {
    const cache = new SyncPageCache(1 << 20, LIMIT);
    const first = await ask(cache, null);
    expect(cache.stats()).toMatchObject({ builds: 1, aheads: 0 }); // a first page reads nothing ahead
    const second = await ask(cache, first.next);
    // The third page is being built, or built, though nobody asked for it yet.
    await vi.waitFor(() => expect(cache.stats()).toMatchObject({ builds: 3, aheads: 1, entries: 3 }));
    const before = cache.stats();
    const third = await ask(cache, second.next);
    expect(cache.stats().hits).toBe(before.hits + 1); // served as it was built ahead, not built again
    expect((await bodyFor(third, 'identity')).body).toEqual(
      syncReplyBody(await pullSync(s.db, cursorOf(second.next!), LIMIT)),
    );
    // Asking for the third reads the fourth ahead; the fourth, never asked for, reads nothing more.
    // (A page decides whether to read ahead before it is kept: once the fourth is kept, it has decided.)
    await vi.waitFor(() => expect(cache.stats()).toMatchObject({ builds: 4, entries: 4 }));
    expect(cache.stats().aheads).toBe(2);
  });

  it('reads nothing ahead below its size, or when off (PostgreSQL, where the next request may reach another instance)', async () => {
    const pages = async (cache: SyncPageCache, limit: number) => {
      let next: string | null = null;
      for (let i = 0; i < 3; i++) {
        const page: CachedPage = (await cachedPull(s.db, cache, next ? cursorOf(next) : null, limit, undefined, 'br'))!;
        next = page.next;
      }
      return cache.stats();
    };
    expect(await pages(new SyncPageCache(1 << 20, LIMIT + 1), LIMIT)).toMatchObject({ builds: 3, aheads: 0 });
    expect(await pages(new SyncPageCache(1 << 20, null), LIMIT)).toMatchObject({ builds: 3, aheads: 0 });
  });

  it('is on for one process over PGlite at the largest pages, off over PostgreSQL', () => {
    expect(s.app.syncPages.readAheadFrom).toBe(s.kind === 'pglite' ? SYNC_PAGE.max : null);
  });
});
