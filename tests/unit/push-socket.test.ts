import { once } from 'node:events';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WebSocket, WebSocketServer } from 'ws';
import {
  openPushSocket,
  RECONNECT_MAX_MS,
  RECONNECT_MIN_MS,
  type PushMessage,
  type PushSocket,
  type PushSocketClass,
} from '../../src/platform/push-socket';

/*
 * The client's push loop (src/platform/push-socket.ts) against a real websocket server on loopback, with the `ws` client
 * standing in for the browser's WebSocket (Node 20 has none). Only setTimeout is faked: sockets, setImmediate and
 * the clock stay real, so a reconnect happens exactly when the loop's own timer says so.
 */

interface Server {
  wss: WebSocketServer;
  port: number;
  /** URL of every connection the server accepted, in order. */
  accepted: string[];
  /** The first message of every connection, parsed: the credentials. */
  auths: unknown[];
}

/** A push server like server/push/socket.ts: it welcomes a socket once its first message brought credentials. */
async function listen(port = 0, { welcome = true } = {}): Promise<Server> {
  const wss = new WebSocketServer({ host: '127.0.0.1', port });
  await once(wss, 'listening');
  const accepted: string[] = [];
  const auths: unknown[] = [];
  wss.on('connection', (socket, req) => {
    accepted.push(req.url ?? '');
    socket.once('message', (raw) => {
      auths.push(JSON.parse(String(raw)));
      if (welcome) socket.send(JSON.stringify(WELCOME));
    });
  });
  return { wss, port: (wss.address() as { port: number }).port, accepted, auths };
}
const WELCOME = { type: 0, data: { authenticated: true } };

/** The server goes away: its sockets are cut and nothing listens on the port any more. */
async function stop(server: Server) {
  for (const client of server.wss.clients) client.terminate();
  await new Promise<void>((resolve) => server.wss.close(() => resolve()));
}

