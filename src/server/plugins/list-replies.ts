import type { Db } from '@/server/db/client';
import { encode, pickEncoding, type Encoding } from '@/server/http/encoding';
import { ListCache, type ListEntry, type ListName } from '@/server/repositories/list-cache';
import type { SQL } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply } from 'fastify';

declare module 'fastify' {
  interface FastifyReply {
    /** Sends a whole list from the list cache, already compressed for this client. */
    sendList(name: ListName, envelopeKey: string, rowsQuery: SQL): Promise<FastifyReply>;
  }
}

/**
 * `reply.sendList`: list replies from the list cache, each version compressed at most once per encoding,
 * for the first reader that asks for it. The compressed copies hang off the cache's entry, so they go
 * when a newer version replaces it.
 */
export function registerListReplies(app: FastifyInstance, db: Db) {
  const lists = new ListCache(db);
  const encoded = new WeakMap<ListEntry, Map<Encoding, Promise<Buffer>>>();

  const bodyFor = (entry: ListEntry, encoding: Encoding): Promise<Buffer> => {
    if (encoding === 'identity') return entry.body;
    let copies = encoded.get(entry);
    if (!copies) encoded.set(entry, (copies = new Map()));
    let body = copies.get(encoding);
    if (!body) copies.set(encoding, (body = entry.body.then((b) => encode(b, encoding))));
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
