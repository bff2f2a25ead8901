import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { codeScripts } from '../../server/db/schema/index';
import { startWithLogins, type AuthHeaders, type TestServer } from './harness';

/** The code editors' calls (console-admin §7): scopes, who may save, the syntax check, and the test pane's run. */
let sut: TestServer;
let superAdmin: AuthHeaders;
let acmeAdmin: AuthHeaders;
let nordAdmin: AuthHeaders;
let operator: AuthHeaders;

beforeAll(async () => {
  ({
    sut,
    as: { admin: superAdmin, acme: acmeAdmin, nord: nordAdmin, operator },
  } = await startWithLogins(['admin', 'acme', 'nord', 'operator']));
});
afterAll(async () => {
  await sut?.close();
});

const call = (method: 'GET' | 'POST', url: string, headers: AuthHeaders, payload?: object) =>
  sut.app.inject({ method, url: `/api${url}`, headers, payload });
const UPPER = 'function decorate(product) {\n  return { ...product, prInfo: product.prInfo.map((s) => s.toUpperCase()) };\n}\n';

describe('system-wide scripts (third-party authentication, decorators)', () => {
  // spec: admin §7.22, admin §3.20 — third-party authentication and both decorators get/save ({code, useType})
  it.each([
    ['/config/third-party-auth', 'thirdPartyAuth', 2],
    ['/config/decorator/tag', 'tagDataDecorator', 1],
    ['/config/decorator/plus', 'plusDataDecorator', 1],
  ] as const)('%s: the super administrator saves, everyone with setting read gets it back', async (path, kind, useType) => {
    expect((await call('GET', path, acmeAdmin)).json()).toEqual({ code: '', useType: 0 });
    const code = kind === 'thirdPartyAuth' ? 'function authenticate(c) { return { ok: true }; }' : UPPER;
    const res = await call('POST', path, superAdmin, { code, useType });
    expect(res.statusCode, res.body).toBe(200);
    const rows = await sut.deps.db.select().from(codeScripts).where(eq(codeScripts.kind, kind));
    expect(rows).toMatchObject([{ code, useType, companyCode: null, storeCode: null }]);
    expect((await call('GET', path, acmeAdmin)).json()).toEqual({ code, useType });
  });

  it('is every company’s: a company admin may not change it', async () => {
    const res = await call('POST', '/config/decorator/tag', acmeAdmin, { code: UPPER, useType: 1 });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Only the super administrator may change what every company shares.');
  });

  it('refuses a member without the setting privilege', async () => {
    expect((await call('GET', '/config/decorator/tag', operator)).statusCode).toBe(403);
  });

  it('refuses a script that does not compile, naming line and column, and keeps the saved one', async () => {
    const res = await call('POST', '/config/decorator/tag', superAdmin, { code: 'function decorate(p) {\n  return p +;\n}', useType: 1 });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 'SCRIPT_SYNTAX', message: "SyntaxError: unexpected token in expression: ';' (line 2, column 13)" });
    expect((await call('GET', '/config/decorator/tag', superAdmin)).json().code).toBe(UPPER);
  });

  it.each([
    ['/config/third-party-auth', 3],
    ['/config/decorator/tag', 2],
    ['/config/decorator/plus', -1],
  ])('%s refuses useType %d', async (path, useType) => {
    const res = await call('POST', path, superAdmin, { code: '', useType });
    expect(res.statusCode).toBe(400);
  });
});

describe('paper parser (per store)', () => {
  const parser = 'function parse(text, context) { return [{ prInfo: [context.storeCode, text] }]; }';

  // spec: admin §7.22 — paper parser get/save by store ({code})
  it('keeps one per store, apart from other stores', async () => {
    expect((await call('POST', '/config/parser/paper/store/TKY001', acmeAdmin, { code: parser })).statusCode).toBe(200);
    expect((await call('GET', '/config/parser/paper/store/TKY001', operator)).statusCode).toBe(403);
    expect((await call('GET', '/config/parser/paper/store/TKY001', acmeAdmin)).json()).toEqual({ code: parser, useType: 0 });
    expect((await call('GET', '/config/parser/paper/store/TKY002', acmeAdmin)).json()).toEqual({ code: '', useType: 0 });
  });

  it('refuses another company’s store and an unknown one', async () => {
    expect((await call('POST', '/config/parser/paper/store/LON001', acmeAdmin, { code: parser })).statusCode).toBe(403);
    expect((await call('GET', '/config/parser/paper/store/NOPE99', acmeAdmin)).statusCode).toBe(400);
  });
});

