import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import type { FastifyInstance } from 'fastify';

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** Smaller answers gain less than the header and the work cost. */
const MIN_BYTES = 1024;
/** Brotli's quality for answers made per request: most of quality 11's gain at a fraction of its time. */
const BROTLI_QUALITY = 5;

/** The encoding to answer with for an Accept-Encoding header: brotli, else gzip, else none. */
export function answerEncoding(accepted: string | undefined): 'br' | 'gzip' | undefined {
  const offered = new Map(
    (accepted ?? '').split(',').map((part) => {
      const [name, ...params] = part.trim().toLowerCase().split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return [name, q === undefined ? 1 : Number(q)] as const;
    }),
  );
  if ((offered.get('br') ?? 0) > 0) return 'br';
  if ((offered.get('gzip') ?? 0) > 0) return 'gzip';
  return undefined;
}

/**
 * The API's JSON answers, compressed for a client that accepts it (issue 10: the dashboard's answer is 43 KB as
 * JSON and 5 KB in brotli, on a phone's way to its first screen). Only serialised JSON: files, streams and
 * downloads pass as they are (they are compressed already, or streamed).
 */
export function compressAnswers(api: FastifyInstance): void {
  api.addHook('onSend', async (req, reply, payload) => {
    if (typeof payload !== 'string' || payload.length < MIN_BYTES) return payload;
    if (!/\bjson\b/.test(String(reply.getHeader('content-type') ?? '')) || reply.hasHeader('content-encoding')) return payload;
    const previous = reply.getHeader('vary');
    reply.header('vary', previous ? `${String(previous)}, Accept-Encoding` : 'Accept-Encoding');
    const encoding = answerEncoding(req.headers['accept-encoding']);
    if (!encoding) return payload;
    const body = encoding === 'br' ? await brotli(payload, { params: { [zlib.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } }) : await gzipped(payload);
    reply.header('content-encoding', encoding);
    reply.removeHeader('content-length');
    return body;
  });
}
