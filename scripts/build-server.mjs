#!/usr/bin/env node
// The production server, compiled once (issue 34): server/start.ts → start.cjs and server/main.ts → main.mjs, bundled
// by esbuild with the packages left in node_modules, plus the files the server reads beside its code (worker
// scripts, SQL migrations). `npm start` runs it with plain Node — one process, no TypeScript at run time.
// Usage: node scripts/build-server.mjs [outDir]   (default build/server)
import { cpSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';

const outDir = process.argv[2] ?? 'build/server';
rmSync(outDir, { recursive: true, force: true });

const common = { bundle: true, platform: 'node', target: 'node24', packages: 'external', sourcemap: true, logLevel: 'warning' };
await build({ ...common, entryPoints: ['server/main.ts'], outfile: join(outDir, 'main.mjs'), format: 'esm' });
await build({ ...common, entryPoints: ['server/start.ts'], outfile: join(outDir, 'start.cjs'), format: 'cjs' });

// Read at run time by URL relative to the code that uses them; in the bundle that code sits in main.mjs.
cpSync('server/lib/sandbox/worker.mjs', join(outDir, 'worker.mjs'));
cpSync('server/lib/password-strength-worker.mjs', join(outDir, 'password-strength-worker.mjs'));
cpSync('server/db/migrations', join(outDir, 'migrations'), { recursive: true });
