import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import WebSocket from 'ws';
import { CLOSE_SESSION_ENDED, CLOSE_UNAUTHENTICATED, startPushServer } from '../../server/push/socket';
import { PUSH_COLLECTING, PUSH_TAG_STATUS } from '../../server/push/hub';
import { sessions, stores } from '../../server/db/schema/index';
import { tokenHash } from '../../server/lib/password';
import { login, startTestServer, type AuthHeaders, type TestServer } from './harness';

/*
 * The push socket (issue 11 §6): authenticated by its first message, never by the URL; nothing for a socket that
 * has not authenticated, which is closed after a short wait; every message scoped to the member's stores; closed
 * at logout and when the session expires. The test server waits 300 ms for the auth message and checks the
 * session before every delivery, so that no test needs to sleep for the production intervals.
 */
let sut: TestServer;
let push: FastifyInstance;
let port: number;
let operator: AuthHeaders;
let nord: AuthHeaders;
let acmeStore: string;
let nordStore: string;

beforeAll(async () => {
  sut = await startTestServer();
  push = await startPushServer(sut.deps, 0, '127.0.0.1', { authTimeoutMs: 300, sessionRecheckMs: 0 });
  port = (push.server.address() as AddressInfo).port;
  [operator, nord] = await Promise.all(
    ['operator@shelfpad.test', 'nord-admin@shelfpad.test'].map((e) => login(sut.app, e, 'Shelfpad#2026')),
  );
  acmeStore = (await sut.app.inject({ method: 'GET', url: '/api/auth/login', headers: operator })).json().store[0];
  [{ storeCode: nordStore }] = await sut.deps.db
    .select({ storeCode: stores.storeCode })
    .from(stores)
    .where(eq(stores.companyCode, 'NORD'))
    .limit(1);
});
afterAll(async () => {
  await push?.close();
  await sut?.close();
});

interface Peer {
  socket: WebSocket;
  messages: { type: number; data: unknown }[];
  closed: Promise<number>;
}

/** Open a socket, optionally send a first message, and collect whatever arrives. */
async function connect(first?: unknown, path = '/'): Promise<Peer> {
  const socket = new WebSocket(`ws://127.0.0.1:${port}${path}`);
  const messages: Peer['messages'] = [];
  socket.on('message', (raw) => messages.push(JSON.parse(String(raw))));
  const closed = new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)));
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
  if (first !== undefined) socket.send(typeof first === 'string' ? first : JSON.stringify(first));
  return { socket, messages, closed };
}

const WELCOME = { type: 0, data: { authenticated: true } };
const authOf = (h: AuthHeaders) => ({ type: 'auth', token: h['access-token'], email: h['access-email'] });

/** A member's socket, once the server has welcomed it. */
async function signedIn(h: AuthHeaders): Promise<Peer> {
  const peer = await connect(authOf(h));
  await until(() => peer.messages.length > 0, 'the welcome');
  expect(peer.messages.shift()).toEqual(WELCOME);
  return peer;
}

