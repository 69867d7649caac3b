import { parse } from '@/server/errors';
import type { ApiOperation } from '@/shared/api-contract';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import type { z } from 'zod';

type Parsed<S> = S extends z.ZodType ? z.output<S> : undefined;

/** What the contract's schemas made of the request: each part parsed, or undefined where the operation has none. */
export interface RouteInput<Op extends ApiOperation> {
  params: Parsed<Op['params']>;
  query: Parsed<Op['query']>;
  body: Parsed<Op['body']>;
}

type Handler<Op extends ApiOperation> = (
  input: RouteInput<Op>,
  request: FastifyRequest,
  reply: FastifyReply,
) => unknown | Promise<unknown>;

const schemaOf = (part: ApiOperation['body']) => (part && !('mediaType' in part) ? part : undefined);

/**
 * Registers `op` from the contract (src/shared/api-contract.ts): its method and path, its params, query and JSON
 * body parsed with the contract's schemas (a 400 naming the first problem), and its success status. The route
 * declares nothing the contract already says, so validation, the OpenAPI description and the tests agree.
 */
export function route<Op extends ApiOperation>(
  app: FastifyInstance,
  op: Op,
  handler: Handler<Op>,
  /** Fastify's own options for the few routes that need them (a body limit, no compression). */
  options: RouteShorthandOptions = {},
): void {
  const body = schemaOf(op.body);
  app.route({
    ...options,
    method: op.method,
    url: op.path,
    handler: (request, reply) => {
      const input = {
        params: op.params ? parse(op.params, request.params) : undefined,
        query: op.query ? parse(op.query, request.query) : undefined,
        body: body ? parse(body, request.body) : undefined,
      } as RouteInput<Op>;
      if (op.status !== 200) reply.code(op.status);
      return handler(input, request, reply);
    },
  });
}
