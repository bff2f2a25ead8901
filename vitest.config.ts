import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'unit', include: ['tests/unit/**/*.test.ts', 'tests/unit/**/*.test.tsx'], environment: 'node', sequence: { groupOrder: 0 } } },
      {
        test: {
          name: 'server',
          include: ['tests/server/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/server/seed-once.global.ts'],
          // Each file opens its own database; scrypt at OWASP cost makes logins slow by design.
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // Two workers: scrypt holds 128 MiB per hash and PGlite ~100 MiB per database, and both keep a core busy.
          // On PostgreSQL (npm run test:pg) a file mostly waits on the database's round trips: four share the cores.
          maxWorkers: process.env.TEST_DATABASE_URL ? 4 : 2,
          sequence: { groupOrder: 1 },
          // Files share a worker's module graph: each builds its own database and app (harness.ts), and importing the
          // server again per file cost ~4 s of a core; one module graph also lets apps share the compiled validators.
          isolate: false,
        },
      },
      // Several real server processes on one PostgreSQL database: only `npm run test:pg` (TEST_DATABASE_URL) has one.
      ...(process.env.TEST_DATABASE_URL
        ? [{ test: { name: 'server-pg', include: ['tests/server-pg/**/*.test.ts'], environment: 'node', testTimeout: 120_000, hookTimeout: 180_000, maxWorkers: 1, sequence: { groupOrder: 2 } } }]
        : []),
    ],
  },
});
