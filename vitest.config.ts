import { existsSync } from 'node:fs';
import { defineConfig } from 'vitest/config';

/**
 * Files that time one call while another works (a huge upload, a runaway script): they run after the others, one at a
 * time, so that a slow answer is the server's and not a neighbour file's hold on the two cores.
 */
const TIMING_BUDGETS = [
  'tests/server/upload-budgets.test.ts',
  'tests/server/sandbox-budgets.test.ts',
  'tests/server/code-scripts-uploads.test.ts',
];
/**
 * The server files the PostgreSQL pass (`npm run test:pg`) runs again: those whose subject is how the server uses its
 * database, where PostgreSQL and PGlite can differ (issue 32 §5). Every other server file tests the HTTP contract
 * (privileges, bad input, the matrices, auth, settings, the spec's rules) or the server's own JavaScript (PDFs, label
 * images, SMTP, the sandbox, hashing, headers) through the same SQL, and runs once, on PGlite.
 * - Transactions, locks and unique keys met by concurrent connections (PGlite has one): the idempotent writes, the
 *   job queue (pg-boss on PostgreSQL, its PGlite backend otherwise), assigning, moving a store's tags, OTA at scale.
 * - Bulk SQL: the product file import and updates, the seed, the simulator's set-based rounds.
 * - Hand-written SQL whose rows each driver parses its own way (counts as int8, timestamps, arrays): the tag lists
 *   and counts, the dashboard, exceptions, store status and the histories.
 * Several processes on one database (tests/server-pg) run only there.
 */
const ENGINE_DEPENDENT = [
  'idempotency',
  'jobs',
  'tag-assign',
  'store-migrate-ownership',
  'ota',
  'ota-scale',
  'product-file-import',
  'product-upload',
  'products-update',
  'seed',
  'simulator',
  'simulator-scope',
  'tag-status-live',
  'tag-list-prepared',
  'tag-counts',
  'tag-status-counts',
  'tags',
  'product-list',
  'dashboard',
  'exceptions',
  'exception-downloads',
  'status',
  'change-history',
  'tag-history',
  'alarm-history',
].map((name) => `tests/server/${name}.test.ts`);
// A list of files to run fails quietly when one is renamed: the PostgreSQL pass would lose it without a word.
for (const file of ENGINE_DEPENDENT) if (!existsSync(file)) throw new Error(`vitest.config.ts ENGINE_DEPENDENT: no ${file}`);
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const serverTest = {
  environment: 'node' as const,
  globalSetup: ['tests/server/seed-once.global.ts'],
  testTimeout: 60_000,
  hookTimeout: 120_000,
  isolate: false,
};

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts', 'tests/unit/**/*.test.tsx'],
          environment: 'node',
          sequence: { groupOrder: 0 },
        },
      },
      {
        test: {
          name: 'server',
          include: onPostgres ? ENGINE_DEPENDENT : ['tests/server/**/*.test.ts'],
          exclude: TIMING_BUDGETS,
          // Each file opens its own database; scrypt at OWASP cost makes logins slow by design.
          ...serverTest,
          // Two workers: scrypt holds 128 MiB per hash and PGlite ~100 MiB per database, and both keep a core busy.
          // On PostgreSQL (npm run test:pg) a file mostly waits on the database's round trips: four share the cores.
          maxWorkers: onPostgres ? 4 : 2,
          sequence: { groupOrder: 1 },
          // Files share a worker's module graph (isolate: false): each builds its own database and app (harness.ts),
          // and importing the server again per file cost ~4 s of a core; one module graph also lets apps share the
          // compiled validators.
        },
      },
      // The timing budgets are the server's own JavaScript (a stream cut at its limit, a script stopped at its time):
      // PGlite only.
      ...(onPostgres
        ? []
        : [
            {
              test: {
                name: 'budgets',
                include: TIMING_BUDGETS,
                ...serverTest,
                maxWorkers: 1,
                sequence: { groupOrder: 3 },
              },
            },
          ]),
      // Several real server processes on one PostgreSQL database: only `npm run test:pg` (TEST_DATABASE_URL) has one.
      ...(onPostgres
        ? [
            {
              test: {
                name: 'server-pg',
                include: ['tests/server-pg/**/*.test.ts'],
                environment: 'node',
                testTimeout: 120_000,
                hookTimeout: 180_000,
                maxWorkers: 1,
                sequence: { groupOrder: 2 },
              },
            },
          ]
        : []),
    ],
  },
});
