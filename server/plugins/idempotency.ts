import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { EndpointDef } from '../../src/api/endpoints/define';
import type { AppDeps } from '../deps';
import { badRequest, conflict } from '../lib/errors';
import { claimKey, forgetKey, storeAnswer } from '../repos/idempotency';

const KEY_PATTERN = /^[A-Za-z0-9_.:-]{8,128}$/;

declare module 'fastify' {
  interface FastifyRequest {
    idempotencyKey?: string;
  }
}

/**
 * What the request asks for, as a hash: the JSON body, or every field and file of a multipart form (read whole by
 * plugins/multipart-form.ts), so that the same key with another CSV file is a mismatch rather than a replay.
 */
export function fingerprint(req: FastifyRequest): string {
  const hash = createHash('sha256');
  const form = req.multipartForm;
  if (!form) return hash.update(JSON.stringify(req.body ?? null)).digest('hex');
  hash.update(JSON.stringify(Object.entries(form.fields).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))));
  for (const file of form.files) {
    // Lengths first, so that no shift of bytes between name and content gives the same stream.
    hash.update(JSON.stringify([file.fieldname, file.filename, file.size]));
    hash.update(file.sha256);
  }
  return hash.digest('hex');
}

/**
 * `Idempotency-Key` on replayable writes (DESIGN.md §3): the first answer is stored and sent again for the same
 * key, so an outbox replay after a lost answer never assigns twice. Server errors are not stored: the client
 * retries those and the work must be allowed to happen then.
 */
export function idempotency(app: FastifyInstance, deps: AppDeps): void {
  // Registered after the auth hook, so a key is only claimed for a call that is allowed to run.
  app.addHook('preHandler', async (req: FastifyRequest, reply: FastifyReply) => {
    const def = req.routeOptions.config.endpoint as EndpointDef | undefined;
    const key = req.headers['idempotency-key'];
    if (!def?.idempotent || key === undefined) return;
    if (typeof key !== 'string' || !KEY_PATTERN.test(key)) throw badRequest('Idempotency-Key must be 8 to 128 letters, digits or - _ . :');
    // A key belongs to its member: another member's identical key is another request (repos/idempotency.ts).
    const claim = await claimKey(deps.db, { key, email: req.user?.email ?? '', method: req.method, path: req.url, fingerprint: fingerprint(req) });
    if (claim.kind === 'new') {
      req.idempotencyKey = key;
      return;
    }
    if (claim.kind === 'other-request') throw badRequest('This Idempotency-Key was used for another request.', 'IDEMPOTENCY_MISMATCH');
    if (claim.kind === 'in-flight') throw conflict('A request with this Idempotency-Key is still being processed.', 'IDEMPOTENCY_IN_FLIGHT');
    reply.header('Idempotent-Replayed', 'true');
    return reply.status(claim.status).type('application/json').send(JSON.stringify(claim.body));
  });

  app.addHook('onSend', async (req, reply, payload) => {
    const key = req.idempotencyKey;
    if (!key) return payload;
    const email = req.user?.email ?? '';
    if (reply.statusCode >= 500) await forgetKey(deps.db, email, key);
    else await storeAnswer(deps.db, email, key, reply.statusCode, typeof payload === 'string' ? payload : String(payload ?? ''));
    return payload;
  });
}