async function until(check: () => boolean, what: string, ms = 5000) {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** Publishes a marker only a super administrator's socket would see: once it arrives, every earlier message has. */
const collecting = (items: { storeCode: string }[]) => ({
  type: PUSH_COLLECTING,
  data: items.map((i, n) => ({
    storeCode: i.storeCode,
    storeName: i.storeCode,
    detail: { cmd: 'TAG_STATUS_CHECK', companyCode: '', _id: String(n) },
  })),
});

describe('push socket: authentication', () => {
  it('sends nothing to a socket that does not authenticate, and closes it after the wait', async () => {
    const silent = await connect();
    // The token in the URL is not a way in either.
    const byUrl = await connect(
      undefined,
      `/?token=${encodeURIComponent(operator['access-token'])}&email=${encodeURIComponent(operator['access-email'])}`,
    );
    sut.deps.push.publish(collecting([{ storeCode: acmeStore }]));
    sut.deps.push.publish({
      type: PUSH_TAG_STATUS,
      storeCode: acmeStore,
      data: [{ storeCode: acmeStore, tagMac: 'AABBCCDDEEFF', status: 'OK' }],
    });
    expect(await silent.closed).toBe(CLOSE_UNAUTHENTICATED);
    expect(await byUrl.closed).toBe(CLOSE_UNAUTHENTICATED);
    expect(silent.messages).toEqual([]);
    expect(byUrl.messages).toEqual([]);
  });

  it('closes a socket whose first message is not a valid session, having sent it nothing', async () => {
    const attempts = [
      { ...authOf(operator), token: 'not-a-token' },
      { ...authOf(operator), email: 'nord-admin@shelfpad.test' },
      { token: operator['access-token'], email: operator['access-email'] },
      'not json',
      { ...authOf(operator), token: `${operator['access-token']}\u0000` },
    ];
    const peers = await Promise.all(attempts.map((first) => connect(first)));
    for (const peer of peers) {
      expect(await peer.closed).toBe(CLOSE_UNAUTHENTICATED);
      expect(peer.messages).toEqual([]);
    }
  });
});

describe('push socket: a session that must change its password first', () => {
  it('is refused like no session, and gets nothing', async () => {
    const newhire = await login(sut.app, 'newhire@shelfpad.test', 'Shelfpad#2026');
    const peer = await connect(authOf(newhire));
    sut.deps.push.publish(collecting([{ storeCode: acmeStore }]));
    expect(await peer.closed).toBe(CLOSE_UNAUTHENTICATED);
    expect(peer.messages).toEqual([]);
  });
});

describe('push socket: every message scoped to the member', () => {
  // spec: core §2.18 — push messages of type 1 carry the collecting list
  it("gives each member only its stores' collecting jobs (type 1) and tag status changes (type 2)", async () => {
    const [acme, nordPeer] = [await signedIn(operator), await signedIn(nord)];
    sut.deps.push.publish(collecting([{ storeCode: acmeStore }, { storeCode: nordStore }]));
    sut.deps.push.publish({
      type: PUSH_TAG_STATUS,
      storeCode: nordStore,
      data: [{ storeCode: nordStore, tagMac: 'AABBCCDDEE01', status: 'OK' }],
    });
    sut.deps.push.publish({
      type: PUSH_TAG_STATUS,
      storeCode: acmeStore,
      data: [{ storeCode: acmeStore, tagMac: 'AABBCCDDEE02', status: 'OK' }],
    });
    // A message that names no store belongs to no company: no company member gets it.
    sut.deps.push.publish({ type: 9, data: { secret: true } });
    await until(() => acme.messages.length === 2 && nordPeer.messages.length === 2, 'the scoped messages');
    expect(acme.messages.map((m) => m.type)).toEqual([PUSH_COLLECTING, PUSH_TAG_STATUS]);
    expect((acme.messages[0].data as { storeCode: string }[]).map((i) => i.storeCode)).toEqual([acmeStore]);
    expect(acme.messages[1].data).toEqual([{ storeCode: acmeStore, tagMac: 'AABBCCDDEE02', status: 'OK' }]);
    expect((nordPeer.messages[0].data as { storeCode: string }[]).map((i) => i.storeCode)).toEqual([nordStore]);
    expect(nordPeer.messages[1].data).toEqual([{ storeCode: nordStore, tagMac: 'AABBCCDDEE01', status: 'OK' }]);
    // A list with none of the member's jobs still arrives (empty): it tells the header that its jobs ended.
    sut.deps.push.publish(collecting([{ storeCode: nordStore }]));
    await until(() => acme.messages.length === 3, 'the empty list');
    expect(acme.messages[2]).toEqual({ type: PUSH_COLLECTING, data: [] });
    acme.socket.close();
    nordPeer.socket.close();
  });

  it('sends the collecting list of a real status check to the member of that store only', async () => {
    const [acme, nordPeer] = [await signedIn(operator), await signedIn(nord)];
    const res = await sut.app.inject({
      method: 'POST',
      url: '/api/tag/status/check',
      headers: operator,
      payload: { storeCode: acmeStore, cmd: 'TAG_STATUS_CHECK', tagList: [] },
    });
    expect(res.statusCode).toBe(200);
    await until(() => acme.messages.some((m) => m.type === PUSH_COLLECTING) && nordPeer.messages.length > 0, 'the lists');
    const list = acme.messages.find((m) => m.type === PUSH_COLLECTING)!.data as { storeCode: string; detail: { cmd: string } }[];
    expect(list).toContainEqual(
      expect.objectContaining({ storeCode: acmeStore, detail: expect.objectContaining({ cmd: 'TAG_STATUS_CHECK' }) }),
    );
    for (const m of nordPeer.messages) expect((m.data as { storeCode: string }[]).every((i) => i.storeCode !== acmeStore)).toBe(true);
    acme.socket.close();
    nordPeer.socket.close();
  });
});

describe('push socket: the session ends, the socket closes', () => {
  it('closes at logout, and the logged-out socket receives nothing more', async () => {
    const session = await login(sut.app, 'operator@shelfpad.test', 'Shelfpad#2026');
    const peer = await signedIn(session);
    const out = await sut.app.inject({ method: 'POST', url: '/api/auth/logout', headers: session });
    expect(out.statusCode).toBe(200);
    expect(await peer.closed).toBe(CLOSE_SESSION_ENDED);
    sut.deps.push.publish({ type: PUSH_TAG_STATUS, storeCode: acmeStore, data: [] });
    expect(peer.messages).toEqual([]);
  });

  it('closes when the session has expired, instead of delivering', async () => {
    const session = await login(sut.app, 'operator@shelfpad.test', 'Shelfpad#2026');
    const peer = await signedIn(session);
    await sut.deps.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.tokenHash, tokenHash(session['access-token'])));
    sut.deps.push.publish({
      type: PUSH_TAG_STATUS,
      storeCode: acmeStore,
      data: [{ storeCode: acmeStore, tagMac: 'AABBCCDDEE03', status: 'OK' }],
    });
    expect(await peer.closed).toBe(CLOSE_SESSION_ENDED);
    expect(peer.messages).toEqual([]);
  });

  it('closes a quiet socket at the sweep when its session expired', async () => {
    const swept = await startPushServer(sut.deps, 0, '127.0.0.1', { sweepMs: 50 });
    try {
      const session = await login(sut.app, 'operator@shelfpad.test', 'Shelfpad#2026');
      const socket = new WebSocket(`ws://127.0.0.1:${(swept.server.address() as AddressInfo).port}/`);
      const closed = new Promise<number>((resolve) => socket.once('close', resolve));
      const welcomed = new Promise((resolve) => socket.once('message', resolve));
      socket.once('open', () => socket.send(JSON.stringify(authOf(session))));
      await welcomed;
      await sut.deps.db.delete(sessions).where(eq(sessions.tokenHash, tokenHash(session['access-token'])));
      expect(await closed).toBe(CLOSE_SESSION_ENDED);
    } finally {
      await swept.close();
    }
  });
});

