import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import type { EndpointDef } from '../../src/api/endpoints/define';
import { ApiError, badRequest } from '../lib/errors';

/** One uploaded file of a form, read into memory (the uploads of the contract are small: CSV, images, firmware). */
export interface FormFile {
  fieldname: string;
  filename: string;
  mimetype: string;
  content: Buffer;
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
    req.multipartForm = await readForm(req, def.maxFiles);
  });
}

async function readForm(req: FastifyRequest, maxFiles = LIMITS.files): Promise<MultipartForm> {
  const form: MultipartForm = { fields: {}, files: [] };
  try {
    for await (const part of req.parts({ limits: { ...LIMITS, files: maxFiles, parts: LIMITS.parts + maxFiles } })) {
      if (part.type === 'file') {
        form.files.push({ fieldname: part.fieldname, filename: part.filename, mimetype: part.mimetype, content: await part.toBuffer() });
        continue;
      }
      if (part.valueTruncated) throw badRequest(`The field ${part.fieldname} is too long.`);
      if (Object.hasOwn(form.fields, part.fieldname)) throw badRequest(`The field ${part.fieldname} is given twice.`);
      form.fields[part.fieldname] = String(part.value);
    }
  } catch (error) {
    throw asClientError(error);
  }
  return form;
}

/** Limits keep their own 4xx (413 for a file too large); anything the parser throws otherwise is a broken body. */
export function asClientError(error: unknown): Error {
  if (error instanceof ApiError) return error;
  const status = (error as FastifyError).statusCode;
  if (status && status >= 400 && status < 500) return error as Error;
  return badRequest(`The multipart/form-data body is malformed: ${(error as Error).message}`, 'MALFORMED_MULTIPART');
}
