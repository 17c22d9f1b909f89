import { defineConfig } from 'vitest/config';
import { codeRootAliases } from './src-main/build/codeRootAliases';
import { sqlText } from './src-main/build/sqlTextPlugin';

/** Tests that start real processes or servers to break them: fuzzers, attacks, kill -9, several nodes, crash writers. */
const ROBUSTNESS = [
  'src-main/server/robustness/**/*.test.ts',
  'src-main/server/severalNodes.test.ts',
  'src-main/store/crashSafety.test.ts',
  'src-main/store/storeConcurrency.test.ts',
  // The render pool's workers stopped at their time and memory limits, killed and replaced.
  'src-main/render/renderPool.test.ts',
];

/** A real server over HTTP, and the `labelsmith` command as a process; print queues with their fake printers' sockets. */
const INTEGRATION = [
  'src-main/server/**/*.test.ts',
  'src-main/cli/**/*.test.ts',
  'src-main/printing/printQueue.test.ts',
  'src-main/printing/queueClaims.test.ts',
  // Virtual printers and hot folders: their TCP ports and folders served to old systems' clients.
  'src-main/printing/inbound/**/*.test.ts',
];

/**
 * The tests whose outcome rests on the database's own behaviour (transactions and locks behind admission, quotas,
 * counters, storage budgets, print-job claims, versions, what survives a restart), run a second time on PostgreSQL.
 * The store's queries already run on both databases in the unit tier; the rest of the suite does not depend on which.
 */
const DATABASE_BEHAVIOUR = [
  'src-main/server/routes/usage/usageAndQuota.test.ts',
  'src-main/server/admission/quotaGate.test.ts',
  'src-main/server/countersAndTimeZone.test.ts',
  'src-main/server/storageBudget.test.ts',
  'src-main/server/persistence.test.ts',
  'src-main/server/routes/templates/templateVersions.test.ts',
  'src-main/server/routes/print/printJobs.test.ts',
  'src-main/server/routes/print/printHistory.test.ts',
  'src-main/server/routes/images/imagesRoute.test.ts',
  'src-main/server/routes/renderOutputs/outputsRoute.test.ts',
  'src-main/server/routes/render/batchRender.test.ts',
  'src-main/printing/printQueue.test.ts',
  'src-main/printing/queueClaims.test.ts',
  'src-main/server/robustness/killRecovery.test.ts',
  'src-main/server/robustness/printJobRecovery.test.ts',
];

// Two cores on CI machines: two forks keep the suite parallel without thrashing. `npm test` runs every project;
// `npm run test:unit` the fast one alone (vitest --project).
export default defineConfig({
  plugins: [sqlText()],
  resolve: { alias: codeRootAliases(import.meta.dirname) },
  test: {
    pool: 'forks',
    maxWorkers: 2,
    // Each fork runs its files one after another in one module graph: importing the engine (fonts, barcode encoders,
    // the schemas) once a fork instead of once a file took the unit project from 188 to 105 s. So a file must leave
    // nothing behind: support modules register their cleanups per file (test/support/fileHooks.ts), and the setup
    // file runs them and restores process.env after every file.
    isolate: false,
    setupFiles: ['test/support/fileSetup.ts'],
    // Generous: a CLI test starts its process several times (about 1 s each on a quiet machine, 4-5 s on a loaded
    // one); a slow machine must not fail what a fast one passes. Speed is measured by `npm run bench`, not here.
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // expect.poll waits for what a page or a server will show: 1 s (vitest's default) is one busy moment on a loaded
    // machine. A value that never comes still fails, after 10 s.
    expect: { poll: { timeout: 10_000 } },
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: [
            'src-shared/**/*.test.ts',
            'src-renderer/**/*.test.ts',
            'src-renderer/**/*.test.tsx',
            'src-main/**/*.test.ts',
            'test/**/*.test.ts',
          ],
          exclude: [...INTEGRATION, ...ROBUSTNESS],
        },
      },
      { extends: true, test: { name: 'integration', include: INTEGRATION, exclude: ROBUSTNESS } },
      { extends: true, test: { name: 'browser', include: ['e2e/**/*.test.ts'] } },
      { extends: true, test: { name: 'robustness', include: ROBUSTNESS } },
      {
        extends: true,
        test: { name: 'postgres', include: DATABASE_BEHAVIOUR, env: { LABELSMITH_TEST_DATABASE: 'postgres' } },
      },
    ],
  },
});
