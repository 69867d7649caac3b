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

/** A JSON body all of whose fields may be left out (a delete's version) is itself optional. */
const requestBody = (body: NonNullable<ApiOperation['body']>) =>
  body instanceof z.ZodType
    ? {
        required: !body.safeParse({}).success,
        content: { 'application/json': { schema: schemaOf(body, 'input') } },
      }
    : { required: true, description: body.description, content: { [body.mediaType]: { schema: { type: 'string' } } } };

/** Bodies that may name the version the write was made on (docs/conflicts.md). */
const VERSION_FIELDS = ['expectedUpdatedAt', 'expected'];
const namesVersion = (op: ApiOperation) =>
  op.body instanceof z.ZodType &&
  VERSION_FIELDS.some((f) => f in ((schemaOf(op.body as z.ZodType, 'input').properties as object) ?? {}));

const VERSION_RULE =
  ' **Versions.** Every write to an existing record may name the version it was made on: `expectedUpdatedAt`, ' +
  'the `updatedAt` the record had when it was shown (for a course item, its course’s; for a batch, which has no ' +
  '`updatedAt`, `expected` holds its values as shown). If the record has changed since, nothing is written and ' +
  'the reply is `409` with a sentence such as “Someone changed this enrollment after you opened it.” and `current`, ' +
  'the record as it is now; send again with its version to write over it on purpose. A write that names no ' +
  'version is never refused for this.';

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
  // A stale version and the other conflicts share the status; the description names each that applies.
  const conflicts = [
    ...(namesVersion(op)
      ? ['The record changed since the version the body names; `current` holds it as it is now. Nothing was written.']
      : []),
    ...((op.conflict ?? (op.method !== 'GET' && !op.public))
      ? [
          'A value already in use (an email, a slug, a transaction ID) or a record still needed ' +
            '(a batch with enrollments, your own account).',
        ]
      : []),
  ];
  if (conflicts.length) responses['409'] = errorResponse(conflicts.join(' Or: '));
  if (op.body) responses['413'] = errorResponse('The body is larger than the limit (1 MB of JSON, or the file limit).');
  if (op.throttled)
    responses['429'] = {
      ...errorResponse('Too many failed attempts from this address for this account, or from this address.'),
      headers: {
        'Retry-After': { description: 'Seconds until the next attempt is allowed.', schema: { type: 'integer' } },
      },
    };
  responses['503'] = errorResponse(
    'The database stayed busy past a lock, statement or connection timeout: try again after `Retry-After` seconds.',
  );
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
        '`{success:false, message, showMessage, errors?}`.' +
        VERSION_RULE,
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
