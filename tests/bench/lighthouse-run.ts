/**
 * The Lighthouse figures alone (`npx tsx tests/bench/lighthouse-run.ts`): a fresh production build (or the one
 * BENCH_DIST names) served by a reference server of its own on BENCH_PORT, measured by tests/bench/lighthouse.ts.
 * `npm run bench` includes the same figures; this runs them without the server and handheld benchmarks.
 * BENCH_URL measures a server already running there instead (no build, no server of its own).
 */
import { spawnSync } from 'node:child_process';
import { apiLogin } from './handheld-page';
import { lighthouseFigures, lighthouseOnBuild } from './lighthouse';

if (process.env.BENCH_URL) {
  const { session } = await apiLogin(process.env.BENCH_URL, 'admin@shelfpad.test');
  console.log(JSON.stringify({ lighthouse: await lighthouseFigures(process.env.BENCH_URL, session) }, null, 2));
  process.exit(0);
}

const port = Number(process.env.BENCH_PORT ?? 8393);
let distDir = process.env.BENCH_DIST;
if (!distDir) {
  distDir = `.e2e-data/bench-dist-${port}`;
  const build = spawnSync('npx', ['vite', 'build', '--logLevel', 'error', '--outDir', distDir, '--emptyOutDir'], { stdio: 'inherit' });
  if (build.status !== 0) throw new Error('vite build failed');
}
console.log(JSON.stringify({ lighthouse: await lighthouseOnBuild({ port, distDir }) }, null, 2));
