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
 * Server files whose subject is the server's own JavaScript, not its SQL: PDFs and label images, SMTP, the sandbox,
 * password hashing and its queue, login throttling, headers, compression and the contract. The PostgreSQL pass
 * (`npm run test:pg`) leaves them out: on another database they would run the same code again (issue 32 §5).
 */
const ENGINE_INDEPENDENT = [
  'smtp-security',
  'passwords',
  'login-abuse',
  'hash-queue',
  'print-pdf',
  'label-render',
  'label-render-codes',
  'sandbox',
  'sandbox-parsers',
  'sandbox-decorator',
  'sandbox-budgets',
  'code-scripts-auth',
  'compress-answers',
  'security-headers',
  'contract-schemas',
  'openapi',
  'sw-upgrade-entries',
].map((name) => `tests/server/${name}.test.ts`);
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
          include: ['tests/server/**/*.test.ts'],
          exclude: onPostgres ? [...TIMING_BUDGETS, ...ENGINE_INDEPENDENT] : TIMING_BUDGETS,
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
      {
        test: {
          name: 'budgets',
          include: TIMING_BUDGETS,
          exclude: onPostgres ? ENGINE_INDEPENDENT : [],
          ...serverTest,
          maxWorkers: 1,
          sequence: { groupOrder: 3 },
        },
      },
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
