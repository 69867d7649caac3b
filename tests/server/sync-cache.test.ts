import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { encode } from '@/server/http/encoding';
import { pullSync, syncReplyBody } from '@/server/repositories/sync-repo';
import { SyncPageCache, type CachedPage } from '@/server/sync/page-cache';
import { MESSAGES } from '@/shared/messages';
import { decodeSyncCursor, SYNC_NEXT_HEADER, type SyncReply } from '@/shared/schemas';
import { createTestServer, type TestServer } from '../utils/build-server';
import { makeBatch, makeCourse, makeEnrollment, makeService, makeUser } from '../utils/factories';
import { pullAll, serverLists, SyncCopy } from '../utils/sync-client';

/**
 * The full-sync page cache (src/server/sync/page-cache.ts, cached-pull.ts; docs/operations.md): several devices
 * syncing the same data in full share each page's build, and get the bytes an uncached build would give them.
 */
const brotliDecompress = promisify(zlib.brotliDecompress);
const gunzip = promisify(zlib.gunzip);

let s: TestServer;
let token: string;
const enrollmentIds: string[] = [];
beforeAll(async () => {
  s = await createTestServer();
  token = await s.adminToken();
  // Pages of 4 rows of this are over 1 KB, so they go compressed.
  for (let i = 0; i < 6; i++) await makeUser(s.db);
  const course = await makeCourse(s.db);
  const batch = await makeBatch(s.db);
  const user = await makeUser(s.db);
  for (let i = 0; i < 6; i++)
    enrollmentIds.push((await makeEnrollment(s.db, { userId: user.id, courseId: course.id, batchId: batch.id })).id);
  await makeService(s.db, { userId: user.id });
});
afterAll(() => s.close());
beforeEach(() => s.app.syncPages.clear());

const LIMIT = 4;
const stats = () => s.app.syncPages.stats();

/** One pull as a client that takes `encoding`: the reply's bytes as sent, and its body read. */
async function get(cursor: string | null, encoding = 'br', extra = '') {
  const query = `limit=${LIMIT}${cursor ? `&cursor=${cursor}` : ''}${extra}`;
  const res = await s.app.inject({
    method: 'GET',
    url: `/api/sync?${query}`,
    headers: { authorization: `Bearer ${token}`, 'accept-encoding': encoding },
  });
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  const sent = res.headers['content-encoding'] ?? 'identity';
  const raw =
    sent === 'br'
      ? await brotliDecompress(res.rawPayload)
      : sent === 'gzip'
        ? await gunzip(res.rawPayload)
        : res.rawPayload;
  return { res, sent, raw, reply: JSON.parse(raw.toString()) as SyncReply };
}

/** What the route sent before the cache, for this cursor: pullSync's page, written by syncReplyBody. */
async function uncached(cursor: string | null) {
  const decoded = cursor ? decodeSyncCursor(cursor) : null;
  if (decoded && decoded.kind !== 'ok') throw new Error('not a cursor');
  return syncReplyBody(await pullSync(s.db, decoded ? decoded.cursor : null, LIMIT));
}

/** A device's full sync, page by page, with its replies. */
async function fullSync(copy: SyncCopy, encoding = 'br') {
  const replies: SyncReply[] = [];
  for (;;) {
    const { reply } = await get(copy.cursor, encoding);
    copy.apply(reply);
    replies.push(reply);
    if (!reply.hasMore) return replies;
  }
}

