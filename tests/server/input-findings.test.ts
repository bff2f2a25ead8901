import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { multipartBody, startWithLogins, type AuthHeaders, type TestServer } from './harness';
import { securityHeaders, HSTS_VALUE } from '../../server/plugins/security-headers';

/*
 * The input findings of the outside audit (issue 11 §5, §9), each a request that answered 500 or said too much
 * before: NUL characters, broken multipart bodies on the CSV assign, a numeric date filter, schema details before
 * authentication, HSTS on plain http and a CSP open to any host. endpoint-matrix and bad-input generalise these
 * over every call; this file keeps the audit's exact requests.
 */
let sut: TestServer;
let admin: AuthHeaders;
const STORE = 'TKY001';

beforeAll(async () => {
  ({
    sut,
    as: { admin },
  } = await startWithLogins(['admin']));
}, 300_000);
afterAll(async () => sut?.close());

const expectNul = (res: { statusCode: number; json: () => { code: string; message: string } }, where: string) => {
  expect(res.statusCode, where).toBe(400);
  expect(res.json().code).toBe('NUL_CHARACTER');
  expect(res.json().message).toContain(where);
};

describe('NUL characters are a 400 naming where, for every call', () => {
  it('refuses them in a login e-mail, a signup name, an account name, a product code, a path and a query', async () => {
    expectNul(
      await sut.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'admin@shelfpad.test\u0000', password: 'x' } }),
      'body.email',
    );
    const signup = { name: 'Eve\u0000', email: 'eve@shelfpad.test', mobile: '1', password: 'Shelfpad#2026-long' };
    expectNul(await sut.app.inject({ method: 'POST', url: '/api/auth/signup', payload: signup }), 'body.name');
    expectNul(
      await sut.app.inject({ method: 'PUT', url: '/api/account/me', headers: admin, payload: { name: 'Ad\u0000min' } }),
      'body.name',
    );
    const assign = { taskId: -1, priorTaskId: -1, storeCode: STORE, tagList: [{ tagMac: 'C4000000AA01', prCode: 'P\u00001', degree: 0 }] };
    expectNul(await sut.app.inject({ method: 'POST', url: '/api/tag/assign', headers: admin, payload: assign }), 'body.tagList[0].prCode');
    expectNul(await sut.app.inject({ method: 'GET', url: `/api/product/store/${STORE}/code/A%00B`, headers: admin }), 'params.prCode');
    expectNul(
      await sut.app.inject({ method: 'GET', url: `/api/plus/store/${STORE}/search?keyword=a%00b`, headers: admin }),
      'query.keyword',
    );
    const form = multipartBody({ storeCode: STORE, defaultPrCode: 'P\u00001' }, { name: 'a.csv', content: 'C4000000AA01\n' });
    expectNul(
      await sut.app.inject({ method: 'POST', url: '/api/tag/assign/file', headers: { ...admin, ...form.headers }, payload: form.payload }),
      'form.defaultPrCode',
    );
  });
});

describe('a broken multipart body on the CSV assign is a 400', () => {
  const form = multipartBody({ storeCode: STORE, defaultPrCode: '1' }, { name: 'a.csv', content: 'C4000000AA01\n' });
  const send = (contentType: string, payload: Buffer) =>
    sut.app.inject({ method: 'POST', url: '/api/tag/assign/file', headers: { ...admin, 'content-type': contentType }, payload });

  it('without a boundary, with a wrong boundary, cut short', async () => {
    for (const [what, res] of [
      ['no boundary', await send('multipart/form-data', form.payload)],
      ['wrong boundary', await send('multipart/form-data; boundary=not-the-boundary', form.payload)],
      ['truncated', await send(form.headers['content-type'], form.payload.subarray(0, form.payload.length - 30))],
    ] as const) {
      expect(res.statusCode, `${what}: ${res.body}`).toBe(400);
      expect(res.json().message, what).toMatch(/multipart|form has no file|storeCode/i);
    }
  });
});

