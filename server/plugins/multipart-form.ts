import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream, readFileSync } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import type { EndpointDef } from '../../contract/endpoints/define';
import { ApiError, badRequest } from '../lib/errors';

/**
 * One uploaded file of a form, kept in a temporary file while its request lasts. Its bytes are read into memory only
 * when a handler asks for `content` — after the form has passed every limit, so that a form of ten large files no
 * longer sits in memory before it is refused (issue 29 §8).
 */
export interface FormFile {
  fieldname: string;
  filename: string;
  mimetype: string;
  /** Bytes, counted as they arrived. */
  size: number;
  /** SHA-256 of the bytes (hex), computed as they arrived: the Idempotency-Key fingerprint needs no second read. */
  sha256: string;
  /** The temporary file; removed when the answer has been sent. */
  path: string;
  /** The bytes, read from the temporary file on first use. */
  readonly content: Buffer;
}

/** A multipart/form-data body read whole: its text fields by name, its files in order. */
export interface MultipartForm {
  fields: Record<string, string>;
  files: FormFile[];
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The form of a `multipart: true` endpoint, read before validation by multipartForm(). */
    multipartForm?: MultipartForm;
  }
}

/** Streamed uploads up to this size are read whole like other forms (their memory is bounded by it). */
const STREAMED_BUFFER_BELOW = 1024 * 1024;

/** Most parts of one form: the contract's forms have a handful of fields and one or two files. */
const LIMITS = { fields: 20, fieldSize: 64 * 1024, files: 4, fileSize: 50 * 1024 * 1024, parts: 30 };
/** All files of one form together: ten files of the largest kind (plus-signage §9), on disk, never in memory. */
const FORM_MAX_BYTES = 10 * LIMITS.fileSize;
const SPOOL_DIR = join(tmpdir(), `shelfpad-uploads-${process.pid}`);

/**
 * Reads the form of every multipart endpoint before validation, in one place, so that the checks that read input
 * (the NUL check, the store check of the auth hook, the Idempotency-Key fingerprint) see its fields and files like a
 * JSON body. A body that is not a well-formed form — another content type, no or a wrong boundary, cut short — is
 * the client's mistake: a 400 saying so, never the parser's 500.
 */
export function multipartForm(app: FastifyInstance): void {
  app.addHook('preValidation', async (req) => {
    const def = req.routeOptions.config.endpoint as EndpointDef | undefined;
    if (!def?.multipart) return;
    if (!req.isMultipart()) throw badRequest('Send this call as multipart/form-data.', 'NOT_MULTIPART');
    // A streamed upload is read by its handler, except a small one (≤ 1 MiB declared): read here like any form, so
    // that a broken small body gets this plugin's 400s (the multipart iterator waits forever on some cut bodies).
    if (def.streamed && !(Number(req.headers['content-length']) <= STREAMED_BUFFER_BELOW)) return;
    req.multipartForm = { fields: {}, files: [] };
    await readForm(req, req.multipartForm, def.maxFiles);
  });
  // The temporary files go when the answer has gone, whatever it was (or when the client went away).
  const removeFiles = async (req: FastifyRequest) => {
    const files = req.multipartForm?.files ?? [];
    await Promise.all(files.map((f) => rm(f.path, { force: true }).catch(() => undefined)));
  };
  app.addHook('onResponse', removeFiles);
  app.addHook('onRequestAbort', removeFiles);
}

/** Writes one file part to a temporary file as it arrives, counting and hashing its bytes. */
async function spoolFile(
  part: { file: NodeJS.ReadableStream & { truncated?: boolean } },
  path: string,
  budget: { left: number },
): Promise<{ size: number; sha256: string }> {
  const hash = createHash('sha256');
  let size = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _enc, done) {
      size += chunk.length;
      budget.left -= chunk.length;
      if (budget.left < 0)
        return done(
          new ApiError(413, 'FORM_TOO_LARGE', `The files of this form are larger than ${FORM_MAX_BYTES / 1024 / 1024} MiB together.`),
        );
      hash.update(chunk);
      done(null, chunk);
    },
  });
  await pipeline(part.file, counter, createWriteStream(path, { mode: 0o600 }));
  return { size, sha256: hash.digest('hex') };
}

function formFile(
  part: { fieldname: string; filename: string; mimetype: string },
  path: string,
  spooled: { size: number; sha256: string },
): FormFile {
  let content: Buffer | undefined;
  return {
    fieldname: part.fieldname,
    filename: part.filename,
    mimetype: part.mimetype,
    ...spooled,
    path,
    get content() {
      content ??= readFileSync(path);
      return content;
    },
  };
}

async function readForm(req: FastifyRequest, form: MultipartForm, maxFiles = LIMITS.files): Promise<void> {
  const budget = { left: FORM_MAX_BYTES };
  try {
    for await (const part of req.parts({ limits: { ...LIMITS, files: maxFiles, parts: LIMITS.parts + maxFiles } })) {
      if (part.type === 'file') {
        await mkdir(SPOOL_DIR, { recursive: true, mode: 0o700 });
        const path = join(SPOOL_DIR, randomUUID());
        // Listed before it is written, so that the response hook removes it even when the write fails half way.
        const at = form.files.push({ path } as FormFile) - 1;
        const spooled = await spoolFile(part, path, budget);
        if (part.file.truncated)
          throw new ApiError(413, 'FILE_TOO_LARGE', `The file ${part.filename} is larger than ${LIMITS.fileSize / 1024 / 1024} MiB.`);
        form.files[at] = formFile(part, path, spooled);
        continue;
      }
      if (part.valueTruncated) throw badRequest(`The field ${part.fieldname} is too long.`);
      if (Object.hasOwn(form.fields, part.fieldname)) throw badRequest(`The field ${part.fieldname} is given twice.`);
      form.fields[part.fieldname] = String(part.value);
    }
  } catch (error) {
    throw asClientError(error);
  }
}

/** Limits keep their own 4xx (413 for a file too large); anything the parser throws otherwise is a broken body. */
export function asClientError(error: unknown): Error {
  if (error instanceof ApiError) return error;
  const status = (error as FastifyError).statusCode;
  if (status && status >= 400 && status < 500) return error as Error;
  return badRequest(`The multipart/form-data body is malformed: ${(error as Error).message}`, 'MALFORMED_MULTIPART');
}
