#!/usr/bin/env node
// The server the browser suite runs against: a fresh build and a fresh PGlite database with the demo data.
// Build and data live in folders named after the port (outside test-results/, which Playwright empties at the
// start of every run), so that suites on different ports never share or delete them.
import { spawn, spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';

const port = process.env.PORT ?? '8181';
const dataDir = `.e2e-data/data-${port}`;
const outDir = `.e2e-data/dist-${port}`;
rmSync(dataDir, { recursive: true, force: true });
const serverDir = `.e2e-data/server-${port}`;
// The suite runs what `npm start` runs: the built PWA and the compiled server (scripts/build-server.mjs).
for (const [cmd, args] of [
  ['npx', ['vite', 'build', '--logLevel', 'warn', '--outDir', outDir, '--emptyOutDir']],
  ['node', ['scripts/build-server.mjs', serverDir]],
]) {
  const build = spawnSync(cmd, args, { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
// The simulated world stands still, so that what a test reads from the API stays what the screen shows — except
// the tag radio's answers (WIP → OK/NG) in one store that no other spec uses: tests/e2e/tag-status-live.spec.ts
// watches an assign's result arrive there. SIM=on|off in the environment overrides this (the whole simulator).
const LIVE_TAG_STORE = 'PAR001';
// The product file upload's tasks (tests/e2e/products-upload.spec.ts) reach 100 % in a COOP store no other spec reads.
const UPLOAD_TAG_STORE = 'MIL001';
// The paper printers (server/sim/paper.ts) answer only labels of unfinished print tasks, which the demo data has
// none of: only what tests/e2e/paper.spec.ts uploads moves.
// OTA jobs (tests/e2e/ota.spec.ts) move only when a test starts one; SIM_OTA_SPEED lets one finish in seconds.
// Plus devices (server/sim/plus.ts) report, now and then drop, and come back after a reboot (tests/e2e/plus-devices.spec.ts);
// no other spec asserts a Plus device's status. Plus v1 devices (server/sim/plus-v1.ts) report likewise — what they
// play, their config as applied, back on line after a reboot; no spec reads a v1 device's status, versions or time
// (tests/e2e/plus-v1.spec.ts picks devices by address), so the console shows a live v1 master as `npm start` does.
const sim = process.env.SIM
  ? { SIM: process.env.SIM }
  : { SIM: 'on', SIM_MODULES: 'tags,ota,paper,plus,plusv1', SIM_TAG_STORES: `${LIVE_TAG_STORE},${UPLOAD_TAG_STORE}`, SIM_OTA_SPEED: '40' };
const server = spawn(process.execPath, [`${serverDir}/start.cjs`], {
  stdio: 'inherit',
  // Every e2e login comes from one address: the per-address login limit would throttle the suite itself. The
  // runner plays the reverse proxy (TRUST_PROXY): the auth suite gives each test its own X-Forwarded-For address.
  env: {
    ...process.env,
    DATA_DIR: dataDir,
    STATIC_DIR: outDir,
    ...sim,
    HOST: '127.0.0.1',
    LOGIN_RATE_LIMIT: '100000',
    TRUST_PROXY: '127.0.0.1,::1',
  },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
