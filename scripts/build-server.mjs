#!/usr/bin/env node
// The production server, compiled once (issue 34): server/start.ts → start.cjs and server/main.ts → main.mjs, bundled
// by esbuild with the packages left in node_modules (all but drizzle-orm, below), plus the files the server reads
// beside its code (worker scripts, SQL migrations). `npm start` runs it with plain Node — one process, no TypeScript
// at run time.
// Usage: node scripts/build-server.mjs [outDir]   (default build/server)
import { cpSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';

const outDir = process.argv[2] ?? 'build/server';
rmSync(outDir, { recursive: true, force: true });

// Packages stay in node_modules, except drizzle-orm, which is bundled: Node's ES module loader re-parses a package's
// `exports` map for every file it loads from that package (getPackageScopeConfig); drizzle-orm's package.json is
// 179 KB and the server loads 112 of its files — about a third of a second of every start. Bundled, the server
// answers its first request ~0.7 s sooner (README, Memory and start-up). Nothing outside main.mjs imports
// drizzle-orm, so there is one copy of it.
const bundleDrizzle = {
  name: 'external-except-drizzle-orm',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) =>
      args.kind === 'entry-point' || args.path === 'drizzle-orm' || args.path.startsWith('drizzle-orm/')
        ? undefined
        : { path: args.path, external: true },
    );
  },
};
const common = { bundle: true, platform: 'node', target: 'node24', plugins: [bundleDrizzle], sourcemap: true, logLevel: 'warning' };
await build({ ...common, entryPoints: ['server/main.ts'], outfile: join(outDir, 'main.mjs'), format: 'esm' });
await build({ ...common, entryPoints: ['server/start.ts'], outfile: join(outDir, 'start.cjs'), format: 'cjs' });

// Read at run time by URL relative to the code that uses them; in the bundle that code sits in main.mjs.
cpSync('server/lib/sandbox/worker.mjs', join(outDir, 'worker.mjs'));
cpSync('server/lib/password-strength-worker.mjs', join(outDir, 'password-strength-worker.mjs'));
cpSync('server/db/migrations', join(outDir, 'migrations'), { recursive: true });
