import type { FastifyInstance } from 'fastify';
import { badRequest } from '../lib/errors';

/**
 * No call's contract nests nearly this deep (the freest bodies, Plus settings and templates, stay within a dozen
 * levels); deeper is refused before parsing.
 */
export const JSON_MAX_DEPTH = 64;
export const JSON_TOO_DEEP_MESSAGE = `The JSON body nests deeper than ${JSON_MAX_DEPTH} levels.`;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACE = 0x7b;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACE = 0x7d;
const CLOSE_BRACKET = 0x5d;

/**
 * Whether the text opens more than maxDepth objects or arrays at once, counted in one pass over the characters
 * (brackets inside strings do not count). Malformed text is left to JSON.parse.
 */
export function nestsDeeperThan(text: string, maxDepth: number): boolean {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) {
      for (i++; i < text.length; i++) {
        const s = text.charCodeAt(i);
        if (s === BACKSLASH) i++;
        else if (s === QUOTE) break;
      }
    } else if (c === OPEN_BRACE || c === OPEN_BRACKET) {
      if (++depth > maxDepth) return true;
    } else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) {
      depth--;
    }
  }
  return false;
}

/**
 * Every JSON body of the app is parsed here: a body nested thousands deep made the recursive steps after parsing
 * (the prototype-poisoning scan, the schemas, the change history) overflow the stack, a 500. Counting the depth
 * first is linear and cheap; the parse itself stays Fastify's (secure-json-parse, `__proto__` refused).
 */
export function refuseDeepJson(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    const text = body as string;
    if (nestsDeeperThan(text, JSON_MAX_DEPTH)) return done(badRequest(JSON_TOO_DEEP_MESSAGE, 'JSON_TOO_DEEP'), undefined);
    parse(req, text, done);
  });
}
