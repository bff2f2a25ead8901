import { monitorEventLoopDelay } from 'node:perf_hooks';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { decodeTagType } from '../../contract/schemas/tag-type';
import { productLabel } from '../../server/lib/label-image';
import { QUEUE_PER_TENANT, sandboxPool } from '../../server/lib/sandbox/pool';
import { SCRIPT_LIMITS } from '../../server/lib/sandbox/run-script';
import { startWithLogins, type AuthHeaders, type TestServer } from './harness';

/**
 * The sandbox's budgets (issue 29, findings 3, 4 and 9): what a script answers is bounded before it reaches the
 * server's thread, one company cannot hold the sandbox for another, a full queue answers "busy" at once, and a
 * script's globals never change how the host reads its answer.
 */
let sut: TestServer;
let as: Record<'admin' | 'acme' | 'nord', AuthHeaders>;
const poolSize = sandboxPool.capacity;
const parserLimits = SCRIPT_LIMITS.productFileParser;

/** Waits until the pool holds this many jobs, running or waiting (the calls before reached it, or have ended). */
async function untilPool(jobs: number) {
  for (let i = 0; i < 500; i++) {
    const now = sandboxPool.stats();
    if (now.running + now.waiting === jobs) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`The sandbox pool never held ${jobs} jobs: ${JSON.stringify(sandboxPool.stats())}`);
}

/** Two idle workers with their engines started, so that start-up does not count in the timings. */
async function warmPool() {
  await untilPool(0);
  sandboxPool.resize(2);
  await Promise.all(
    ['ACME', 'NORD'].map((tenant) =>
      sandboxPool.run({ code: 'function f() {}', entry: 'f', inputJson: '[]', limits: SCRIPT_LIMITS.tagDataDecorator, tenant }),
    ),
  );
}

beforeAll(async () => {
  ({ sut, as } = await startWithLogins(['admin', 'acme', 'nord']));
});
afterAll(async () => {
  SCRIPT_LIMITS.productFileParser = parserLimits;
  sandboxPool.resize(poolSize);
  await sut?.close();
});

const PRODUCT = { prCode: '4901234567894', prInfo: ['green tea'] };
const PARSER_INPUT = ['storeCode,prCode,name\nTKY001,49,tea\n', { companyCode: 'ACME', fileName: 'p.csv', line: 1, aliasNames: ['NAME'] }];
const LOOP_PARSER = 'function parse() { while (true) {} }';
const TRIVIAL = 'function decorate(p) { return p; }';

const testRun = (who: AuthHeaders, kind: string, code: string, input: unknown[]) =>
  sut.app.inject({ method: 'POST', url: '/api/config/code/test', headers: who, payload: { kind, code, input } });

/** A request and how long it took to answer. */
const timed = async <T>(call: Promise<T>) => {
  const started = performance.now();
  const res = await call;
  return { res, ms: performance.now() - started };
};

/**
 * Pings a cheap call every 50 ms while `work` runs: the slowest ping, the longest the event loop was blocked (a
 * ping between two pings would have waited that long) and the main thread's heap growth, sampled with each ping
 * and when the work's answer is in hand.
 */
