import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { ServerConfig } from '../config';

/** One year, the usual preload value; only ever sent on https (a browser ignores it on http anyway, RFC 6797 §8.1). */
export const HSTS_VALUE = 'max-age=31536000; includeSubDomains';

/** A hostname safe to write into a header: letters, digits, dots and dashes, or a bracketed IPv6 address. */
const HOSTNAME = /^([A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*|\[[0-9A-Fa-f:.]+\])$/;

/**
 * The origin a tile URL template loads from, as a CSP source: `https://tile.openstreetmap.org`; a `{s}` subdomain
 * becomes a wildcard. A relative template loads from the page's own origin ('self'), so it adds nothing.
 */
export function tileSource(tileUrl: string): string | undefined {
  const match = /^(https?):\/\/([^/?#]+)/i.exec(tileUrl.trim());
  if (!match) return undefined;
  const host = match[2].replace(/\{[a-z]+\}/gi, '*').toLowerCase();
  return /^[a-z0-9.*:[\]-]+$/.test(host) ? `${match[1].toLowerCase()}://${host}` : undefined;
}

/** The push websocket's origin: PUSH_URL's when set, else port PUSH_PORT of the host the page was loaded from. */
export function pushSources(config: Pick<ServerConfig, 'pushUrl' | 'pushPort'>, requestHost: string | undefined): string[] {
  if (config.pushUrl) {
    try {
      const url = new URL(config.pushUrl);
      return [`${url.protocol}//${url.host}`];
    } catch {
      return [];
    }
  }
  const hostname = (requestHost ?? '').replace(/:\d+$/, '');
  const host = HOSTNAME.test(hostname) ? hostname : '*';
  return [`ws://${host}:${config.pushPort}`, `wss://${host}:${config.pushPort}`];
}

/**
 * Helmet 8's header set as @fastify/helmet sent it with the options this server used (hsts off, the CSP below), in
 * helmet's order; X-Powered-By is removed as helmet did. Written out once instead of asking helmet per request:
 * @fastify/helmet built helmet's middleware again on every request, parsing the CSP directives each time (issue 32 §4;
 * measured on a bare route: 0.195 ms of CPU per call with helmet, 0.184 ms written once). The helmet package stays
 * out of the dependencies. tests/server/security-headers.test.ts pins the whole set.
 */
const FIXED_HEADERS: readonly (readonly [string, string])[] = [
  ['Cross-Origin-Opener-Policy', 'same-origin'],
  ['Cross-Origin-Resource-Policy', 'same-origin'],
  ['Origin-Agent-Cluster', '?1'],
  ['Referrer-Policy', 'no-referrer'],
  ['X-Content-Type-Options', 'nosniff'],
  ['X-DNS-Prefetch-Control', 'off'],
  ['X-Download-Options', 'noopen'],
  ['X-Frame-Options', 'SAMEORIGIN'],
  ['X-Permitted-Cross-Domain-Policies', 'none'],
  ['X-XSS-Protection', '0'],
];

/**
 * The Content-Security-Policy: helmet's default policy without upgrade-insecure-requests, with the directives this
 * console needs. `connect` is the push socket's sources for the request's host.
 */
export function contentSecurityPolicy(config: Pick<ServerConfig, 'tileUrl' | 'geocoderUrl'>): (connect: string[]) => string {
  const tiles = tileSource(config.tileUrl);
  // The address search asks the configured geocoder straight from the page (tileSource reads any http(s) origin).
  const geocoder = config.geocoderUrl ? tileSource(config.geocoderUrl) : undefined;
  const before = [
    "default-src 'self'",
    "base-uri 'self'",
    "font-src 'self' https: data:",
    "form-action 'self'",
    "frame-ancestors 'self'",
    // Map tiles come from the configured host; camera frames and previews are blobs.
    ['img-src', "'self'", 'data:', 'blob:', ...(tiles ? [tiles] : [])].join(' '),
    "object-src 'none'",
    // No inline scripts are allowed.
    "script-src 'self'",
    "script-src-attr 'none'",
    // Ionic components set inline styles.
    "style-src 'self' 'unsafe-inline'",
    // Helmet's default policy also has upgrade-insecure-requests: a console served over plain http on a LAN address
    // would have the browser fetch its own scripts and styles over https, which nothing answers. Https deployments
    // get their upgrade from HSTS (below) instead.
  ].join(';');
  const connectHead = ['connect-src', "'self'", ...(geocoder ? [geocoder] : [])].join(' ');
  const after = ["media-src 'self' blob:", "worker-src 'self'"].join(';');
  // The push websocket listens on its own port, which is another origin: named per request (the host asked).
  // A source with a separator in it (a PUSH_URL host with a comma) would split the policy: left out (helmet refused it).
  return (connect) => `${before};${[connectHead, ...connect.filter((source) => !/[;,\s]/.test(source))].join(' ')};${after}`;
}

/**
 * The security headers of every answer, on the API port and on the push port alike (helmet's set). The CSP names
 * only what the runtime config names — the tile host, the push socket — instead of any http(s)/ws(s) origin, and
 * Strict-Transport-Security is only sent when the request came over https (behind a proxy: as TRUST_PROXY allows
 * X-Forwarded-Proto to say).
 */
export async function securityHeaders(
  app: FastifyInstance,
  config: Pick<ServerConfig, 'pushUrl' | 'pushPort' | 'tileUrl' | 'geocoderUrl'>,
): Promise<void> {
  const csp = contentSecurityPolicy(config);
  // With PUSH_URL set the policy is the same for every request: written once.
  const fixedCsp = config.pushUrl ? csp(pushSources(config, undefined)) : undefined;
  // Set on the raw answer in onRequest, as helmet did: an answer that skips the reply's own headers (an error, a 404,
  // a hijacked reply) still carries them, and a route may still override one.
  app.addHook('onRequest', (req, reply, done) => {
    const res = reply.raw;
    res.setHeader('Content-Security-Policy', fixedCsp ?? csp(pushSources(config, (req.raw as IncomingMessage).headers.host)));
    for (const [name, value] of FIXED_HEADERS) res.setHeader(name, value);
    res.removeHeader('X-Powered-By');
    done();
  });
  app.addHook('onSend', async (req, reply) => {
    if (req.protocol === 'https') reply.header('Strict-Transport-Security', HSTS_VALUE);
  });
}
