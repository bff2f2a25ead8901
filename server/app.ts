import Fastify, { type FastifyError, type FastifyInstance, type FastifySchemaValidationError, type FastifyServerOptions } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import multipart from '@fastify/multipart';
import { Ajv, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { ApiError } from './lib/errors';
import { configureSecretKey } from './lib/secret-box';
import { TableRequestError } from '../contract/table';
import type { AppDeps } from './deps';
import { authHook } from './plugins/auth';
import { changeHistory } from './plugins/change-history';
import { idempotency } from './plugins/idempotency';
import { multipartForm } from './plugins/multipart-form';
import { openApi } from './openapi/plugin';
import { refuseNulCharacters } from './plugins/nul-check';
import { refuseDeepJson } from './plugins/json-depth';
import { compressAnswers } from './plugins/compress-answers';
import { securityHeaders } from './plugins/security-headers';
import { staticSite } from './plugins/static-site';
import { registerRoutes } from './routes/index';
import { JobRunner } from './scale/jobs';
import { rateLimitStore } from './scale/rate-limit-store';

export interface AppOptions {
  logger?: boolean;
  /** Login attempts per minute per address; lockout per account applies regardless. */
  loginRateLimit?: number;
  serveStatic?: boolean;
}

/*
 * Bodies are validated without type coercion: a string where the contract wants a number is the client's
 * mistake. Path and query values always arrive as strings, so those are coerced. Unknown properties are
 * refused rather than stripped, so a misspelt filter never silently widens a list.
 */
export function validators() {
  const make = (coerceTypes: boolean | 'array') => {
    const ajv = new Ajv({ removeAdditional: false, useDefaults: true, coerceTypes, allErrors: false, strict: false });
    addFormats.default(ajv);
    return ajv;
  };
  return { body: make(false), other: make('array') };
}
/*
 * One pair for the process: Ajv keeps what it compiled per schema object, and every app instance validates with the
 * same contract objects, so a second app in one process (the server suites build one per test file) reuses the
 * compiled validators instead of compiling every call's schemas again (~1 s of a core per app).
 */
const ajv = validators();

/*
 * Compiled on a call's first use, not when the route is registered: compiling every schema of the 261 calls took
 * about half of the server's start (3.7 of 8 s of CPU, measured with --cpu-prof), and a process rarely meets them all.
 * Fastify reads a failed validation's errors from the function it was given, so they are handed on.
 */
type Validate = ((data: unknown) => boolean) & { errors?: FastifySchemaValidationError[] | null };
function compileOnFirstUse(compile: () => ValidateFunction): Validate {
  let compiled: ValidateFunction | undefined;
  const validate: Validate = (data) => {
    compiled ??= compile();
    const valid = compiled(data);
    validate.errors = compiled.errors as FastifySchemaValidationError[] | null | undefined;
    return valid;
  };
  return validate;
}

/**
 * A value the schemas let through but PostgreSQL cannot take — an integer beyond its column, a date past the
 * calendar, a NUL — fails as a data exception (SQLSTATE class 22), possibly wrapped by Drizzle. Whatever call it
 * comes from, that is the client's value: a 400, never a 500.
 */
function isDataException(error: unknown): boolean {
  let e = error as { code?: unknown; cause?: unknown } | undefined;
  for (let depth = 0; e && depth < 4; depth++, e = e.cause as typeof e) {
    if (typeof e.code === 'string' && /^22[0-9A-Z]{3}$/.test(e.code)) return true;
  }
  return false;
}

export async function buildApp(deps: AppDeps, opts: AppOptions = {}): Promise<FastifyInstance> {
  // Before any route: stored secrets are sealed with this key, and a bad SECRET_KEY must stop the start.
  configureSecretKey(deps.config);
  const app = Fastify({
    logger: opts.logger ? { level: 'info' } : false,
    bodyLimit: 2 * 1024 * 1024,
    // X-Forwarded-For only from the proxies TRUST_PROXY names (off by default): req.ip is the real client address.
    trustProxy: deps.config.trustProxy as FastifyServerOptions['trustProxy'],
  });
  app.setValidatorCompiler(({ schema, httpPart }) => compileOnFirstUse(() => (httpPart === 'body' ? ajv.body : ajv.other).compile(schema)));

  app.setErrorHandler((error: FastifyError | ApiError | TableRequestError, req, reply) => {
    if (error instanceof ApiError) return reply.status(error.status).send({ code: error.code, message: error.message });
    if (error instanceof TableRequestError) return reply.status(400).send({ code: 'BAD_REQUEST', message: error.message });
    const fe = error as FastifyError;
    if (fe.validation) return reply.status(400).send({ code: 'VALIDATION', message: fe.message });
    if (fe.statusCode && fe.statusCode < 500)
      return reply.status(fe.statusCode).send({ code: fe.code ?? fe.statusCode, message: fe.message });
    if (isDataException(error))
      return reply.status(400).send({ code: 'BAD_VALUE', message: 'A value is out of range or malformed for what it names.' });
    req.log.error(error);
    return reply.status(500).send({ code: 'INTERNAL', message: 'Internal server error.' });
  });
  app.setNotFoundHandler((req, reply) =>
    reply.status(404).send({ code: 'NOT_FOUND', message: `No such call: ${req.method} ${req.url.split('?')[0]}` }),
  );

  // Every JSON body of every call, the API's and the documentation's alike.
  refuseDeepJson(app);

  // Security first: headers, then rate limits, then the session/privilege hook, then routes.
  await securityHeaders(app, deps.config);
  // Jobs are defined by the routes and run by this process too; closing the app lets the running ones finish.
  if (!deps.jobs || deps.jobs.isStopped) deps.jobs = new JobRunner(deps.db);
  const jobs = deps.jobs;
  app.addHook('onClose', () => jobs.stop());
  // The limits' counts live where every process sees them when there are several (scale/rate-limit-store.ts).
  const limits = rateLimitStore(deps);
  app.addHook('onClose', limits.close);
  await app.register(rateLimit, { global: false, ...limits.options });
  await app.register(multipart, { limits: { fileSize: 50 * 1024 * 1024, files: 10 } });

  await app.register(
    async (api) => {
      // onRequest: session and privilege (401/403 before any parse or schema 400); preValidation: the multipart form
      // read, NUL refused; then the schemas; preHandler: the stores the input names, then the Idempotency-Key claim.
      authHook(api, deps);
      multipartForm(api);
      refuseNulCharacters(api);
      idempotency(api, deps);
      // After a successful write, before its answer leaves: the change history row (plugins/change-history.ts).
      changeHistory(api, deps);
      compressAnswers(api);
      registerRoutes(api, deps, { loginRateLimit: opts.loginRateLimit ?? 30 });
    },
    { prefix: deps.config.apiBase },
  );
  // The contract as OpenAPI 3.1 and its reference page, beside the calls (server/openapi/); the document is ~480 KB
  // of JSON and travels compressed as the API's answers do.
  await app.register(async (docs) => {
    compressAnswers(docs);
    await openApi(docs, deps.config.apiBase);
  });
  if (opts.serveStatic !== false) await staticSite(app, deps.config);
  return app;
}
