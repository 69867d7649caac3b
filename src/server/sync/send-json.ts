import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { pickEncoding } from '@/server/plugins/list-replies';
import type { FastifyReply, FastifyRequest } from 'fastify';

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);
/** Below this, compressing costs more than it saves. */
const MIN_BYTES = 1024;

/**
 * Sends JSON text compressed in one call on zlib's thread pool. A full-sync page is a few MB: the
 * streaming compression of the compress plugin took 300-400 ms for one, this about 20 ms.
 */
export async function sendJsonCompressed(request: FastifyRequest, reply: FastifyReply, json: string) {
  const body = Buffer.from(json);
  reply.type('application/json; charset=utf-8').header('vary', 'accept-encoding');
  const encoding = body.length < MIN_BYTES ? 'identity' : pickEncoding(request.headers['accept-encoding']);
  if (encoding === 'identity') return reply.send(body);
  const encoded =
    encoding === 'br'
      ? await brotli(body, {
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: 4,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
          },
        })
      : await gzip(body, { level: 4 });
  return reply.header('content-encoding', encoding).send(encoded);
}
