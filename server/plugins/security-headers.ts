import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';
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
 * The security headers of every answer, on the API port and on the push port alike (helmet's set). The CSP names
 * only what the runtime config names — the tile host, the push socket — instead of any http(s)/ws(s) origin, and
 * Strict-Transport-Security is only sent when the request came over https (behind a proxy: as TRUST_PROXY allows
 * X-Forwarded-Proto to say).
 */
export async function securityHeaders(app: FastifyInstance, config: Pick<ServerConfig, 'pushUrl' | 'pushPort' | 'tileUrl' | 'geocoderUrl'>): Promise<void> {
  const tiles = tileSource(config.tileUrl);
  // The address search asks the configured geocoder straight from the page (tileSource reads any http(s) origin).
  const geocoder = config.geocoderUrl ? tileSource(config.geocoderUrl) : undefined;
  const push = (req: IncomingMessage) => pushSources(config, req.headers.host);
  await app.register(helmet, {
    hsts: false,
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // Ionic components set inline styles; no inline scripts are allowed.
        styleSrc: ["'self'", "'unsafe-inline'"],
        // Map tiles come from the configured host; camera frames and previews are blobs.
        imgSrc: ["'self'", 'data:', 'blob:', ...(tiles ? [tiles] : [])],
        // The push websocket listens on its own port, which is another origin. Helmet calls these per request.
        connectSrc: ["'self'", ...(geocoder ? [geocoder] : []), (req) => push(req as IncomingMessage).join(' ')],
        mediaSrc: ["'self'", 'blob:'],
        workerSrc: ["'self'"],
        // Helmet adds upgrade-insecure-requests by default: a console served over plain http on a LAN address would
        // have the browser fetch its own scripts and styles over https, which nothing answers. Https deployments
        // get their upgrade from HSTS (below) instead.
        upgradeInsecureRequests: null,
      },
    },
  });
  app.addHook('onSend', async (req, reply) => {
    if (req.protocol === 'https') reply.header('Strict-Transport-Security', HSTS_VALUE);
  });
}
