import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { answerEncoding } from '../../server/plugins/compress-answers';
import { startWithLogins, type AuthHeaders, type TestServer } from './harness';

/** The API's JSON answers travel compressed when the client accepts it (issue 10), and are the same answer. */
let sut: TestServer;
let as: Record<'admin', AuthHeaders>;

beforeAll(async () => {
  ({ sut, as } = await startWithLogins(['admin']));
});
afterAll(async () => sut?.close());

const dashboard = (acceptEncoding?: string) =>
  sut.app.inject({
    method: 'GET',
    url: '/api/stats/dashboard?t=1700000000',
    headers: { ...as.admin, ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}) },
  });

describe('compressed answers', () => {
  it('sends brotli, else gzip, else plain JSON, each the same answer', async () => {
    const plain = await dashboard();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toContain('Accept-Encoding');
    const answer = plain.json();
    expect(plain.rawPayload.length, 'the dashboard answer is worth compressing').toBeGreaterThan(4096);

    const br = await dashboard('gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString('utf8'))).toEqual(answer);

    const gz = await dashboard('gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString('utf8'))).toEqual(answer);
  });

  it('leaves small answers and refused encodings alone', async () => {
    const small = await sut.app.inject({ method: 'GET', url: '/api/version', headers: { ...as.admin, 'accept-encoding': 'br' } });
    expect(small.statusCode).toBe(200);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(answerEncoding('br;q=0, gzip')).toBe('gzip');
    expect(answerEncoding('identity')).toBeUndefined();
    expect(answerEncoding(undefined)).toBeUndefined();
  });
});