async function whilePinging<T>(work: Promise<T>) {
  const heapBefore = process.memoryUsage().heapUsed;
  const loopDelay = monitorEventLoopDelay({ resolution: 10 });
  loopDelay.enable();
  let slowestPingMs = 0;
  let heapGrowth = 0;
  const sampleHeap = () => (heapGrowth = Math.max(heapGrowth, process.memoryUsage().heapUsed - heapBefore));
  let done = false;
  const pinging = (async () => {
    while (!done) {
      const { res, ms } = await timed(sut.app.inject({ method: 'GET', url: '/api/config/decorator/tag', headers: as.acme }));
      expect(res.statusCode).toBe(200);
      slowestPingMs = Math.max(slowestPingMs, ms);
      sampleHeap();
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  })();
  const { res, ms } = await timed(work.finally(() => (done = true)));
  sampleHeap();
  await pinging;
  loopDelay.disable();
  return { res, ms, slowestPingMs, blockedMs: loopDelay.max / 1e6, heapGrowthMb: heapGrowth / 1024 / 1024 };
}

describe('what a script may answer', () => {
  it('refuses a million rows inside the sandbox, while the API keeps answering and the heap stays put', async () => {
    // One row object a million times: as large an answer once serialised (61 MB), but cheap to build, so that the
    // test spends its time on what the server does with the answer rather than in the script.
    const million =
      'function parse() { var row = { prCode: "P1", prInfo: ["Product number 1", "128"] }, rows = []; for (var i = 0; i < 1000000; i++) rows.push(row); return rows; }';
    const { res, ms, slowestPingMs, blockedMs, heapGrowthMb } = await whilePinging(
      testRun(as.acme, 'productFileParser', million, PARSER_INPUT),
    );
    console.info(
      `1,000,000 rows refused after ${Math.round(ms)} ms; slowest ping ${Math.round(slowestPingMs)} ms; event loop blocked ${Math.round(blockedMs)} ms at most; heap growth ${heapGrowthMb.toFixed(1)} MB`,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      ok: false,
      error: { code: 'SCRIPT_ANSWER_TOO_LARGE', message: 'The script answered 1,000,000 rows; at most 1,006 are allowed for this input.' },
    });
    expect(ms).toBeLessThan(30_000);
    expect(slowestPingMs).toBeLessThan(1_000);
    expect(blockedMs).toBeLessThan(1_000);
    // The answer and its million objects never reach this thread.
    expect(heapGrowthMb).toBeLessThan(64);
  }, 120_000);

  it('refuses an answer larger than the kind’s size budget', async () => {
    const huge =
      'function parse() { var big = "x".repeat(1048576), rows = []; for (var i = 0; i < 20; i++) rows.push({ prCode: "P" + i, note: big }); return rows; }';
    const res = await testRun(as.acme, 'productFileParser', huge, PARSER_INPUT);
    expect(res.json()).toMatchObject({
      ok: false,
      error: { code: 'SCRIPT_ANSWER_TOO_LARGE', message: "The script's answer is larger than its limit of 16 MB and was refused." },
    });
  }, 60_000);
});

