import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { endpoints } from '../../contract/endpoints/index';
import type { EndpointDef } from '../../contract/endpoints/define';
import { openApiDocument } from './document';
import { OWN_VERSION as version } from '../version';

/**
 * `<apiBase>/openapi.json` and the browsable reference `<apiBase>/docs` (Swagger UI, its assets served from the npm
 * package — nothing from a CDN). @fastify/swagger runs in static mode over the document built from the contract.
 * Neither route is an endpoint of the contract, so the auth hook leaves them public; the helmet CSP applies as to
 * every page (Swagger UI needs no inline script).
 */
export async function openApi(app: FastifyInstance, apiBase: string): Promise<void> {
  const document = openApiDocument(endpoints as Record<string, EndpointDef>, { apiBase, version });
  await app.register(swagger, { mode: 'static', specification: { document: document as never } });
  await app.register(swaggerUi, {
    routePrefix: `${apiBase}/docs`,
    // No validator badge: it would send the document to validator.swagger.io.
    uiConfig: { validatorUrl: null, docExpansion: 'none', deepLinking: true, persistAuthorization: false },
    theme: { title: 'Shelfpad API' },
  });
  app.get(`${apiBase}/openapi.json`, async (_req, reply) => {
    reply.header('Cache-Control', 'no-cache');
    return document;
  });
}
