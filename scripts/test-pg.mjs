#!/usr/bin/env node
// `npm run test:pg`: the server files that depend on the database engine against real PostgreSQL (ENGINE_DEPENDENT in
// vitest.config.ts), then several server processes on one database (tests/server-pg). Each test file creates and
// drops its own database.
import { spawnSync } from 'node:child_process';

const url = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
console.log(`server suite on PostgreSQL: ${url}`);
const res = spawnSync('npx', ['vitest', 'run', '--project', 'server', '--project', 'server-pg'], {
  stdio: 'inherit',
  env: { ...process.env, TEST_DATABASE_URL: url },
});
process.exit(res.status ?? 1);
