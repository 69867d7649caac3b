import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { encode, type Encoding } from '@/server/http/encoding';

const gunzip = promisify(zlib.gunzip);
const brotliDecompress = promisify(zlib.brotliDecompress);

/** Below this a reply goes uncompressed (send-json.ts): compressing costs more than it saves. */
export const MIN_COMPRESS_BYTES = 1024;

/** SYNC_CACHE_MB when unset: a whole first sync at 200,000 enrollments is about 30 MB with br. */
export const SYNC_CACHE_DEFAULT_MB = 64;

/** One full-sync page as sent: its body in one encoding, the next page's cursor (the Sync-Next header). */
export interface CachedPage {
  encoding: Encoding;
  body: Buffer;
  /** The body's length before compression. */
  rawBytes: number;
  /** The next page's cursor (hasMore), else null. */
  next: string | null;
  /** The last page of the full sync: its cursor is a delta cursor at the sync's start version V0. */
  last: boolean;
  hasMore: boolean;
  /** The sync's start version V0: a last page with hasMore false is stale once the clock has moved past it. */
  v: number;
}

export interface PageCacheStats {
  /** Pages built (cached or not) since the start. */
  builds: number;
  /** Replies served from a cached page. */
  hits: number;
  /** Replies that waited for a build another request had started. */
  shared: number;
  /** Read-aheads started (`whenAsked`); one whose page is already kept or being built builds nothing more. */
  aheads: number;
  evictions: number;
  entries: number;
  bytes: number;
  maxBytes: number;
}

/** What a cached page costs beyond its body: the key, the Map's entry, the object. */
const overhead = (key: string, page: CachedPage) => 2 * key.length + (page.next?.length ?? 0) + 160;

/**
 * An in-process cache of full-sync pages (docs/operations.md, "The full-sync page cache"): bodies kept
 * compressed, bounded in bytes (least recently used first out), and one build for concurrent requests of the
 * same page (single-flight). What a key must hold for a page to be reused is the caller's business
 * (routes/sync.ts); this only stores, bounds and shares.
 */
export class SyncPageCache {
  private readonly pages = new Map<string, { page: CachedPage; bytes: number }>();
  private readonly building = new Map<string, Promise<CachedPage>>();
  private bytes = 0;
  private counts = { builds: 0, hits: 0, shared: 0, evictions: 0, aheads: 0 };
  /** Keys a request has asked for, and read-aheads waiting for a request of their key (both bounded). */
  private readonly asked = new Set<string>();
  private readonly waiting = new Map<string, () => void>();

  constructor(
    readonly maxBytes: number,
    /**
     * Pages of at least this many rows have the page after them built before it is asked for (docs/operations.md,
     * "Reading a full sync ahead"); null: none. Only where the next request reaches this process: one instance.
     */
    readonly readAheadFrom: number | null = null,
  ) {}

  get enabled() {
    return this.maxBytes > 0;
  }

  stats(): PageCacheStats {
    return { ...this.counts, entries: this.pages.size, bytes: this.bytes, maxBytes: this.maxBytes };
  }

  clear() {
    this.pages.clear();
    this.bytes = 0;
  }

  /** A cached page (now the most recently used), or undefined; one that `fresh` refuses is dropped. */
  get(key: string, fresh: (page: CachedPage) => boolean = () => true): CachedPage | undefined {
    const hit = this.pages.get(key);
    if (!hit) return undefined;
    this.pages.delete(key);
    if (!fresh(hit.page)) {
      this.bytes -= hit.bytes;
      return undefined;
    }
    this.pages.set(key, hit);
    this.counts.hits++;
    return hit.page;
  }

  /** Stores a page, evicting the least recently used until the cache fits; a page larger than it all is not kept. */
  set(key: string, page: CachedPage) {
    this.drop(key);
    const bytes = page.body.length + overhead(key, page);
    if (bytes > this.maxBytes) return;
    this.pages.set(key, { page, bytes });
    this.bytes += bytes;
    for (const [oldest] of this.pages) {
      if (this.bytes <= this.maxBytes) break;
      this.drop(oldest);
      this.counts.evictions++;
    }
  }

  private drop(key: string) {
    const held = this.pages.get(key);
    if (!held) return;
    this.pages.delete(key);
    this.bytes -= held.bytes;
  }

  /** A request asks for `key`: the read-ahead its build left waiting, if any, starts now. */
  asks(key: string) {
    const waiting = this.waiting.get(key);
    this.waiting.delete(key);
    if (waiting) return this.ahead(waiting);
    bounded(this.asked).add(key);
  }

  /**
   * The page after `key` can be built ahead (`go`): at once when a request has asked for `key`, else when one does.
   * A page built ahead reads only one more ahead, and only once it is asked for: a device that stops asking stops it.
   */
  whenAsked(key: string, go: () => void) {
    if (!this.asked.delete(key)) return void bounded(this.waiting).set(key, go);
    this.ahead(go);
  }

  /** Whether `key` is kept or being built. */
  holds(key: string) {
    return this.pages.has(key) || this.building.has(key);
  }

  private ahead(go: () => void) {
    this.counts.aheads++;
    go();
  }

  /**
   * The page being built under `key` if a request already started it, else starts `build` and lets later
   * requests for `key` share it until it ends (a failed build fails every request that shared it).
   */
  build(key: string, build: () => Promise<CachedPage>): Promise<CachedPage> {
    const running = this.building.get(key);
    if (running) {
      this.counts.shared++;
      return running;
    }
    this.counts.builds++;
    const started = build().finally(() => this.building.delete(key));
    this.building.set(key, started);
    return started;
  }
}

/** A Set or Map kept to its newest 256 entries: keys nobody asks for again must not pile up. */
function bounded<T extends { size: number; keys(): IterableIterator<string>; delete(key: string): boolean }>(held: T) {
  for (const key of held.keys()) {
    if (held.size < 256) break;
    held.delete(key);
  }
  return held;
}

/**
 * A page body in the encoding it will be kept in: the one this reply asked for, or br when the client takes
 * none (kept compressed all the same); a small body stays as it is, as send-json.ts sends it.
 */
export async function packPage(
  raw: Buffer,
  wanted: Encoding,
): Promise<Pick<CachedPage, 'encoding' | 'body' | 'rawBytes'>> {
  if (raw.length < MIN_COMPRESS_BYTES) return { encoding: 'identity', body: raw, rawBytes: raw.length };
  const encoding = wanted === 'identity' ? 'br' : wanted;
  return { encoding, body: await encode(raw, encoding), rawBytes: raw.length };
}

/**
 * The bytes to send for a client that takes `wanted`: the kept bytes themselves when it takes their encoding
 * (or they are uncompressed), else decompressed, and compressed again when it takes the other encoding.
 */
export async function bodyFor(page: CachedPage, wanted: Encoding): Promise<{ encoding: Encoding; body: Buffer }> {
  if (page.encoding === 'identity' || page.encoding === wanted) return { encoding: page.encoding, body: page.body };
  const raw = page.encoding === 'br' ? await brotliDecompress(page.body) : await gunzip(page.body);
  if (wanted === 'identity') return { encoding: 'identity', body: raw };
  return { encoding: wanted, body: await encode(raw, wanted) };
}
