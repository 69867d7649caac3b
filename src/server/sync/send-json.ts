import { encode, pickEncoding } from '@/server/http/encoding';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** Below this, compressing costs more than it saves. */
const MIN_BYTES = 1024;

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
