import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, constants as zlib, gzip, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** Smaller answers gain less than the header and the work cost. */
const MIN_BYTES = 1024;
/**
 * Brotli's quality for answers made per request (dynamic JSON, issue 32 §4): on a 10 KB, 25-row tag page quality 3
 * keeps within 1 % of quality 4's size (784 vs 776 bytes) at about 70 % of its CPU (0.043 vs 0.062 ms); quality 2
 * is 7 % larger for little more gain, and quality 1 with brotli's default window is slower than 3 (it sizes its
 * tables for the window). Quality 4 had been chosen over 5 the same way. gzip at its fast level 1 likewise.
 */
const BROTLI_QUALITY = 3;
const GZIP_LEVEL = 1;
/**
 * Below this an answer is compressed on the request's own thread: a 25-row page takes ~0.1 ms there, less than the
 * hand-off to libuv's thread pool and back cost (profiled, issue 32 §4). Safe: same bytes, only where the work runs;
 * larger answers (the dashboard, the OpenAPI document) still go to the pool so the event loop is not held.
 */
const SYNC_MAX_BYTES = 32 * 1024;

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
    const brOptions = { params: { [zlib.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [zlib.BROTLI_PARAM_SIZE_HINT]: payload.length } };
    const small = payload.length <= SYNC_MAX_BYTES;
    const body =
      encoding === 'br'
        ? small
          ? brotliCompressSync(payload, brOptions)
          : await brotli(payload, brOptions)
        : small
          ? gzipSync(payload, { level: GZIP_LEVEL })
          : await gzipped(payload, { level: GZIP_LEVEL });
    reply.header('content-encoding', encoding);
    reply.removeHeader('content-length');
    return body;
  });
}
