import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import WebSocket from 'ws';
import { startPushServer } from '../../server/push/socket';
import { PUSH_COLLECTING, PUSH_TAG_STATUS } from '../../server/push/hub';
import { login, startTestServer, type AuthHeaders, type TestServer } from './harness';

let sut: TestServer;
let push: FastifyInstance;
let url: string;
let operator: AuthHeaders;

beforeAll(async () => {
  sut = await startTestServer();
  push = await startPushServer(sut.deps, 0, '127.0.0.1');
  url = `ws://127.0.0.1:${(push.server.address() as AddressInfo).port}/`;
  operator = await login(sut.app, 'operator@shelfpad.test', 'Shelfpad#2026');
});
afterAll(async () => {
  await push?.close();
  await sut?.close();
});

/** Open a socket and collect every message after the greeting. */
async function open(query = ''): Promise<{ socket: WebSocket; messages: { type: number; data: unknown }[]; greeting: unknown }> {
  const socket = new WebSocket(url + query);
  const messages: { type: number; data: unknown }[] = [];
  const greeting = await new Promise((resolve, reject) => {
    socket.once('error', reject);
    socket.once('message', (raw) => {
      socket.on('message', (next) => messages.push(JSON.parse(String(next))));
      resolve(JSON.parse(String(raw)));
    });
  });
  return { socket, messages, greeting };
}

const until = async (check: () => boolean, ms = 5000) => {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out waiting for a push message');
    await new Promise((r) => setTimeout(r, 20));
  }
};

describe('live push websocket', () => {
  it('sends the collecting-store list (type 1) when a tag status check starts', async () => {
    const { socket, messages, greeting } = await open();
    expect(greeting).toEqual({ type: 0, data: { authenticated: false } });
    const store = (await sut.app.inject({ method: 'GET', url: '/api/auth/login', headers: operator })).json().store[0] as string;
    const res = await sut.app.inject({
      method: 'POST',
      url: '/api/tag/status/check',
      headers: operator,
      payload: { storeCode: store, cmd: 'TAG_STATUS_CHECK', tagList: [] },
    });
    expect(res.statusCode).toBe(200);
    await until(() => messages.some((m) => m.type === PUSH_COLLECTING));
    const list = messages.find((m) => m.type === PUSH_COLLECTING)!.data as { storeCode: string; detail: { cmd: string } }[];
    expect(list).toContainEqual(expect.objectContaining({ storeCode: store, detail: expect.objectContaining({ cmd: 'TAG_STATUS_CHECK' }) }));
    socket.close();
  });

  it('sends store-scoped tag status changes only to members who may see the store', async () => {
    const anonymous = await open();
    const signedIn = await open(`?token=${encodeURIComponent(operator['access-token'])}&email=${encodeURIComponent(operator['access-email'])}`);
    expect(signedIn.greeting).toEqual({ type: 0, data: { authenticated: true } });
    const store = (await sut.app.inject({ method: 'GET', url: '/api/auth/login', headers: operator })).json().store[0] as string;
    sut.deps.push.publish({ type: PUSH_TAG_STATUS, storeCode: store, data: [{ storeCode: store, tagMac: 'AABBCCDDEEFF', status: 'OK' }] });
    sut.deps.push.publish({ type: PUSH_TAG_STATUS, storeCode: 'NOT_A_STORE_OF_OPERATOR', data: [] });
    await until(() => signedIn.messages.length > 0);
    await new Promise((r) => setTimeout(r, 100));
    expect(signedIn.messages).toEqual([{ type: PUSH_TAG_STATUS, data: [{ storeCode: store, tagMac: 'AABBCCDDEEFF', status: 'OK' }] }]);
    expect(anonymous.messages).toEqual([]);
    anonymous.socket.close();
    signedIn.socket.close();
  });
});
