import { expose, proxy, releaseProxy, wrap, type Remote } from 'comlink';
import { delay, http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { isAuthError } from '@/app/lib/api-client';
import { writeSession } from '@/app/lib/session-storage';
import { Interner } from '@/app/lib/sync/interning';
import { pageFetcher, type PageFetcher, type PageRequest, type PageResult } from '@/app/lib/sync/page-fetcher';
import { unpackPage } from '@/app/lib/sync/page-packing';
import { fetchPackedPage } from '@/app/lib/sync/page-source';
import { MESSAGES } from '@/shared/messages';
import { SYNC_LISTS, SYNC_NEXT_HEADER } from '@/shared/sync-lists';
import { adminUser } from '../mocks/fixtures';
import { server } from '../mocks/server';
import { mockLists, syncReplyTo } from '../mocks/sync-api';
import { allowConsoleError } from './setup';

/**
 * The page worker's messages: the same fetcher the worker exposes (page-worker.ts), exposed with comlink on one
 * end of a MessageChannel and called from the other, as the tab calls the worker.
 */
let channel: MessageChannel | null = null;
let remote: Remote<PageFetcher> | null = null;
/** What the worker's end replied, as it holds it after posting. */
let sent: PageResult[] = [];
function worker() {
  channel = new MessageChannel();
  const fetcher = pageFetcher();
  const fetch: PageFetcher['fetch'] = (...args) => fetcher.fetch(...args).then((r) => (sent.push(r), r));
  expose({ ...fetcher, fetch }, channel.port1);
  return (remote = wrap<PageFetcher>(channel.port2));
}
afterEach(() => {
  remote?.[releaseProxy]();
  channel?.port1.close();
  channel?.port2.close();
  channel = remote = null;
  sent = [];
});

const request = (over: Partial<PageRequest> = {}): PageRequest => ({
  id: 1,
  query: 'limit=2000',
  token: 'worker-token',
  timeoutMs: 60_000,
  ...over,
});

describe('the page worker', () => {
  it('fetches a page with the token in its header (never the URL), names the next page, and packs every row exactly', async () => {
    const asked: { url: string; authorization: string | null }[] = [];
    server.use(
      http.get('/api/sync', ({ request: r }) => {
        asked.push({ url: r.url, authorization: r.headers.get('authorization') });
        return HttpResponse.json(
          { ...syncReplyTo(r), hasMore: true, progress: { done: 10, total: 20 } },
          { headers: { [SYNC_NEXT_HEADER]: 'next-page' } },
        );
      }),
    );
    const named: (string | null)[] = [];
    const result = await worker().fetch(
      request({ query: 'cursor=from-here&limit=1000' }),
      proxy((next: string | null) => void named.push(next)),
    );

    expect(asked).toHaveLength(1);
    expect(asked[0]!.authorization).toBe('Bearer worker-token');
    expect(asked[0]!.url).not.toContain('worker-token');
    const url = new URL(asked[0]!.url);
    expect([url.searchParams.get('cursor'), url.searchParams.get('limit')]).toEqual(['from-here', '1000']);
    expect(named).toEqual(['next-page']);

    if (!('page' in result)) throw new Error(`no page: ${JSON.stringify(result)}`);
    const { page } = result;
    expect(page).toMatchObject({ reset: true, hasMore: true, progress: { done: 10, total: 20 } });
    // Texts come as bytes whose buffers moved from the worker's end (left empty there), not copied.
    const texts = SYNC_LISTS.flatMap((l) => page.lists[l].texts);
    expect(texts.length).toBeGreaterThan(0);
    for (const text of texts) expect(ArrayBuffer.isView(text) && text.byteLength > 0).toBe(true);
    const left = sent.flatMap((r) => ('page' in r ? SYNC_LISTS.flatMap((l) => r.page.lists[l].texts) : []));
    expect(left.map((t) => t.byteLength)).toEqual(texts.map(() => 0));
    // Read back as a tab reads it (its users held first, as the users list holds them): the server's rows exactly.
    const interner = new Interner();
    for (const u of mockLists().users) interner.setUser(u);
    const rows = await unpackPage(page, interner, () => true);
    for (const list of SYNC_LISTS) expect(JSON.stringify(rows!.get(list))).toBe(JSON.stringify(mockLists()[list]));
  });

  it('reports failures as data, as apiCall would throw them: the API’s 401, a page that is not the API’s, no reply', async () => {
    const fetcher = worker();
    const envelope = { success: false, message: 'Not signed in' };
    server.use(http.get('/api/sync', () => HttpResponse.json(envelope, { status: 401 }), { once: true }));
    expect(
      await fetcher.fetch(
        request(),
        proxy(() => {}),
      ),
    ).toEqual({
      error: { kind: 'http', status: 401, body: envelope, message: 'Not signed in' },
    });

    server.use(
      http.get('/api/sync', () => HttpResponse.html('<h1>502 Bad Gateway</h1>', { status: 502 }), { once: true }),
    );
    expect(
      await fetcher.fetch(
        request(),
        proxy(() => {}),
      ),
    ).toEqual({
      error: { kind: 'unexpected', status: 502, body: null, message: 'Unreadable reply (502)' },
    });

    server.use(http.get('/api/sync', () => HttpResponse.json({ success: true, rows: [] }), { once: true }));
    expect(
      await fetcher.fetch(
        request(),
        proxy(() => {}),
      ),
    ).toEqual({
      error: { kind: 'unexpected', status: 200, body: null, message: MESSAGES.sync.notOurs },
    });

    server.use(http.get('/api/sync', () => HttpResponse.error(), { once: true }));
    expect(
      await fetcher.fetch(
        request(),
        proxy(() => {}),
      ),
    ).toMatchObject({ error: { kind: 'network' } });
  });

  it('stops a page when asked (the pull was aborted)', async () => {
    server.use(
      http.get('/api/sync', async ({ request: r }) => {
        await delay('infinite');
        return HttpResponse.json(syncReplyTo(r));
      }),
    );
    const fetcher = worker();
    const pending = fetcher.fetch(
      request({ id: 7 }),
      proxy(() => {}),
    );
    await delay(50);
    await fetcher.abort(7);
    expect(await pending).toEqual({ aborted: true });
  });

  it('the tab throws what the page worker reported: a 401 ends the session as before, with the token it was sent with', async () => {
    allowConsoleError();
    writeSession('tab-token', adminUser);
    server.use(
      http.get('/api/sync', () => HttpResponse.json({ success: false, message: 'Expired' }, { status: 401 }), {
        once: true,
      }),
    );
    const err = await fetchPackedPage(new URLSearchParams('limit=1000'), new AbortController().signal, () => {}).catch(
      (e: unknown) => e,
    );
    expect(isAuthError(err)).toBe(true);
    expect(err).toMatchObject({ message: 'Expired', token: 'tab-token' });
  });
});
