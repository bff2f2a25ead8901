import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { BodyOf, EndpointDef, ParamsOf, QueryOf, ResponseOf } from '../../contract/endpoints/define';
import type { SessionUser } from './privileges';
import type { AppDeps } from '../deps';

export interface RouteContext<E extends EndpointDef> {
  params: ParamsOf<E>;
  query: QueryOf<E>;
  body: BodyOf<E>;
  /** Present on every route whose access is not 'public' (the auth hook has refused the call otherwise). */
  user: SessionUser;
  req: FastifyRequest;
  reply: FastifyReply;
  deps: AppDeps;
}

export type Handler<E extends EndpointDef> = (ctx: RouteContext<E>) => Promise<ResponseOf<E> | void> | ResponseOf<E> | void;

declare module 'fastify' {
  interface FastifyContextConfig {
    endpoint?: EndpointDef;
  }
  interface FastifyRequest {
    user?: SessionUser;
  }
}

/**
 * Register one endpoint of the contract. The declaration supplies method, path, schemas (validation and
 * serialisation) and the access rule that the auth hook enforces — the handler only does the work.
 */
export function route<const E extends EndpointDef>(
  app: FastifyInstance,
  deps: AppDeps,
  def: E,
  handler: Handler<E>,
  extraConfig: Record<string, unknown> = {},
): void {
  app.route({
    method: def.method,
    url: def.path,
    config: { ...extraConfig, endpoint: def },
    schema: {
      ...(def.params ? { params: def.params } : {}),
      ...(def.query ? { querystring: def.query } : {}),
      ...(def.body && !def.multipart ? { body: def.body } : {}),
      ...(def.response && !def.file ? { response: { 200: def.response } } : {}),
    },
    handler: async (req, reply) =>
      handler({
        params: req.params as ParamsOf<E>,
        query: req.query as QueryOf<E>,
        body: req.body as BodyOf<E>,
        user: req.user as SessionUser,
        req,
        reply,
        deps,
      }),
  });
}