describe('product file parser (per store or company)', () => {
  const parser = (tag: string) => `function parse(text) { return [{ prCode: "${tag}" }]; }`;

  // spec: admin §7.22 — product file parser get/save by store or company
  it('keeps the store’s and the company’s apart', async () => {
    expect((await call('POST', '/config/parser/product?companyCode=NORD', nordAdmin, { code: parser('company') })).statusCode).toBe(200);
    expect((await call('POST', '/config/parser/product?storeCode=LON001', nordAdmin, { code: parser('store') })).statusCode).toBe(200);
    expect((await call('GET', '/config/parser/product?companyCode=NORD', nordAdmin)).json().code).toBe(parser('company'));
    expect((await call('GET', '/config/parser/product?storeCode=LON001', nordAdmin)).json().code).toBe(parser('store'));
    const rows = await sut.deps.db
      .select()
      .from(codeScripts)
      .where(and(eq(codeScripts.kind, 'productFileParser'), eq(codeScripts.companyCode, 'NORD')));
    expect(rows).toHaveLength(1);
  });

  it('refuses another company, an unknown company, and naming both or neither', async () => {
    expect((await call('POST', '/config/parser/product?companyCode=NORD', acmeAdmin, { code: parser('x') })).statusCode).toBe(403);
    expect((await call('GET', '/config/parser/product?companyCode=NORD', acmeAdmin)).statusCode).toBe(403);
    expect((await call('GET', '/config/parser/product?companyCode=NOPE', superAdmin)).statusCode).toBe(400);
    expect((await call('GET', '/config/parser/product?companyCode=NORD&storeCode=LON001', superAdmin)).statusCode).toBe(400);
    expect((await call('GET', '/config/parser/product', superAdmin)).statusCode).toBe(400);
  });
});

describe('test run', () => {
  it('answers the output of the script as written, with its console lines', async () => {
    const res = await call('POST', '/config/code/test', acmeAdmin, {
      kind: 'tagDataDecorator',
      code: UPPER.replace('return', 'console.log("decorating", product.prCode);\n  return'),
      input: [{ prCode: '49', prInfo: ['green tea', '128'] }],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ ok: true, output: { prCode: '49', prInfo: ['GREEN TEA', '128'] }, logs: ['decorating 49'] });
  });

  it('answers the script’s error with its line, and an answer outside the contract as an error', async () => {
    const thrown = await call('POST', '/config/code/test', acmeAdmin, {
      kind: 'productFileParser',
      code: 'function parse(text) {\n  return text.nope.length;\n}',
      input: ['a,b', {}],
    });
    expect(thrown.json()).toMatchObject({ ok: false, error: { code: 'SCRIPT_ERROR', line: 2 } });
    expect(thrown.json().error.message).toMatch(/^TypeError: cannot read property 'length' of undefined \(line 2/);
    const wrong = await call('POST', '/config/code/test', acmeAdmin, {
      kind: 'productFileParser',
      code: 'function parse() { return [{ name: "no code" }]; }',
      input: ['', {}],
    });
    expect(wrong.json()).toMatchObject({ ok: false, error: { code: 'SCRIPT_OUTPUT' } });
    const missing = await call('POST', '/config/code/test', acmeAdmin, { kind: 'thirdPartyAuth', code: 'var x = 1;', input: [{}] });
    expect(missing.json()).toMatchObject({
      ok: false,
      error: { code: 'SCRIPT_NO_ENTRY', message: 'The script must define a function authenticate.' },
    });
  });

  it('refuses an unknown kind and a member without setting write', async () => {
    expect((await call('POST', '/config/code/test', acmeAdmin, { kind: 'shell', code: '', input: [] })).statusCode).toBe(400);
    expect((await call('POST', '/config/code/test', operator, { kind: 'tagDataDecorator', code: UPPER, input: [] })).statusCode).toBe(403);
  });
});
