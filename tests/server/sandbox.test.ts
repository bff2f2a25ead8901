import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxPool } from '../../server/lib/sandbox/pool';
import { runScript, SCRIPT_LIMITS } from '../../server/lib/sandbox/run-script';
import { startWithLogins, type AuthHeaders, type TestServer } from './harness';

/**
 * The sandbox (server/lib/sandbox): a runaway script is stopped at its limits and reported, the server keeps
 * answering meanwhile, and nothing of the host is reachable from inside.
 */
let sut: TestServer;
let admin: AuthHeaders;

beforeAll(async () => {
  ({
    sut,
    as: { acme: admin },
  } = await startWithLogins(['acme']));
});
afterAll(async () => {
  await sut?.close();
});

const PRODUCT = { prCode: '4901234567894', prInfo: ['green tea'] };
const MB = 1024 * 1024;
const testRun = (code: string, input: unknown[] = [PRODUCT]) =>
  sut.app.inject({ method: 'POST', url: '/api/config/code/test', headers: admin, payload: { kind: 'tagDataDecorator', code, input } });

describe('limits', () => {
  it('stops an endless loop at the time limit, while other requests keep answering', async () => {
    const started = performance.now();
    const loop = testRun('function decorate(p) { while (true) {} }');
    // Made while the loop runs: answered long before the loop's one-second limit is reached.
    await new Promise((resolve) => setTimeout(resolve, 100));
    const otherStarted = performance.now();
    const other = await sut.app.inject({ method: 'GET', url: '/api/config/decorator/tag', headers: admin });
    const otherMs = performance.now() - otherStarted;
    const res = await loop;
    const loopMs = performance.now() - started;
    expect(other.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      ok: false,
      error: { code: 'SCRIPT_TIMEOUT', message: 'The script ran longer than its limit of 1000 ms and was stopped.' },
    });
    expect(loopMs).toBeGreaterThanOrEqual(SCRIPT_LIMITS.tagDataDecorator.timeMs);
    // Well under the pool's hard stop (limit + 2 s): the interrupt handler stopped it, not the kill.
    expect(loopMs).toBeLessThan(SCRIPT_LIMITS.tagDataDecorator.timeMs + 1_500);
    expect(otherMs).toBeLessThan(500);
    console.info(`endless loop stopped after ${Math.round(loopMs)} ms; a request made meanwhile answered in ${Math.round(otherMs)} ms`);
  });

  it('stops an endless allocation at the memory limit, and the next script runs normally', async () => {
    const started = performance.now();
    const answer = await sandboxPool.run({
      code: 'function grow() { const all = []; while (true) all.push({ n: all.length, list: [1, 2, 3] }); }',
      entry: 'grow',
      inputJson: '[]',
      limits: { timeMs: 20_000, memoryBytes: 16 * MB, stackBytes: 512 * 1024 },
    });
    const ms = performance.now() - started;
    expect(answer).toMatchObject({
      ok: false,
      error: { code: 'SCRIPT_MEMORY', message: 'The script used more than its memory limit of 16 MB and was stopped.' },
    });
    expect(ms).toBeLessThan(20_000);
    console.info(`endless allocation stopped after ${Math.round(ms)} ms`);
    const next = await runScript('tagDataDecorator', 'function decorate(p) { return p; }', [PRODUCT]);
    expect(next).toMatchObject({ ok: true, output: PRODUCT });
  });

  it('stops endless recursion at the stack limit', async () => {
    const res = await testRun('function decorate(p) { return decorate(p); }');
    expect(res.json()).toMatchObject({ ok: false, error: { code: 'SCRIPT_STACK' } });
  });
});

describe('no host access', () => {
  it.each([
    ['process', 'typeof process'],
    ['require', 'typeof require'],
    ['fetch', 'typeof fetch'],
    ['timers', 'typeof setTimeout'],
    ['the Function constructor', '(function () { return this.constructor.constructor("return typeof process")(); })()'],
    [
      'globalThis',
      '["process", "require", "module", "exports", "global", "Buffer", "std", "os", "fetch", "XMLHttpRequest", "WebSocket"].filter((k) => k in globalThis).join() || "undefined"',
    ],
  ])('%s is not there', async (_, expression) => {
    const res = await testRun(`function decorate(p) { return { prCode: String(${expression}), prInfo: [] }; }`);
    expect(res.json()).toMatchObject({ ok: true, output: { prCode: 'undefined' } });
  });

  it('refuses import and a dynamic import', async () => {
    const staticImport = await testRun('import fs from "fs";\nfunction decorate(p) { return p; }');
    expect(staticImport.json()).toMatchObject({ ok: false, error: { code: 'SCRIPT_SYNTAX', line: 1 } });
    const dynamic = await testRun('function decorate(p) { import("fs"); return p; }');
    const answer = dynamic.json();
    // A dynamic import has no loader to reach: either a refusal or a promise that never gives the host away.
    if (answer.ok) expect(answer.output).toEqual(PRODUCT);
    else expect(answer.error.message).toMatch(/import|module/i);
  });

  it('keeps nothing from one call to the next', async () => {
    await testRun('globalThis.leak = "secret"; function decorate(p) { return p; }');
    const res = await testRun('function decorate(p) { return { prCode: String(globalThis.leak), prInfo: [] }; }');
    expect(res.json().output.prCode).toBe('undefined');
  });
});