describe('fair share', () => {
  // Two workers, as on the two-core store server: each company may use one of them.
  beforeEach(warmPool);

  it('two endless loops of one company do not make another company wait', async () => {
    SCRIPT_LIMITS.productFileParser = { ...parserLimits, timeMs: 1_500 };
    try {
      const loops = [1, 2].map(() => timed(testRun(as.acme, 'productFileParser', LOOP_PARSER, PARSER_INPUT)));
      await untilPool(2);
      const other = await timed(testRun(as.nord, 'tagDataDecorator', TRIVIAL, [PRODUCT]));
      console.info(`another company's decorator answered in ${Math.round(other.ms)} ms while two loops ran`);
      expect(other.res.json()).toMatchObject({ ok: true, output: PRODUCT });
      expect(other.ms).toBeLessThan(SCRIPT_LIMITS.tagDataDecorator.timeMs);

      const [first, second] = (await Promise.all(loops)).sort((a, b) => a.res.statusCode - b.res.statusCode);
      expect(first.res.json()).toMatchObject({ ok: false, error: { code: 'SCRIPT_TIMEOUT' } });
      // The second waited for its company's turn, and its time limit counted meanwhile: it ends at about the same
      // time, told "busy" (or, when the two calls reached the sandbox far apart, stopped in what was left).
      expect(second.ms).toBeLessThan(1_500 + 1_000);
      if (second.res.statusCode === 503) {
        expect(second.res.json()).toMatchObject({
          code: 'SANDBOX_BUSY',
          message: expect.stringMatching(/too busy to run the script within its time limit of 1500 ms/),
        });
        expect(Number(second.res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      } else {
        expect(second.res.json()).toMatchObject({ ok: false, error: { code: 'SCRIPT_TIMEOUT' } });
      }
    } finally {
      SCRIPT_LIMITS.productFileParser = parserLimits;
    }
  });

  it('counts the time a call waits against its limit', async () => {
    // One worker, held by a loop whose limit (2 s) outlasts the waiting decorator's (1 s).
    sandboxPool.resize(1);
    SCRIPT_LIMITS.productFileParser = { ...parserLimits, timeMs: 2_000 };
    try {
      const loop = testRun(as.acme, 'productFileParser', LOOP_PARSER, PARSER_INPUT);
      await untilPool(1);
      const waiting = await timed(testRun(as.nord, 'tagDataDecorator', TRIVIAL, [PRODUCT]));
      expect(waiting.res.statusCode, waiting.res.body).toBe(503);
      expect(waiting.res.json()).toMatchObject({ code: 'SANDBOX_BUSY' });
      expect(waiting.ms).toBeLessThan(SCRIPT_LIMITS.tagDataDecorator.timeMs + 500);
      expect((await loop).json()).toMatchObject({ ok: false, error: { code: 'SCRIPT_TIMEOUT' } });
    } finally {
      SCRIPT_LIMITS.productFileParser = parserLimits;
      sandboxPool.resize(2);
    }
  });

  it('answers busy at once when a company’s queue is full', async () => {
    const loop = 'function decorate() { while (true) {} }';
    // One runs, QUEUE_PER_TENANT wait, the rest are refused.
    const calls = Array.from({ length: 1 + QUEUE_PER_TENANT + 3 }, () => timed(testRun(as.acme, 'tagDataDecorator', loop, [PRODUCT])));
    const answers = await Promise.all(calls);
    const refused = answers.filter((a) => /^Too many scripts are waiting to run/.test(a.res.json().message ?? ''));
    expect(refused).toHaveLength(3);
    for (const { res, ms } of refused) {
      expect(res.statusCode).toBe(503);
      expect(res.json().code).toBe('SANDBOX_BUSY');
      expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      // Refused before the running loop's limit, not after waiting for it.
      expect(ms).toBeLessThan(SCRIPT_LIMITS.tagDataDecorator.timeMs);
    }
    // Every call answered within about its limit: none waited for the others' loops in turn.
    expect(Math.max(...answers.map((a) => a.ms))).toBeLessThan(SCRIPT_LIMITS.tagDataDecorator.timeMs + 2_000);
  });
});

describe("a script's globals", () => {
  // Replacing JSON.stringify (or the array functions the old harness used) changes the script's own behaviour only.
  const SABOTAGE =
    'JSON.stringify = function () { return "{"; }; Array.prototype.map = function () { return 5; }; Array.prototype.join = function () { return "]"; };\n';
  const UPPER =
    SABOTAGE +
    'function decorate(p) { var out = []; for (var i = 0; i < p.prInfo.length; i++) out.push(p.prInfo[i].toUpperCase()); return { prCode: p.prCode, prInfo: out }; }';

  it('do not change how the test call reads the answer', async () => {
    const res = await testRun(as.acme, 'tagDataDecorator', UPPER, [PRODUCT]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ ok: true, output: { prCode: PRODUCT.prCode, prInfo: ['GREEN TEA'] } });
    const parser = await testRun(as.acme, 'productFileParser', SABOTAGE + 'function parse() { return [{ prCode: "49" }]; }', PARSER_INPUT);
    expect(parser.json()).toMatchObject({ ok: true, output: [{ prCode: '49' }] });
  });

  it('a saved decorator that replaces them still decorates the label; one whose answer cannot be read leaves it as it is', async () => {
    const save = async (code: string) => {
      const res = await sut.app.inject({
        method: 'POST',
        url: '/api/config/decorator/tag',
        headers: as.admin,
        payload: { code, useType: 1 },
      });
      expect(res.statusCode, res.body).toBe(200);
    };
    const preview = async () => {
      const res = await sut.app.inject({
        method: 'POST',
        url: '/api/product/preview',
        headers: as.admin,
        payload: { layoutId: 'XX_STD', prCode: '49', prInfo: ['green tea'], companyCode: 'ACME' },
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().encodedImage as string;
    };
    const draw = (prInfo: string[]) =>
      productLabel({ width: 296, height: 128 }, { prCode: '49', prInfo }, decodeTagType('XX').color).toString('base64');
    try {
      await save(UPPER);
      expect(await preview()).toBe(draw(['GREEN TEA']));
      // An answer JSON cannot hold (a BigInt): the script's error, so the label is drawn undecorated.
      await save(SABOTAGE + 'function decorate(p) { return { prCode: p.prCode, prInfo: ["X"], n: 10n }; }');
      expect(await preview()).toBe(draw(['green tea']));
    } finally {
      await save('');
    }
  });
});
