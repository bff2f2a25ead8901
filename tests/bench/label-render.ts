/**
 * Label render time (issue 30): one 400×300 label (the 4.2" tag) per call, warm, as the tag preview and the
 * update pipeline's change check draw it: name fitted, price in the company's money, barcode, palette, PNG.
 * Goal: p50 ≤ 10 ms, p95 ≤ 25 ms. `npx tsx tests/bench/label-render.ts` prints the figure as JSON; run.ts may
 * call labelRenderFigure.
 */
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { productLabel, type LabelColours, type LabelStyle } from '../../server/lib/label-image';
import { moneyOfAddress } from '../../server/lib/label/money';

const SIZE = { width: 400, height: 300 };
const WARM_UP = 30;
const SAMPLES = 200;

/** Japanese, Korean and Italian products in turn, each style and colour type: what a mixed store draws. */
const CASES: { prCode: string; prInfo: string[]; money: ReturnType<typeof moneyOfAddress>; style: LabelStyle; colours: LabelColours }[] = [
  {
    prCode: '4901230000012',
    prInfo: ['北海道産 味噌ラーメン 五食入り', '1228', '日本', 'pack', '998'],
    money: moneyOfAddress('Tokyo, Japan'),
    style: 'promotion',
    colours: 'bwr',
  },
  {
    prCode: '8801230000011',
    prInfo: ['제주 감귤 한 상자', '12800', '대한민국', 'kg', ''],
    money: moneyOfAddress('Seoul, South Korea'),
    style: 'fresh',
    colours: 'bwy',
  },
  {
    prCode: '8007890000013',
    prInfo: ['Pomodori San Marzano DOP pelati', '3.49', 'Italia', 'kg', ''],
    money: moneyOfAddress('Bologna, Italy'),
    style: 'standard',
    colours: 'bw',
  },
];

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];

export function labelRenderFigure(samples = SAMPLES) {
  // Each sample changes the price, as an update does, so no render is a repeat of the one before.
  const draw = (i: number) => {
    const c = CASES[i % CASES.length];
    const prInfo = [c.prInfo[0], String(Number(c.prInfo[1]) + (i % 7)), ...c.prInfo.slice(2)];
    return productLabel(SIZE, { prCode: c.prCode, prInfo }, c.colours, c.style, { money: c.money });
  };
  const coldStart = performance.now();
  draw(0);
  const firstMs = performance.now() - coldStart;
  for (let i = 0; i < WARM_UP; i++) draw(i);
  const times: number[] = [];
  for (let i = 0; i < samples; i++) {
    const start = performance.now();
    draw(i);
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  const round = (ms: number) => Math.round(ms * 100) / 100;
  return {
    labelRender400x300: {
      samples,
      firstMs: round(firstMs),
      p50Ms: round(quantile(times, 0.5)),
      p95Ms: round(quantile(times, 0.95)),
      goal: 'p50 ≤ 10 ms, p95 ≤ 25 ms',
    },
    storeRerender2000Tags: storeRerender(),
  };
}

/** The demo's tag sizes (1.6" to 4.2"), in the mix a store has them. */
const STORE_SIZES = [
  { width: 152, height: 152 },
  { width: 250, height: 122 },
  { width: 296, height: 128 },
  { width: 296, height: 128 },
  { width: 400, height: 300 },
];

/** Every label of a 2,000-tag store drawn again, as after a template change: wall and CPU time of the whole. */
function storeRerender(tags = 2_000) {
  const cpu = process.cpuUsage();
  const start = performance.now();
  for (let i = 0; i < tags; i++) {
    const c = CASES[i % CASES.length];
    const prInfo = [`${c.prInfo[0]} ${i}`, String(Number(c.prInfo[1]) + i), ...c.prInfo.slice(2)];
    productLabel(STORE_SIZES[i % STORE_SIZES.length], { prCode: c.prCode, prInfo }, c.colours, c.style, { money: c.money });
  }
  const used = process.cpuUsage(cpu);
  return { tags, seconds: Math.round(performance.now() - start) / 1000, cpuSeconds: Math.round((used.user + used.system) / 1000) / 1000 };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) console.log(JSON.stringify(labelRenderFigure(), null, 2));
