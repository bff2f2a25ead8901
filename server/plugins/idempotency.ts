import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { EndpointDef } from '../../contract/endpoints/define';
import type { AppDeps } from '../deps';
import { badRequest, conflict } from '../lib/errors';
import { claimKey, forgetKey, storeAnswer } from '../repos/idempotency';

const KEY_PATTERN = /^[A-Za-z0-9_.:-]{8,128}$/;

declare module 'fastify' {
  interface FastifyRequest {
    idempotencyKey?: string;
    /** A streamed upload's key: claimed by its handler once the file has passed (claimStreamedKey). */
    idempotencyKeyPending?: string;
  }
}

type Claimed = { kind: 'new' } | { kind: 'replayed' };

/** Claims a key for this request's fingerprint: 'new' (run it), 'replayed' (the first answer is sent), or throws. */
async function claim(deps: AppDeps, req: FastifyRequest, reply: FastifyReply, key: string, print: string): Promise<Claimed> {
  // A key belongs to its member: another member's identical key is another request (repos/idempotency.ts).
  const claimed = await claimKey(deps.db, { key, email: req.user?.email ?? '', method: req.method, path: req.url, fingerprint: print });
  if (claimed.kind === 'new') {
    req.idempotencyKey = key;
    return claimed;
  }
  if (claimed.kind === 'other-request') throw badRequest('This Idempotency-Key was used for another request.', 'IDEMPOTENCY_MISMATCH');
  if (claimed.kind === 'in-flight')
    throw conflict('A request with this Idempotency-Key is still being processed.', 'IDEMPOTENCY_IN_FLIGHT');
  reply.header('Idempotent-Replayed', 'true');
  reply.status(claimed.status).type('application/json').send(JSON.stringify(claimed.body));
  return { kind: 'replayed' };
}

/**
 * A streamed upload (a product file of 100 MB) is read by its handler, not before it: the handler keeps the file,
 * then claims the key with the file's size and SHA-256 as a form of one file would be fingerprinted — so a retry
 * with the same file replays the first answer (nothing imported twice) and another file under the key is refused.
 * 'replayed' means the answer has been sent and the handler must stop.
 */
export async function claimStreamedKey(
  deps: AppDeps,
  req: FastifyRequest,
  reply: FastifyReply,
  file: { fieldname: string; filename: string; size: number; sha256: string },
): Promise<Claimed> {
  const key = req.idempotencyKeyPending;
  if (!key) return { kind: 'new' };
  return claim(deps, req, reply, key, formFingerprint({}, [file]));
}

/** A multipart form's fingerprint: its fields and every file's name, size and SHA-256 (never the bytes again). */
export function formFingerprint(
  fields: Record<string, string>,
  files: readonly { fieldname: string; filename: string; size: number; sha256: string }[],
): string {
  const hash = createHash('sha256');
  hash.update(JSON.stringify(Object.entries(fields).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))));
  for (const file of files) {
    // Lengths first, so that no shift of bytes between name and content gives the same stream.
    hash.update(JSON.stringify([file.fieldname, file.filename, file.size]));
    hash.update(file.sha256);
  }
  return hash.digest('hex');
}

/**
 * What the request asks for, as a hash: the JSON body, or every field and file of a multipart form (read whole by
 * plugins/multipart-form.ts), so that the same key with another CSV file is a mismatch rather than a replay.
 */
export function fingerprint(req: FastifyRequest): string {
  const form = req.multipartForm;
  if (!form)
    return createHash('sha256')
      .update(JSON.stringify(req.body ?? null))
      .digest('hex');
  return formFingerprint(form.fields, form.files);
}

/**
 * `Idempotency-Key` on replayable writes (docs/architecture.md §3): the first answer is stored and sent again for the same
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
    // Not read yet (a large streamed upload): its handler claims the key when it knows the file (claimStreamedKey).
    if (def.streamed && !req.multipartForm) {
      req.idempotencyKeyPending = key;
      return;
    }
    if ((await claim(deps, req, reply, key, fingerprint(req))).kind === 'replayed') return reply;
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
