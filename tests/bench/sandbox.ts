/**
 * The sandbox's figures (issue 15): the per-call overhead of a sandboxed script (a trivial decorator, one call at a
 * time, so the figure is the round trip to the worker plus a fresh QuickJS runtime), the same for a batch, and the
 * rows/s of a 100,000-row product file through a sandboxed parser. `npx tsx tests/bench/sandbox.ts` prints JSON.
 */
import { performance } from 'node:perf_hooks';
import { CODE_SCRIPT_CONTRACTS } from '../../contract/schemas/code-scripts';
import { sandboxPool } from '../../server/lib/sandbox/pool';
import { runScript, runScriptBatch } from '../../server/lib/sandbox/run-script';

const CALLS = 500;
const ROWS = 100_000;
const round = (n: number) => Math.round(n * 100) / 100;
const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];

export async function sandboxFigures() {
  const product = { prCode: '4901234567894', prInfo: ['green tea', '128'] };
  const identity = 'function decorate(p) { return p; }';
  await runScript('tagDataDecorator', identity, [product]); // start the worker
  const times: number[] = [];
  for (let i = 0; i < CALLS; i++) {
    const t = performance.now();
    await runScript('tagDataDecorator', identity, [product]);
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);

  let t = performance.now();
  await runScriptBatch(
    'tagDataDecorator',
    identity,
    Array.from({ length: 1000 }, () => [product]),
  );
  const batchPerProductMs = (performance.now() - t) / 1000;

  const lines = ['storeCode,prCode,name,price'];
  for (let i = 0; i < ROWS; i++) lines.push(`TKY001,${4900000000000 + i},Product number ${i},${100 + (i % 900)}`);
  const text = lines.join('\n');
  t = performance.now();
  const parsed = await runScript<unknown[]>('productFileParser', CODE_SCRIPT_CONTRACTS.productFileParser.template, [
    text,
    { companyCode: 'ACME', fileName: 'bench.csv', line: 1, aliasNames: ['NAME', 'PRICE'] },
  ]);
  const parseSeconds = (performance.now() - t) / 1000;
  if (!parsed.ok) throw new Error(parsed.error.message);
  return {
    sandboxCallMs: { p50: round(quantile(times, 0.5)), p95: round(quantile(times, 0.95)), calls: CALLS },
    sandboxBatchMsPerProduct: round(batchPerProductMs),
    sandboxParse100k: {
      rows: parsed.output.length,
      seconds: round(parseSeconds),
      rowsPerSecond: Math.round(ROWS / parseSeconds),
      scriptMs: Math.round(parsed.ms),
    },
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(JSON.stringify(await sandboxFigures(), null, 2));
  await sandboxPool.close();
}
