import { encode, pickEncoding } from '@/server/http/encoding';
import { SYNC_NEXT_HEADER } from '@/shared/schemas';
import { bodyFor, MIN_COMPRESS_BYTES, type CachedPage } from './page-cache';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** Below this, compressing costs more than it saves. */
const MIN_BYTES = MIN_COMPRESS_BYTES;

/**
 * Sends a JSON body compressed in one call on zlib's thread pool. A full-sync page is a few MB, which the
 * compress plugin's streaming compression handles an order of magnitude slower.
 */
export async function sendJsonCompressed(request: FastifyRequest, reply: FastifyReply, body: Buffer) {
  reply.type('application/json; charset=utf-8').header('vary', 'accept-encoding');
  const encoding = body.length < MIN_BYTES ? 'identity' : pickEncoding(request.headers['accept-encoding']);
  if (encoding === 'identity') return reply.send(body);
  return reply.header('content-encoding', encoding).send(await encode(body, encoding));
}

/**
 * Sends a full-sync page from the page cache: the same headers and bytes as sendJsonCompressed would send for
 * it, its kept bytes as they are when the client takes their encoding.
 */
export async function sendCachedPage(request: FastifyRequest, reply: FastifyReply, page: CachedPage) {
  reply.type('application/json; charset=utf-8').header('vary', 'accept-encoding');
  if (page.next) reply.header(SYNC_NEXT_HEADER, page.next);
  const { encoding, body } = await bodyFor(page, pickEncoding(request.headers['accept-encoding']));
  if (encoding !== 'identity') reply.header('content-encoding', encoding);
  return reply.send(body);
}
