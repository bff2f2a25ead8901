import type { EndpointDef } from '../../contract/endpoints/define';
import { apiDescription } from './description';
import { openApiPath, operationOf, tagOf } from './operation';

const ERROR_SCHEMA = {
  type: 'object',
  required: ['code', 'message'],
  properties: { code: { type: ['string', 'integer'] }, message: { type: 'string' } },
};
const errorAnswer = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
});

/**
 * The OpenAPI 3.1 document of the contract: every call of `endpoints` (contract/endpoints, the one list the client
 * and the server routes are made from) with its schemas, access rule and Idempotency-Key. Built from the list, not
 * from the routes a server happens to have registered, so the document is the contract.
 */
export function openApiDocument(endpoints: Record<string, EndpointDef>, opts: { apiBase: string; version: string }) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const [name, def] of Object.entries(endpoints)) {
    const path = openApiPath(def.path);
    paths[path] ??= {};
    paths[path][def.method.toLowerCase()] = operationOf(name, def);
  }
  const tags = [...new Set(Object.values(endpoints).map((def) => tagOf(def.path)))].sort().map((name) => ({ name }));
  return {
    openapi: '3.1.0',
    info: { title: 'Shelfpad ESL server API', version: opts.version, description: apiDescription(opts.apiBase) },
    servers: [{ url: opts.apiBase }],
    tags,
    paths,
    components: {
      schemas: { Error: ERROR_SCHEMA },
      securitySchemes: {
        accessToken: { type: 'apiKey', in: 'header', name: 'Access-Token', description: 'The accessToken of POST /auth/login.' },
        accessEmail: { type: 'apiKey', in: 'header', name: 'Access-Email', description: 'The e-mail the token was issued to.' },
      },
      parameters: {
        IdempotencyKey: {
          name: 'Idempotency-Key',
          in: 'header',
          required: false,
          description: 'Makes a retry safe: the first answer is replayed for the same key (see the description).',
          schema: { type: 'string', pattern: '^[A-Za-z0-9_.:-]{8,128}$' },
        },
      },
      responses: {
        BadRequest: errorAnswer('The input does not fit the schema or the data (the message says which).'),
        Unauthorized: errorAnswer('No session: Access-Token / Access-Email missing, unknown or expired.'),
        Forbidden: errorAnswer('The member lacks the privilege, or may not act on the store or company named.'),
        Conflict: errorAnswer('A request with this Idempotency-Key is still being processed.'),
      },
    },
  };
}
