import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createClient } from '../../src/platform/contract-client';
import { endpoints } from '../../contract/endpoints';
import { getSession } from '../../src/platform/session';
import { failureText } from '../../src/features/tags/use-tag-actions';

/*
 * console-core §6 and §8, as the browser side builds them: which calls carry the session headers, what a stored
 * session needs to count, and how a refused tag write reads.
 */

describe('session headers on the calls', () => {
  const sent: { url: string; headers: Record<string, string> }[] = [];
  const client = createClient({
    baseUrl: 'http://test/api',
    credentials: () => ({ accessToken: 'token-1', email: 'pat@shelfpad.test' }),
    fetch: async (url, init) => {
      sent.push({ url: String(url), headers: (init?.headers ?? {}) as Record<string, string> });
      return new Response(JSON.stringify({}), { status: 200, headers: { 'Content-Type': 'application/json' } });
    },
  });
  beforeEach(() => {
    sent.length = 0;
  });

  // spec: core §6.4 — authenticated calls carry Access-Token and Access-Email; login, signup and forget password do not
  // spec: admin §7.0a — every call carries the Access-Token and Access-Email headers
  // spec: plus §6.5, plus §7.0a — every call carries the access token and the e-mail as two headers
  it('sends the token and e-mail as two headers on an authenticated call, and neither on login, signup or forget password', async () => {
    await client.call(endpoints.statusServerList, {});
    expect(sent[0].headers).toMatchObject({ 'Access-Token': 'token-1', 'Access-Email': 'pat@shelfpad.test' });

    sent.length = 0;
    await client.call(endpoints.authLogin, { body: { email: 'pat@shelfpad.test', password: 'x' } });
    await client.call(endpoints.authSignup, { body: { name: 'Pat', email: 'pat@shelfpad.test', mobile: '1', password: 'x' } });
    await client.call(endpoints.authForgetPassword, { body: { email: 'pat@shelfpad.test' } });
    expect(sent).toHaveLength(3);
    for (const call of sent) {
      expect(call.headers, call.url).not.toHaveProperty('Access-Token');
      expect(call.headers, call.url).not.toHaveProperty('Access-Email');
    }
  });
});

describe('the API base', () => {
  // spec: core §7.0a — all calls go to the API base, a setting read at run time
  it('sends every call to the base the runtime setting names at the time of the call', async () => {
    const urls: string[] = [];
    let base = 'https://one.example/api';
    const client = createClient({
      baseUrl: () => base,
      fetch: async (url) => {
        urls.push(String(url));
        return new Response('{}', { status: 200, headers: { 'Content-Type': 'application/json' } });
      },
    });
    await client.call(endpoints.statusServerList, {});
    base = 'https://two.example/console/api/';
    await client.call(endpoints.authLogin, { body: { email: 'pat@shelfpad.test', password: 'x' } });
    expect(urls).toEqual(['https://one.example/api/status/server', 'https://two.example/console/api/auth/login']);
  });
});

describe('the stored session', () => {
  const store = new Map<string, string>();
  beforeEach(() => {
    globalThis.sessionStorage = {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => void store.set(k, v),
      removeItem: (k: string) => void store.delete(k),
    } as Storage;
  });
  afterEach(() => store.clear());

  const KEY = 'shelfpad.session';
  const systemConfig = { site: '', useSubDomain: false, imageBaseUpdate: false, enableProductUpdateHistory: false };

  // spec: core §6.4 — a missing systemConfig clears the session
  it('counts a stored session with its systemConfig, and clears one without', () => {
    store.set(KEY, JSON.stringify({ accessToken: 'token-2', email: 'kim@shelfpad.test', systemConfig }));
    expect(getSession()).toMatchObject({ accessToken: 'token-2', email: 'kim@shelfpad.test' });

    store.set(KEY, JSON.stringify({ accessToken: 'token-3', email: 'kim@shelfpad.test' }));
    expect(getSession()).toBeUndefined();
    expect(store.has(KEY)).toBe(false);
  });
});

describe('a refused tag write', () => {
  const failureOf = async (res: Response) => {
    const client = createClient({
      baseUrl: 'http://test/api',
      credentials: () => ({ accessToken: 't', email: 'a@b.test' }),
      fetch: async () => res,
    });
    try {
      await client.call(endpoints.tagDeassign, { body: { storeCode: 'TKY001', tagList: [{ tagMac: 'C4FFFF000001' }] } } as never);
    } catch (error) {
      return failureText(error);
    }
    throw new Error('the call did not fail');
  };

  // spec: core §8.13 — a rejection shows the server message and its code in parentheses
  it('reads "message (code)" when the server refused with a message and a code', async () => {
    const text = await failureOf(
      new Response(JSON.stringify({ code: 'NOT_FOUND', message: 'Tag C4FFFF000001 does not exist.' }), {
        status: 404,
        statusText: 'Not Found',
      }),
    );
    expect(text).toBe('Tag C4FFFF000001 does not exist. (NOT_FOUND)');
  });

  // spec: core §8.13, core §8.22 — non-200 without a message: status text and code in parentheses
  it('reads "statusText (status)" when the answer carries no message', async () => {
    expect(await failureOf(new Response('<html>bad gateway</html>', { status: 502, statusText: 'Bad Gateway' }))).toBe('Bad Gateway (502)');
    expect(await failureOf(new Response(JSON.stringify({ code: '' }), { status: 500, statusText: 'Internal Server Error' }))).toBe(
      'Internal Server Error (500)',
    );
  });
});
