import type { FastifyInstance } from 'fastify';
import { badRequest } from '../lib/errors';

/** Deeper input than this is refused by the schemas anyway; the walk stops here so a hostile body cannot recurse. */
const MAX_DEPTH = 32;

/**
 * Where the first NUL character sits in a parsed input (keys too), as a path like `body.tagList[0].prCode`, or
 * undefined when there is none.
 */
export function findNul(value: unknown, path: string, depth = 0): string | undefined {
  if (typeof value === 'string') return value.includes('\0') ? path : undefined;
  if (!value || typeof value !== 'object' || depth > MAX_DEPTH) return undefined;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findNul(value[i], `${path}[${i}]`, depth + 1);
      if (found) return found;
    }
    return undefined;
  }
  for (const [key, item] of Object.entries(value)) {
    if (key.includes('\0')) return `${path} (a property name)`;
    const found = findNul(item, `${path}.${key}`, depth + 1);
    if (found) return found;
  }
  return undefined;
}

/**
 * PostgreSQL text cannot hold the NUL character, so a string holding one would fail in the database as a 500. It is
 * refused here, once for every call, over params, query, JSON body and multipart fields — before the schemas, after
 * the session check (a caller without a token gets its 401 first). Uploaded files are bytes, not text: their routes
 * judge them.
 */
export function refuseNulCharacters(app: FastifyInstance): void {
  app.addHook('preValidation', async (req) => {
    const found =
      findNul(req.params, 'params') ??
      findNul(req.query, 'query') ??
      findNul(req.body, 'body') ??
      findNul(req.multipartForm?.fields, 'form');
    if (found) throw badRequest(`${found} contains a NUL character (\\u0000), which is not allowed.`, 'NUL_CHARACTER');
  });
}
