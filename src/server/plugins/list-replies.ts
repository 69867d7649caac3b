import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Db } from '@/server/db/client';
import { ListCache, type ListEntry, type ListName } from '@/server/repositories/list-cache';
import type { SQL } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply } from 'fastify';

declare module 'fastify' {
  interface FastifyReply {
    /** Sends a whole list from the list cache, already compressed for this client. */
    sendList(name: ListName, envelopeKey: string, rowsQuery: SQL): Promise<FastifyReply>;
  }
}

export type Encoding = 'br' | 'gzip' | 'identity';

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);
/** Fast settings: a list is compressed once per version, but the first reader waits for it. */
const ENCODERS: Record<Exclude<Encoding, 'identity'>, (b: Buffer) => Promise<Buffer>> = {
  gzip: (b) => gzip(b, { level: 4 }),
  br: (b) =>
    brotli(b, {
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: b.length },
    }),
};

/** The best encoding the client accepts: br, then gzip, else none. */
export function pickEncoding(acceptEncoding: string | undefined): Encoding {
  const accepted = new Map<string, number>();
  for (const part of (acceptEncoding ?? '').toLowerCase().split(',')) {
    const [token, ...params] = part.trim().split(';');
    if (!token) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    accepted.set(token, q ? Number(q.slice(2)) : 1);
  }
  const ok = (e: string) => (accepted.get(e) ?? accepted.get('*') ?? 0) > 0;
  if (ok('br')) return 'br';
  if (ok('gzip')) return 'gzip';
  return 'identity';
}

/**
 * `reply.sendList`: list replies from the list cache, each version compressed at most once per encoding.
 * The compressed copies hang off the cache's entry, so they go when a newer version replaces it.
 */
export function registerListReplies(app: FastifyInstance, db: Db) {
  const lists = new ListCache(db);
  const encoded = new WeakMap<ListEntry, Map<Encoding, Promise<Buffer>>>();

  const bodyFor = (entry: ListEntry, encoding: Encoding): Promise<Buffer> => {
    if (encoding === 'identity') return entry.body;
    let copies = encoded.get(entry);
    if (!copies) encoded.set(entry, (copies = new Map()));
    let body = copies.get(encoding);
    if (!body) copies.set(encoding, (body = entry.body.then(ENCODERS[encoding])));
    return body;
  };

  app.decorateReply(
    'sendList',
    async function sendList(this: FastifyReply, name: ListName, envelopeKey: string, rowsQuery: SQL) {
      const encoding = pickEncoding(this.request.headers['accept-encoding']);
      const body = await bodyFor(await lists.current(name, envelopeKey, rowsQuery), encoding);
      this.type('application/json; charset=utf-8').header('vary', 'accept-encoding');
      if (encoding !== 'identity') this.header('content-encoding', encoding);
      return this.send(body);
    },
  );
}
