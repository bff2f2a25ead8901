import Fastify, { type FastifyInstance } from 'fastify';
import websocket from '@fastify/websocket';
import type { AppDeps } from '../deps';
import { findSessionUser } from '../repos/sessions';
import { storeCompanies } from '../repos/stores';
import { canAccessStore, type SessionUser } from '../lib/privileges';
import { tokenHash } from '../lib/password';
import type { PushMessage } from './hub';

/**
 * The live push channel (console-core §2, NOTES.md 6) on its own port, 8801 by default. Collecting-store
 * updates (type 1) go to everyone, as GET /collecting/store does; store-scoped messages only to a socket that
 * opened with a valid `token` and `email` in its query and may see that store.
 */
export async function startPushServer(deps: AppDeps, port: number, host = '0.0.0.0'): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });
  await app.register(websocket);
  const companyOf = new Map<string, string>();

  async function allowed(user: SessionUser | undefined, message: PushMessage): Promise<boolean> {
    if (!message.storeCode) return true;
    if (!user) return false;
    if (!companyOf.has(message.storeCode)) {
      for (const [code, company] of await storeCompanies(deps.db, [message.storeCode])) companyOf.set(code, company);
    }
    const company = companyOf.get(message.storeCode);
    return company !== undefined && canAccessStore(user, message.storeCode, company);
  }

  app.get('/', { websocket: true }, async (socket, req) => {
    const { token, email } = req.query as { token?: string; email?: string };
    const user = token && email ? await findSessionUser(deps.db, tokenHash(token), email.toLowerCase()) : undefined;
    const unsubscribe = deps.push.subscribe((message) => {
      void allowed(user, message).then((ok) => {
        if (ok && socket.readyState === socket.OPEN) socket.send(JSON.stringify({ type: message.type, data: message.data }));
      });
    });
    socket.on('close', unsubscribe);
    socket.send(JSON.stringify({ type: 0, data: { authenticated: Boolean(user) } }));
  });
  await app.listen({ port, host });
  return app;
}