/** Waits on real I/O (not on the faked timers) until `ready` holds. */
async function until(ready: () => boolean, what: string) {
  const deadline = performance.now() + 5_000;
  while (!ready()) {
    if (performance.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/** Every connect attempt the loop makes, successful or not. */
const attempts: string[] = [];
class CountingSocket extends WebSocket {
  constructor(url: string) {
    super(url);
    attempts.push(url);
  }
}

let server: Server | undefined;
let socket: PushSocket | undefined;
let other: PushSocket | undefined;
afterEach(async () => {
  socket?.close();
  other?.close();
  if (server) await stop(server);
  server = socket = other = undefined;
  attempts.length = 0;
  vi.useRealTimers();
});

function open(port: number, messages: PushMessage[] = [], live: boolean[] = []) {
  socket = openPushSocket({ token: 'tok en/1', email: 'operator@shelfpad.test' }, (m) => messages.push(m), {
    url: `ws://127.0.0.1:${port}/`,
    WebSocket: CountingSocket as unknown as PushSocketClass,
    onLive: (l) => live.push(l),
  });
  return { messages, live };
}

describe('the push socket', () => {
  it('signs in with the token and e-mail in its first message (not in the URL), and hands over each well-formed message in order', async () => {
    server = await listen();
    const { messages, live } = open(server.port);
    await until(() => live.length === 1, 'the open');
    expect(live).toEqual([true]);
    expect(server.accepted).toEqual(['/']);
    expect(server.auths).toEqual([{ type: 'auth', token: 'tok en/1', email: 'operator@shelfpad.test' }]);
    expect(messages).toEqual([WELCOME]);
    messages.length = 0;

    const [peer] = server.wss.clients;
    const collecting = { type: 1, data: [{ storeCode: 'TKY001', detail: { cmd: 'OTA' } }] };
    const tagStatus = { type: 2, data: [{ tagMac: 'C4000100002A', barcode: 'C4000100002A', status: 'OK' }] };
    peer.send(JSON.stringify(collecting));
    peer.send('not json');
    peer.send(Buffer.from([1, 2, 3]), { binary: true });
    peer.send(JSON.stringify({ data: 'no type' }));
    peer.send(JSON.stringify(tagStatus));
    await until(() => messages.length === 2, 'two messages');
    // A last frame marks the end: whatever was dropped was dropped, not late.
    peer.send(JSON.stringify({ type: 0, data: { authenticated: true } }));
    await until(() => messages.length === 3, 'the marker');
    expect(messages).toEqual([collecting, tagStatus, { type: 0, data: { authenticated: true } }]);

    socket!.close();
    expect(live).toEqual([true, false]);
    await until(() => peer.readyState === WebSocket.CLOSED, 'the server to see the close');
    expect(attempts).toHaveLength(1);
  });

  it('serves every reader of the same member through one socket, open until the last reader leaves', async () => {
    server = await listen();
    const header = open(server.port);
    await until(() => header.live.length === 1, 'the open');
    const scanLog = { messages: [] as PushMessage[], live: [] as boolean[] };
    other = openPushSocket({ token: 'tok en/1', email: 'operator@shelfpad.test' }, (m) => scanLog.messages.push(m), {
      url: `ws://127.0.0.1:${server.port}/`,
      WebSocket: CountingSocket as unknown as PushSocketClass,
      onLive: (l) => scanLog.live.push(l),
    });
    // Joining an open socket: told at once, and no second connection.
    expect(scanLog.live).toEqual([true]);
    expect(attempts).toHaveLength(1);

    const [peer] = server.wss.clients;
    const message = { type: 2, data: [{ tagMac: 'C4000100002A', barcode: '', status: 'NG' }] };
    peer.send(JSON.stringify(message));
    await until(() => header.messages.length === 2 && scanLog.messages.length === 1, 'the message at both readers');
    expect(scanLog.messages).toEqual([message]);

    // The scan log leaves: the header's socket stays open.
    other.close();
    expect(scanLog.live).toEqual([true, false]);
    peer.send(JSON.stringify({ type: 1, data: [] }));
    await until(() => header.messages.length === 3, 'the next message at the header');
    expect(scanLog.messages).toHaveLength(1);
    expect(peer.readyState).toBe(WebSocket.OPEN);

    socket!.close();
    await until(() => peer.readyState === WebSocket.CLOSED, 'the close once no reader is left');
    expect(header.live).toEqual([true, false]);
  });

  it('reconnects after waits doubling from 1 s up to 30 s while the server is down, and from 1 s again after an open', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    server = await listen();
    const port = server.port;
    const { live } = open(port);
    await until(() => live.length === 1, 'the first open');

    await stop(server);
    server = undefined;
    await until(() => live.length === 2 && vi.getTimerCount() === 1, 'the close and a scheduled retry');
    expect(live).toEqual([true, false]);

    const waits = [1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000];
    expect(waits[0]).toBe(RECONNECT_MIN_MS);
    expect(waits.at(-1)).toBe(RECONNECT_MAX_MS);
    for (const wait of waits) {
      const before = attempts.length;
      vi.advanceTimersByTime(wait - 1);
      expect(attempts, `no attempt before ${wait} ms`).toHaveLength(before);
      vi.advanceTimersByTime(1);
      expect(attempts, `an attempt at ${wait} ms`).toHaveLength(before + 1);
      // The refused connect closes, and the loop schedules the next try.
      await until(() => vi.getTimerCount() === 1, `the retry after ${wait} ms`);
    }
    // A refused connect never opened: the readers were not told "live" in between.
    expect(live).toEqual([true, false]);

    server = await listen(port);
    vi.advanceTimersByTime(RECONNECT_MAX_MS);
    await until(() => live.length === 3, 'the open on the restarted server');
    expect(server.accepted).toHaveLength(1);

    // An open resets the wait: the next drop is retried after 1 s, not 30 s.
    for (const client of server.wss.clients) client.terminate();
    await until(() => live.length === 4 && vi.getTimerCount() === 1, 'the second close');
    const before = attempts.length;
    vi.advanceTimersByTime(RECONNECT_MIN_MS - 1);
    expect(attempts).toHaveLength(before);
    vi.advanceTimersByTime(1);
    await until(() => live.length === 5, 'the reopen after 1 s');
    expect(live).toEqual([true, false, true, false, true]);
    expect(server.accepted).toHaveLength(2);
  });

  it('is not live while the server has not taken its credentials, and retries when the server closes it', async () => {
    server = await listen(0, { welcome: false });
    const { messages, live } = open(server.port);
    await until(() => server!.auths.length === 1, 'the auth message');
    const [peer] = server.wss.clients;
    // Refused (as server/push/socket.ts does for a bad session): closed without a welcome.
    peer.close(4401, 'Authentication required');
    await until(() => peer.readyState === WebSocket.CLOSED, 'the close');
    expect(live).toEqual([]);
    expect(messages).toEqual([]);
  });

  it('stops for good on close(): a pending retry is cancelled', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    server = await listen();
    const port = server.port;
    await stop(server);
    server = undefined;
    const { live } = open(port);
    await until(() => vi.getTimerCount() === 1, 'the first refused connect');
    expect(live).toEqual([]);

    socket!.close();
    expect(vi.getTimerCount()).toBe(0);
    vi.advanceTimersByTime(10 * RECONNECT_MAX_MS);
    expect(attempts).toHaveLength(1);
  });
});