describe('push port and GET /collecting/store', () => {
  it('answers on the push port with the same security headers as the API', async () => {
    const res = await fetch(`http://127.0.0.1:${port}/`);
    const api = await sut.app.inject({ method: 'GET', url: '/api/version' });
    for (const name of [
      'x-content-type-options',
      'x-frame-options',
      'referrer-policy',
      'cross-origin-opener-policy',
      'cross-origin-resource-policy',
    ]) {
      expect(res.headers.get(name), name).toBeTruthy();
      expect(res.headers.get(name), name).toBe(api.headers[name]);
    }
    // The CSP names the push socket of the host asked (here 127.0.0.1), otherwise the API's.
    const csp = (header: string) => header.replace(/ws:\/\/\S+ wss:\/\/\S+/, 'PUSH');
    expect(csp(res.headers.get('content-security-policy')!)).toBe(csp(String(api.headers['content-security-policy'])));
    const upgrade = new WebSocket(`ws://127.0.0.1:${port}/`);
    const headers = await new Promise<Record<string, string | string[] | undefined>>((resolve) =>
      upgrade.once('upgrade', (r) => resolve(r.headers)),
    );
    expect(headers['x-content-type-options']).toBe('nosniff');
    upgrade.terminate();
  });

  it("lists no company's jobs without a session, and a member's own stores' jobs with one", async () => {
    await sut.app.inject({
      method: 'POST',
      url: '/api/tag/status/check',
      headers: nord,
      payload: { storeCode: nordStore, cmd: 'TAG_STATUS_CHECK', tagList: [] },
    });
    await sut.app.inject({
      method: 'POST',
      url: '/api/tag/status/check',
      headers: operator,
      payload: { storeCode: acmeStore, cmd: 'TAG_STATUS_CHECK', tagList: [] },
    });
    const anonymous = await sut.app.inject({ method: 'GET', url: '/api/collecting/store' });
    expect(anonymous.statusCode).toBe(200);
    expect(anonymous.json()).toEqual([]);
    const forged = await sut.app.inject({
      method: 'GET',
      url: '/api/collecting/store',
      headers: { ...operator, 'access-token': 'forged-token' },
    });
    expect(forged.json()).toEqual([]);
    const mine = (await sut.app.inject({ method: 'GET', url: '/api/collecting/store', headers: operator })).json() as {
      storeCode: string;
    }[];
    expect(mine.map((i) => i.storeCode)).toContain(acmeStore);
    expect(mine.map((i) => i.storeCode)).not.toContain(nordStore);
    const theirs = (await sut.app.inject({ method: 'GET', url: '/api/collecting/store', headers: nord })).json() as { storeCode: string }[];
    expect(theirs.map((i) => i.storeCode)).toEqual(expect.arrayContaining([nordStore]));
    expect(theirs.map((i) => i.storeCode)).not.toContain(acmeStore);
  });
});