describe('a date column filtered with a number', () => {
  it('filters the login history by epoch seconds (filter_updatedAt is declared a number, the column a timestamp)', async () => {
    const page = (extra: Record<string, unknown>) =>
      sut.app.inject({ method: 'POST', url: '/api/account/login/history', headers: admin, payload: { start: 0, length: 50, ...extra } });
    const hourAgo = Math.floor(Date.now() / 1000) - 3600;
    const recent = await page({ filter_updatedAt: hourAgo, condition_updatedAt: '>=' });
    expect(recent.statusCode, recent.body).toBe(200);
    expect(recent.json().recordsFiltered).toBeGreaterThanOrEqual(1);
    const ancient = await page({ filter_updatedAt: 1000, condition_updatedAt: '<=' });
    expect(ancient.statusCode).toBe(200);
    expect(ancient.json().recordsFiltered).toBe(0);
    expect((await page({ filter_updatedAt: hourAgo })).statusCode).toBe(200);
    expect((await page({ filter_updatedAt: [hourAgo, '12'] })).statusCode).toBe(200);
    // Past the calendar, or not a number: the client's mistake.
    expect((await page({ filter_updatedAt: 1e300 })).statusCode).toBe(400);
    expect((await page({ filter_updatedAt: ['soon'] })).statusCode).toBe(400);
  });
});

describe('authentication before validation', () => {
  it('answers bad input without a token with 401 and no schema details', async () => {
    for (const [method, url, payload] of [
      ['POST', '/api/tag/assign', { nonsense: true }],
      ['POST', '/api/tag/assign', 'not json at all'],
      ['GET', `/api/status/store/${STORE}?t=not-a-number&extra=1`, undefined],
      ['POST', '/api/account/login/history', { start: -1 }],
    ] as const) {
      const res = await sut.app.inject({
        method,
        url,
        payload: payload as object,
        headers: typeof payload === 'string' ? { 'content-type': 'application/json' } : {},
      });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expect(res.body).not.toMatch(/must|schema|property/i);
    }
  });
});

describe('security headers', () => {
  async function headersFor(
    config: { tileUrl: string; pushUrl?: string; pushPort: number },
    request: { headers?: Record<string, string> } = {},
  ) {
    const app = Fastify({ trustProxy: true });
    await securityHeaders(app, config);
    app.get('/x', async () => 'ok');
    const res = await app.inject({ method: 'GET', url: '/x', headers: { host: 'esl.example.test:8080', ...request.headers } });
    await app.close();
    return res.headers;
  }

  it('sends HSTS only for requests that came over https', async () => {
    const config = { tileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png', pushPort: 8801 };
    expect((await headersFor(config))['strict-transport-security']).toBeUndefined();
    expect((await headersFor(config, { headers: { 'x-forwarded-proto': 'https' } }))['strict-transport-security']).toBe(HSTS_VALUE);
    const api = await sut.app.inject({ method: 'GET', url: '/api/version' });
    expect(api.headers['strict-transport-security']).toBeUndefined();
  });

  it('does not ask the browser to upgrade to https, so a console on plain http at a LAN address loads its assets', async () => {
    const csp = String((await headersFor({ tileUrl: '/t.png', pushPort: 8801 }))['content-security-policy']);
    expect(csp).not.toContain('upgrade-insecure-requests');
    // The rest of helmet's policy stays: no plugins, no framing, no foreign form targets or base URLs.
    for (const kept of [
      "default-src 'self'",
      "object-src 'none'",
      "frame-ancestors 'self'",
      "form-action 'self'",
      "base-uri 'self'",
      "script-src 'self'",
    ]) {
      expect(csp).toContain(kept);
    }
  });

  it('narrows img-src and connect-src to the tile host and the push socket the runtime config names', async () => {
    const csp = String(
      (await headersFor({ tileUrl: 'https://{s}.tiles.example.test/{z}/{x}/{y}.png', pushPort: 8801 }))['content-security-policy'],
    );
    const directive = (name: string) =>
      csp
        .split(';')
        .map((d) => d.trim())
        .find((d) => d.startsWith(`${name} `))!
        .split(' ')
        .slice(1);
    expect(directive('img-src')).toEqual(["'self'", 'data:', 'blob:', 'https://*.tiles.example.test']);
    expect(directive('connect-src')).toEqual(["'self'", 'ws://esl.example.test:8801', 'wss://esl.example.test:8801']);
    const behindProxy = String(
      (await headersFor({ tileUrl: '/tiles/{z}/{x}/{y}.png', pushUrl: 'wss://esl.example.test/push', pushPort: 8801 }))[
        'content-security-policy'
      ],
    );
    expect(behindProxy).toContain("img-src 'self' data: blob:;");
    expect(behindProxy).toContain("connect-src 'self' wss://esl.example.test;");
    // A Host header that is not a host name cannot write into the policy.
    const forged = String(
      (await headersFor({ tileUrl: '/t.png', pushPort: 8801 }, { headers: { host: "evil; script-src 'unsafe-inline'" } }))[
        'content-security-policy'
      ],
    );
    expect(forged).not.toContain('evil');
    expect(forged).toContain("connect-src 'self' ws://*:8801 wss://*:8801");
  });
});