describe('the full-sync page cache', () => {
  it('serves a page byte for byte as an uncached build does, in every encoding, the kept br bytes as they are', async () => {
    let cursor: string | null = null;
    let pages = 0;
    let compressed = 0;
    for (;;) {
      const built = await get(cursor, 'br');
      const before = stats();
      const again = await get(cursor, 'br');
      expect(stats().hits, 'the second request is served from the cache').toBe(before.hits + 1);
      expect(stats().builds).toBe(before.builds);
      const reference = await uncached(cursor);
      expect(built.raw.equals(reference)).toBe(true);
      // The same compressed bytes as the route compresses (brotli is deterministic at one quality).
      if (reference.length >= 1024) {
        compressed++;
        expect(built.sent).toBe('br');
        expect(again.res.rawPayload.equals(await encode(reference, 'br'))).toBe(true);
      }
      expect(again.res.rawPayload.equals(built.res.rawPayload)).toBe(true);
      expect(again.res.headers[SYNC_NEXT_HEADER.toLowerCase()]).toBe(built.res.headers[SYNC_NEXT_HEADER.toLowerCase()]);
      expect(again.res.headers['content-type']).toBe(built.res.headers['content-type']);
      // Clients that do not take br: decompressed, and gzip compressed again.
      const gz = await get(cursor, 'gzip');
      const plain = await get(cursor, 'identity');
      expect(gz.raw.equals(reference)).toBe(true);
      expect(plain.raw.equals(reference)).toBe(true);
      expect(plain.sent).toBe('identity');
      if (reference.length >= 1024) expect(gz.sent).toBe('gzip');
      pages++;
      if (!built.reply.hasMore) break;
      cursor = built.reply.cursor;
    }
    expect(pages).toBeGreaterThan(2);
    expect(compressed).toBeGreaterThan(2);
    expect(stats().builds).toBe(pages);
  });

  it('builds a page once for requests that come together (single-flight), each getting the same bytes', async () => {
    const first = stats();
    const together = await Promise.all(Array.from({ length: 5 }, () => get(null)));
    expect(stats().builds - first.builds).toBe(1);
    expect(stats().hits + stats().shared - first.hits - first.shared).toBe(4);
    for (const r of together) expect(r.res.rawPayload.equals(together[0]!.res.rawPayload)).toBe(true);

    const next = together[0]!.reply.cursor;
    const before = stats();
    const second = await Promise.all(Array.from({ length: 5 }, () => get(next)));
    expect(stats().builds - before.builds).toBe(1);
    for (const r of second) expect(r.raw.equals(second[0]!.raw)).toBe(true);
  });

  it('a write between two devices’ full syncs still reaches the second, whose pages come from the cache', async () => {
    const a = new SyncCopy();
    const b = new SyncCopy();
    // Both begin at the same version: the same first page, then A runs ahead and fills the cache.
    a.apply((await get(null)).reply);
    b.apply((await get(null)).reply);
    expect(b.cursor).toBe(a.cursor);
    await fullSync(a);
    expect(a.json()).toEqual(await serverLists(s.app, token));

    // A write after the snapshot both syncs began at, to a row already in a cached page.
    const id = enrollmentIds[0]!;
    const approved = await s.api({ method: 'PUT', url: `/api/enrollments/approve/${id}` });
    expect(approved.statusCode).toBe(200);

    const before = stats();
    const replies = await fullSync(b);
    expect(stats().hits - before.hits, 'B’s pages after the first came from the cache').toBeGreaterThan(0);
    // B's last full page said "nothing more" when A got it; B is told to pull on, and the delta brings the write.
    expect(replies.at(-1)!.hasMore).toBe(false);
    await pullAll(s.app, token, b);
    expect(b.json()).toEqual(await serverLists(s.app, token));
    expect(JSON.parse(b.json().enrollments[id]!)).toMatchObject({ isVerified: true });

    // A device starting after the write gets it in its full sync.
    const c = new SyncCopy();
    await fullSync(c);
    expect(JSON.parse(c.json().enrollments[id]!)).toMatchObject({ isVerified: true });
    expect(c.json()).toEqual(await serverLists(s.app, token));
  });

  it('the last page, kept while nothing had changed, says "more" once a write came after the sync began', async () => {
    const a = new SyncCopy();
    const b = new SyncCopy();
    a.apply((await get(null)).reply);
    b.apply((await get(null)).reply);
    const aReplies = await fullSync(a);
    expect(aReplies.at(-1)!.hasMore).toBe(false);
    // B walks up to A's last page (the cursor A asked for it with), from the cache.
    const lastAsked = aReplies.length > 1 ? aReplies.at(-2)!.cursor : b.cursor;
    while (b.cursor !== lastAsked) b.apply((await get(b.cursor)).reply);
    const id = enrollmentIds[1]!;
    expect((await s.api({ method: 'PUT', url: `/api/enrollments/approve/${id}` })).statusCode).toBe(200);
    const last = (await get(b.cursor)).reply;
    expect(last.hasMore).toBe(true);
    b.apply(last);
    await pullAll(s.app, token, b);
    expect(JSON.parse(b.json().enrollments[id]!)).toMatchObject({ isVerified: true });
    expect(b.json()).toEqual(await serverLists(s.app, token));
  });

  it('keeps within its bound in bytes, the least recently used page out first', async () => {
    const small = await createTestServer({ syncCacheMb: 3000 / 1048576 });
    try {
      const smallToken = await small.adminToken();
      for (let i = 0; i < 12; i++) await makeUser(small.db);
      const cache = small.app.syncPages;
      const pull = async (cursor: string | null) => {
        const res = await small.app.inject({
          method: 'GET',
          url: `/api/sync?limit=3${cursor ? `&cursor=${cursor}` : ''}`,
          headers: { authorization: `Bearer ${smallToken}`, 'accept-encoding': 'br' },
        });
        expect(res.statusCode).toBe(200);
        return JSON.parse((await brotliDecompress(res.rawPayload).catch(() => res.rawPayload)).toString()) as SyncReply;
      };
      const cursors: (string | null)[] = [null];
      for (;;) {
        const reply = await pull(cursors.at(-1)!);
        expect(cache.stats().bytes).toBeLessThanOrEqual(cache.stats().maxBytes);
        if (!reply.hasMore) break;
        cursors.push(reply.cursor);
      }
      expect(cache.stats().evictions).toBeGreaterThan(0);
      expect(cache.stats().entries).toBeLessThan(cursors.length);
      // The last page asked for is still there; the first was evicted and is built again.
      let before = cache.stats();
      await pull(cursors.at(-1)!);
      expect(cache.stats().hits).toBe(before.hits + 1);
      before = cache.stats();
      await pull(cursors[0]!);
      expect(cache.stats().builds).toBe(before.builds + 1);
    } finally {
      await small.close();
    }
  });

  it('still answers a bad query with a clear 400, whatever the cache holds', async () => {
    const first = await get(null);
    const cursor = first.reply.cursor;
    await get(cursor);
    const bad = async (query: string) => {
      const res = await s.api({ method: 'GET', url: `/api/sync?${query}` });
      expect(res.statusCode, query).toBe(400);
      return res.json() as { success: false; errors: Record<string, string> };
    };
    expect((await bad(`cursor=${cursor}&limit=0`)).errors.limit).toBe(MESSAGES.sync.badLimit);
    expect((await bad(`cursor=${cursor}&limit=abc`)).errors.limit).toBe(MESSAGES.sync.badLimit);
    expect((await bad(`limit=${LIMIT}&first=everything`)).errors.first).toBe(MESSAGES.sync.badFirst);
    expect((await bad(`cursor=${cursor}x!&limit=${LIMIT}`)).errors.cursor).toBe(MESSAGES.sync.badCursor);
    const before = stats();
    await get(cursor);
    expect(stats().hits).toBe(before.hits + 1);
  });

  it('is off with SYNC_CACHE_MB=0: every page built by the route as before', async () => {
    const off = await createTestServer({ syncCacheMb: 0 });
    try {
      const t = await off.adminToken();
      await makeUser(off.db);
      const copy = new SyncCopy();
      await pullAll(off.app, t, copy, 1);
      await pullAll(off.app, t, new SyncCopy(), 1);
      expect(off.app.syncPages.stats()).toMatchObject({ builds: 0, hits: 0, entries: 0, bytes: 0 });
    } finally {
      await off.close();
    }
  });
});

