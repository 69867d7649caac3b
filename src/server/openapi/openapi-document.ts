import { z } from 'zod';
import { API_ERROR_SCHEMA, API_OPERATIONS, type ApiOperation } from '@/shared/api-contract';

type JsonSchema = Record<string, unknown>;

/** Request shapes as a client writes them, replies as the server sends them; zod-only refinements stay out. */
const schemaOf = (schema: z.ZodType, io: 'input' | 'output'): JsonSchema => {
  const { $schema: _drop, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12' });
  return rest;
};

const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
});

function parameters(op: ApiOperation) {
  const of = (schema: z.ZodType | undefined, where: 'path' | 'query') => {
    if (!schema) return [];
    const { properties = {}, required = [] } = schemaOf(schema, 'input') as {
      properties?: Record<string, JsonSchema>;
      required?: string[];
    };
    return Object.entries(properties).map(([name, s]) => ({
      name,
      in: where,
      required: where === 'path' || required.includes(name),
      schema: s,
    }));
  };
  return [...of(op.params, 'path'), ...of(op.query, 'query')];
}

const requestBody = (body: NonNullable<ApiOperation['body']>) =>
  body instanceof z.ZodType
    ? { required: true, content: { 'application/json': { schema: schemaOf(body, 'input') } } }
    : { required: true, description: body.description, content: { [body.mediaType]: { schema: { type: 'string' } } } };

function operationObject(op: ApiOperation) {
  const success =
    op.reply instanceof z.ZodType
      ? { description: 'Success', content: { 'application/json': { schema: schemaOf(op.reply, 'output') } } }
      : { description: op.reply.description, content: { [op.reply.mediaType]: {} } };
  const responses: Record<string, unknown> = { [op.status]: success };
  if (op.params || op.body || op.query) responses['400'] = errorResponse('The body, params or query are not valid.');
  if (!op.public) {
    responses['401'] = errorResponse('No token, or one that is expired or revoked.');
    responses['403'] = errorResponse('The token is not an administrator’s.');
  }
  if (op.params) responses['404'] = errorResponse('No record has this id.');
  responses.default = errorResponse('Any other failure, in the same envelope.');
  return {
    tags: [op.tag],
    summary: op.summary,
    operationId: `${op.method.toLowerCase()} ${op.path}`,
    ...(op.public ? { security: [] } : {}),
    parameters: parameters(op),
    ...(op.body ? { requestBody: requestBody(op.body) } : {}),
    responses,
  };
}

/** The OpenAPI 3.1 description of every route, generated from the shared contract table. */
export function buildOpenApiDocument(version: string) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const op of API_OPERATIONS) {
    const path = op.path.replace(/:(\w+)/g, '{$1}');
    (paths[path] ??= {})[op.method.toLowerCase()] = operationObject(op);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Coursedesk API',
      version,
      description:
        'The admin back-office API. Every route but health and login needs an administrator’s token ' +
        '(`Authorization: Bearer <authToken>`). Errors share one envelope: ' +
        '`{success:false, message, showMessage, errors?}`.',
    },
    servers: [{ url: '/' }],
    security: [{ bearerAuth: [] }],
    paths,
    components: {
      securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer' } },
      schemas: { Error: schemaOf(API_ERROR_SCHEMA, 'output') },
    },
  };
}
