import Fastify, { type FastifyInstance } from 'fastify';
import websocket, { type WebSocket } from '@fastify/websocket';
import type { AppDeps } from '../deps';
import { passwordChangeDue } from '../repos/account';
import { findSessionUser } from '../repos/sessions';
import { storeCompanies } from '../repos/stores';
import type { SessionUser } from '../lib/privileges';
import { tokenHash } from '../lib/password';
import { securityHeaders } from '../plugins/security-headers';
import type { PushMessage } from './hub';
import { scopeFor, storesOf } from './scope';

/** Close codes (4000–4999 are the application's): no or a bad first message, and a session that ended. */
export const CLOSE_UNAUTHENTICATED = 4401;
export const CLOSE_SESSION_ENDED = 4001;

export interface PushServerOptions {
  /** How long a socket may take to send its first (auth) message before it is closed. */
  authTimeoutMs?: number;
  /** Before a delivery, the session is read again when its last check is older than this (0: every delivery). */
  sessionRecheckMs?: number;
  /** Every socket's session is checked this often, so that a quiet socket closes too when its session expires. */
  sweepMs?: number;
}

interface Client {
  socket: WebSocket;
  user: SessionUser;
  email: string;
  checkedAt: number;
  /** Deliveries of one socket run one after the other, so that messages keep their order across the checks. */
  queue: Promise<void>;
}

/** The first message a socket must send: `{"type":"auth","token":"…","email":"…"}` (never the token in the URL). */
function credentialsOf(raw: unknown): { token: string; email: string } | undefined {
  try {
    const message = JSON.parse(String(raw)) as { type?: unknown; token?: unknown; email?: unknown } | null;
    const { token, email } = message ?? {};
    if (message?.type !== 'auth' || typeof token !== 'string' || typeof email !== 'string') return undefined;
    if (!token || !email || token.length > 512 || email.length > 320 || (token + email).includes('\0')) return undefined;
    return { token, email: email.toLowerCase() };
  } catch {
    return undefined;
  }
}

/**
 * The live push channel (console-core §2, NOTES.md 6) on its own port, 8801 by default. A socket authenticates with
 * its first message within a few seconds, else it is closed having received nothing. Every message is scoped to the
 * member's companies and stores (./scope.ts); the session is checked again before deliveries and by a sweep, and a
 * socket closes when its session ends (logout, expiry, a locked account). The port sends the API's security headers.
 */
export async function startPushServer(
  deps: AppDeps,
  port: number,
  host = '0.0.0.0',
  opts: PushServerOptions = {},
): Promise<FastifyInstance> {
  const authTimeoutMs = opts.authTimeoutMs ?? 5_000;
  const recheckMs = opts.sessionRecheckMs ?? 1_000;
  const app = Fastify({ logger: false });
  await securityHeaders(app, deps.config);
  await app.register(websocket, { options: { maxPayload: 4096 } });
  // The upgrade answer (101) is written by the websocket library, not by the routes: it gets the headers that apply.
  app.websocketServer.on('headers', (headers: string[]) => {
    headers.push('X-Content-Type-Options: nosniff', 'Referrer-Policy: no-referrer', 'Cross-Origin-Resource-Policy: same-origin');
  });

  const clients = new Set<Client>();
  const companyOf = new Map<string, string>();
  async function learnCompanies(codes: string[]) {
    const missing = codes.filter((code) => !companyOf.has(code));
    if (missing.length) for (const [code, company] of await storeCompanies(deps.db, missing)) companyOf.set(code, company);
  }

  /** Reads the session again; a session that ended closes the socket. */
  async function stillSignedIn(client: Client): Promise<boolean> {
    const user = await findSessionUser(deps.db, client.user.tokenHash, client.email);
    // A session that must change its password first is refused every call but that one (plugins/auth.ts): no pushes either.
    if (!user || (await passwordChangeDue(deps.db, user.email))) {
      client.socket.close(CLOSE_SESSION_ENDED, 'Session ended');
      clients.delete(client);
      return false;
    }
    client.user = user;
    client.checkedAt = Date.now();
    return true;
  }

  async function deliver(client: Client, message: PushMessage) {
    if (client.socket.readyState !== client.socket.OPEN) return;
    if (Date.now() - client.checkedAt >= recheckMs && !(await stillSignedIn(client))) return;
    await learnCompanies(storesOf(message));
    const data = scopeFor(client.user, message, (code) => companyOf.get(code));
    if (data !== undefined && client.socket.readyState === client.socket.OPEN)
      client.socket.send(JSON.stringify({ type: message.type, data }));
  }

  const unsubscribe = deps.push.subscribe((message) => {
    for (const client of clients) client.queue = client.queue.then(() => deliver(client, message)).catch(() => client.socket.terminate());
  });
  const unsubscribeEnd = deps.push.onSessionEnd((hash) => {
    for (const client of clients) {
      if (client.user.tokenHash !== hash) continue;
      clients.delete(client);
      client.socket.close(CLOSE_SESSION_ENDED, 'Session ended');
    }
  });
  const sweep = setInterval(() => {
    for (const client of clients)
      client.queue = client.queue.then(async () => void (await stillSignedIn(client))).catch(() => client.socket.terminate());
  }, opts.sweepMs ?? 30_000);
  sweep.unref();
  app.addHook('onClose', async () => {
    clearInterval(sweep);
    unsubscribe();
    unsubscribeEnd();
  });

  app.get('/', { websocket: true }, (socket) => {
    const timer = setTimeout(() => socket.close(CLOSE_UNAUTHENTICATED, 'Authentication required'), authTimeoutMs);
    socket.once('message', async (raw) => {
      clearTimeout(timer);
      const credentials = credentialsOf(raw);
      const user = credentials && (await findSessionUser(deps.db, tokenHash(credentials.token), credentials.email).catch(() => undefined));
      if (!credentials || !user) return socket.close(CLOSE_UNAUTHENTICATED, 'Authentication required');
      if (await passwordChangeDue(deps.db, user.email)) return socket.close(CLOSE_UNAUTHENTICATED, 'Change your password first');
      if (socket.readyState !== socket.OPEN) return;
      const client: Client = { socket, user, email: credentials.email, checkedAt: Date.now(), queue: Promise.resolve() };
      clients.add(client);
      socket.on('close', () => clients.delete(client));
      socket.send(JSON.stringify({ type: 0, data: { authenticated: true } }));
    });
    socket.on('close', () => clearTimeout(timer));
  });
  await app.listen({ port, host });
  return app;
}
