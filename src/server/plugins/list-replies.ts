import { type Encoding, type ListCache, type ListName } from '@/server/repositories/list-cache';
import type { SQL } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';

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

/** Sends a cached list reply, already compressed for this client. */
export async function sendList(
  lists: ListCache,
  request: FastifyRequest,
  reply: FastifyReply,
  name: ListName,
  envelopeKey: string,
  rowsQuery: SQL,
) {
  const encoding = pickEncoding(request.headers['accept-encoding']);
  const body = await lists.reply(name, envelopeKey, rowsQuery, encoding);
  reply.type('application/json; charset=utf-8').header('vary', 'accept-encoding');
  if (encoding !== 'identity') reply.header('content-encoding', encoding);
  return reply.send(body);
}