describe('SyncPageCache', () => {
  const page = (bytes: number): CachedPage => ({
    encoding: 'br',
    body: Buffer.alloc(bytes),
    rawBytes: bytes * 10,
    next: null,
    last: false,
    hasMore: true,
    v: 1,
  });

  it('evicts the least recently used first, never holds more than its bound, and keeps no page larger than it', () => {
    const cache = new SyncPageCache(3000);
    cache.set('a', page(800));
    cache.set('b', page(800));
    cache.set('c', page(800));
    expect(cache.get('a')).toBeDefined(); // a is now the most recently used
    cache.set('d', page(800));
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBeDefined();
    expect(cache.get('c')).toBeDefined();
    expect(cache.get('d')).toBeDefined();
    expect(cache.stats().bytes).toBeLessThanOrEqual(3000);
    cache.set('huge', page(5000));
    expect(cache.get('huge')).toBeUndefined();
    expect(cache.stats().evictions).toBe(1);
  });

  it('drops a page its caller finds stale, and shares one build among concurrent callers', async () => {
    const cache = new SyncPageCache(1 << 20);
    cache.set('p', page(10));
    expect(cache.get('p', () => false)).toBeUndefined();
    expect(cache.stats()).toMatchObject({ entries: 0, bytes: 0 });

    let builds = 0;
    let release = () => {};
    const build = () =>
      new Promise<CachedPage>((resolve) => {
        builds++;
        release = () => resolve(page(10));
      });
    const waiting = [cache.build('k', build), cache.build('k', build), cache.build('k', build)];
    release();
    const got = await Promise.all(waiting);
    expect(builds).toBe(1);
    expect(new Set(got).size).toBe(1);
    expect(cache.stats()).toMatchObject({ builds: 1, shared: 2 });
    // Once it ended, the next call builds again.
    const again = cache.build('k', build);
    release();
    await again;
    expect(builds).toBe(2);
  });
});
