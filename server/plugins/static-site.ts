import { existsSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import type { ServerConfig } from '../config';

/** The runtime settings the PWA reads at start (public/config.json is the development default). */
export function runtimeConfig(config: ServerConfig) {
  return {
    apiBase: config.apiBase,
    pushUrl: config.pushUrl ?? null,
    pushPort: config.pushPort,
    tileUrl: config.tileUrl,
    geocoderUrl: config.geocoderUrl ?? null,
  };
}

/** Serve the built PWA. Hash routing means every page is index.html; no history fallback is needed. */
export async function staticSite(app: FastifyInstance, config: ServerConfig): Promise<void> {
  app.get('/config.json', async (_req, reply) => {
    // Never cached: a changed apiBase or tile URL must reach clients on their next start.
    reply.header('Cache-Control', 'no-store');
    return runtimeConfig(config);
  });
  if (!existsSync(config.staticDir)) return;
  await app.register(fastifyStatic, {
    root: config.staticDir,
    wildcard: false,
    // The build writes x.br and x.gz beside each text file (vite.config.ts: precompress()): sent as they are to a
    // browser that accepts them (brotli first), with Vary: Accept-Encoding; the plain file otherwise.
    preCompressed: true,
    // public/config.json (the dev server's default) is shadowed by the runtime answer above. The compressed copies
    // are found by the file's own route, so they need none of their own.
    globIgnore: ['**/config.json', '**/*.br', '**/*.gz'],
    setHeaders(reply, path) {
      // Hashed assets never change; the service worker and index must be revalidated for updates to arrive.
      if (/\/assets\//.test(path)) reply.header('Cache-Control', 'public, max-age=31536000, immutable');
      else reply.header('Cache-Control', 'no-cache');
    },
  });
}
