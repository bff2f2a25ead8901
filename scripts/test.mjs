#!/usr/bin/env node
// `npm test`: every test a change needs — types, lint, the import rules, unit and server suites, then the browser suite.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';

const CHROMIUM = '/usr/bin/chromium';

function run(cmd, args, env = {}) {
  console.log(`\n$ ${cmd} ${args.join(' ')}`);
  const res = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  if (res.status !== 0) process.exit(res.status ?? 1);
}

/**
 * Commands run side by side, each one's output printed whole when it ends; exits if any failed. tsc and ESLint each
 * keep one core busy, and the machines this runs on have two.
 */
async function runTogether(commands) {
  const results = await Promise.all(
    commands.map(
      ([cmd, args]) =>
        new Promise((done) => {
          const child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'] });
          let output = '';
          child.stdout.on('data', (chunk) => (output += chunk));
          child.stderr.on('data', (chunk) => (output += chunk));
          child.on('close', (status) => done({ line: `$ ${cmd} ${args.join(' ')}`, output, status }));
        }),
    ),
  );
  for (const { line, output } of results) console.log(`\n${line}\n${output}`);
  const failed = results.find((r) => r.status !== 0);
  if (failed) process.exit(failed.status ?? 1);
}

function hasE2e() {
  return existsSync('tests/e2e') && readdirSync('tests/e2e', { recursive: true }).some((f) => String(f).endsWith('.spec.ts'));
}

// Playwright cannot download its own browsers here; the browser suite uses Debian's Chromium.
function ensureChromium() {
  if (existsSync(CHROMIUM)) return;
  const isRoot = process.getuid?.() === 0;
  const hasApt = spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;
  if (isRoot && hasApt) {
    run('apt-get', ['update']);
    run('apt-get', ['install', '-y', 'chromium']);
    return;
  }
  console.error(`Chromium is missing at ${CHROMIUM}. Install it with:\n  sudo apt-get install -y chromium`);
  process.exit(1);
}

await runTogether([
  ['npx', ['tsc', '-p', 'tsconfig.json', '--noEmit']],
  ['npx', ['eslint', '.']],
  // The direction of the imports: no circles, no arrow against the layers (.dependency-cruiser.cjs).
  ['npx', ['depcruise', 'src', 'contract', 'server', '--config', '.dependency-cruiser.cjs']],
  // One layout for the code (.prettierrc.json); `npm run format` writes it.
  ['npx', ['prettier', '--check', '--log-level', 'warn', '.']],
]);
run('npx', ['vitest', 'run']);
if (hasE2e()) {
  ensureChromium();
  run('npx', ['playwright', 'test']);
}
