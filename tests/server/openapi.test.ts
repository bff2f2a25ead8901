import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brotliDecompressSync } from 'node:zlib';
import SwaggerParser from '@apidevtools/swagger-parser';
import { endpoints } from '../../contract/endpoints/index';
import { openApiPath } from '../../server/openapi/operation';
import { startTestServer, type TestServer } from './harness';

/*
 * The OpenAPI document (issue 19 item 6) is the contract: a valid OpenAPI 3.1 document holding every call of
 * contract/endpoints with its method, path and rules; and /api/docs is a reference page whose assets all come from
 * this server (no CDN: it must work offline).
 */

type Operation = {
  operationId: string;
  security: unknown[];
  parameters?: { $ref?: string; name?: string; in?: string }[];
  requestBody?: { content: Record<string, unknown> };
};
type Doc = { openapi: string; info: { description: string }; paths: Record<string, Record<string, Operation>> };

let sut: TestServer;
let doc: Doc;

beforeAll(async () => {
  sut = await startTestServer({ seed: 'none' });
  const res = await sut.app.inject({ method: 'GET', url: '/api/openapi.json' });
  expect(res.statusCode).toBe(200);
  doc = res.json() as Doc;
}, 120_000);
afterAll(async () => sut?.close());

describe('GET /api/openapi.json', () => {
  it('travels compressed to a client that accepts it, as the same document, also as the reference page reads it', async () => {
    for (const url of ['/api/openapi.json', '/api/docs/json']) {
      const res = await sut.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, br' } });
      expect(res.headers['content-encoding'], url).toBe('br');
      expect(res.rawPayload.length, url).toBeLessThan(JSON.stringify(doc).length / 5);
      expect(JSON.parse(brotliDecompressSync(res.rawPayload).toString('utf8')).paths, url).toEqual(doc.paths);
    }
  });

  it('is a valid OpenAPI 3.1 document', async () => {
    expect(doc.openapi).toBe('3.1.0');
    // The parser dereferences in place: validate a copy.
    await expect(SwaggerParser.validate(structuredClone(doc) as never)).resolves.toBeTruthy();
  });

  it('holds every call of contract/endpoints with its method and path, and nothing else', () => {
    const missing: string[] = [];
    for (const [name, def] of Object.entries(endpoints)) {
      const path = openApiPath(def.path);
      const op = doc.paths[path]?.[def.method.toLowerCase()];
      // The validator does not check that each {segment} has its path parameter: checked here.
      const segments = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
      const pathParams = (op?.parameters ?? [])
        .filter((p) => p.in === 'path')
        .map((p) => p.name)
        .sort();
      if (op?.operationId !== name || JSON.stringify(segments) !== JSON.stringify(pathParams))
        missing.push(`${name}: ${def.method} ${def.path}`);
    }
    expect(missing).toEqual([]);
    const operations = Object.values(doc.paths).flatMap((item) => Object.keys(item));
    expect(operations).toHaveLength(Object.keys(endpoints).length);
  });

  it('carries the access rule, the Idempotency-Key and the upload format of each call', () => {
    const op = (name: keyof typeof endpoints) => doc.paths[openApiPath(endpoints[name].path)][endpoints[name].method.toLowerCase()];
    expect(op('authLogin').security).toEqual([]);
    expect(op('tagAssign').security).toEqual([{ accessToken: [], accessEmail: [] }]);
    const idempotent = Object.entries(endpoints).filter(([, d]) => 'idempotent' in d && d.idempotent);
    expect(idempotent.length).toBeGreaterThan(0);
    for (const [name] of idempotent) {
      expect(op(name as keyof typeof endpoints).parameters, name).toContainEqual({ $ref: '#/components/parameters/IdempotencyKey' });
    }
    expect(Object.keys(op('tagAssignFile').requestBody!.content)).toEqual(['multipart/form-data']);
    expect(
      op('tagImage')
        .parameters?.filter((p) => p.in === 'path')
        .map((p) => p.name)
        .sort(),
    ).toEqual(['mac', 'storeCode']);
  });

  it('explains the auth headers, the table protocol and the Idempotency-Key once, in the description', () => {
    const text = doc.info.description;
    for (const fact of [
      'Access-Token',
      'Access-Email',
      'filter_<field>',
      'condition_<field>',
      'recordsFiltered',
      'Idempotency-Key',
      'Idempotent-Replayed',
    ]) {
      expect(text).toContain(fact);
    }
  });
});

describe('GET /api/docs', () => {
  it('answers a reference page whose scripts and styles all load from this server', async () => {
    const page = await sut.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    // The helmet CSP applies and allows scripts from this origin only; the page has no inline script it would block.
    expect(String(page.headers['content-security-policy'])).toMatch(/script-src 'self'(;|$)/);
    expect(page.body).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    const assets = [...page.body.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]);
    expect(assets.filter((a) => /\.js$/.test(a))).toHaveLength(3);
    for (const asset of assets) {
      expect(asset, 'no other origin').not.toMatch(/^(https?:)?\/\//);
      const res = await sut.app.inject({ method: 'GET', url: new URL(asset, 'http://x/api/docs/').pathname });
      expect(res.statusCode, asset).toBe(200);
      expect(res.body.length, asset).toBeGreaterThan(0);
    }
    // The page reads the document from beside itself.
    const json = await sut.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(json.json()).toEqual(doc);
  });
});
