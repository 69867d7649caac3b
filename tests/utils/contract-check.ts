import { z } from 'zod';
import { findOperation } from '@/shared/api-contract';
import type { FastifyInstance } from 'fastify';

/**
 * Every successful JSON reply an API test receives is checked against the contract table the OpenAPI
 * description is generated from: a reply that strays from the description fails the test that got it.
 */
export function checkRepliesAgainstContract(app: FastifyInstance) {
  app.addHook('onSend', async (request, reply, payload) => {
    const route = request.routeOptions.url;
    const op = route ? findOperation(request.method, route) : undefined;
    if (!op || !(op.reply instanceof z.ZodType) || reply.statusCode >= 300) return payload;
    if (reply.statusCode !== op.status)
      throw new Error(`${request.method} ${route}: ${reply.statusCode}, described ${op.status}`);
    if (reply.getHeader('content-encoding')) return payload; // the compressed list cache: checked uncompressed
    const text = Buffer.isBuffer(payload) ? payload.toString('utf8') : typeof payload === 'string' ? payload : null;
    if (text === null) return payload;
    const result = op.reply.safeParse(JSON.parse(text));
    if (!result.success)
      throw new Error(`${request.method} ${route} strays from the contract: ${z.prettifyError(result.error)}`);
    return payload;
  });
}
