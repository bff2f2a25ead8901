import { existsSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import type { ServerConfig } from '../config';

/** The runtime settings the PWA reads at start (public/config.json is the development default). */
export function runtimeConfig(config: ServerConfig) {
  return { apiBase: config.apiBase, pushUrl: config.pushUrl ?? null, pushPort: config.pushPort, tileUrl: config.tileUrl };
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
    // public/config.json (the dev server's default) is shadowed by the runtime answer above.
    globIgnore: ['**/config.json'],
    setHeaders(reply, path) {
      // Hashed assets never change; the service worker and index must be revalidated for updates to arrive.
      if (/\/assets\//.test(path)) reply.header('Cache-Control', 'public, max-age=31536000, immutable');
      else reply.header('Cache-Control', 'no-cache');
    },
  });
}
