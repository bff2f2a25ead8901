import { describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { securityHeaders } from '../../server/plugins/security-headers';

/*
 * The security headers are written out once (issue 32 §4: @fastify/helmet built helmet's middleware on every
 * request) and must stay the set helmet 8 sent with this server's options: every one of them, with its value, on
 * an answer, a 404 and an error alike, and X-Powered-By removed.
 */
const HELMET_SET = {
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'SAMEORIGIN',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
};
/** Helmet's default policy, without upgrade-insecure-requests, with the console's own directives. */
const csp = (img: string, connect: string) =>
  "default-src 'self';base-uri 'self';font-src 'self' https: data:;form-action 'self';frame-ancestors 'self';" +
  `img-src ${img};object-src 'none';script-src 'self';script-src-attr 'none';style-src 'self' 'unsafe-inline';` +
  `connect-src ${connect};media-src 'self' blob:;worker-src 'self'`;

async function answers(config: { tileUrl: string; pushUrl?: string; pushPort: number; geocoderUrl?: string }, host: string) {
  const app = Fastify();
  await securityHeaders(app, config);
  app.get('/x', async () => 'ok');
  app.get('/boom', async () => {
    throw new Error('boom');
  });
  const result = await Promise.all(['/x', '/missing', '/boom'].map((url) => app.inject({ method: 'GET', url, headers: { host } })));
  await app.close();
  return result;
}

describe('security headers', () => {
  it("sends helmet's whole set, with the policy of the runtime config, on every answer", async () => {
    const config = {
      tileUrl: 'https://{s}.tiles.example.test/{z}/{x}/{y}.png',
      geocoderUrl: 'https://geo.example.test/search',
      pushPort: 8801,
    };
    const res = await answers(config, 'esl.example.test:8080');
    expect(res.map((r) => r.statusCode)).toEqual([200, 404, 500]);
    for (const r of res) {
      const { date: _date, 'content-type': _type, 'content-length': _length, connection: _connection, ...security } = r.headers;
      expect(security).toEqual({
        ...HELMET_SET,
        'content-security-policy': csp(
          "'self' data: blob: https://*.tiles.example.test",
          "'self' https://geo.example.test ws://esl.example.test:8801 wss://esl.example.test:8801",
        ),
      });
    }
  });

  it('names the push socket of PUSH_URL whatever the host asked', async () => {
    const [res] = await answers({ tileUrl: '/t.png', pushUrl: 'wss://push.example.test/push', pushPort: 8801 }, 'other.example.test');
    expect(res.headers['content-security-policy']).toBe(csp("'self' data: blob:", "'self' wss://push.example.test"));
    expect(res.headers['x-powered-by']).toBeUndefined();
  });
});
