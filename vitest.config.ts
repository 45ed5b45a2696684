import os from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * Two projects:
 *  - unit: pure functions, CDK template assertions, SPA helpers. No servers of their own beyond
 *    what a test starts on a free port; files run in parallel on every core (vitest's default
 *    leaves one core out, which on a 2-core machine is one file at a time).
 *  - integration: handlers against the local stand-ins (DynamoDB Local, s3rver, cognito-local),
 *    started once on free ports by infra/local/test-global-setup.ts. Files run one at a time, in one
 *    module registry: they share that runtime's accounts, catalogue, inbox and settings.
 * `npm test` (scripts/test-all.ts) runs the two projects side by side, as two vitest runs.
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'shared/**/*.test.ts',
            'functions/**/*.test.ts',
            'infra/**/*.test.ts',
            'web/src/**/*.test.{ts,tsx}',
            'scripts/**/*.test.ts',
            'test/**/*.test.ts',
          ],
          exclude: ['**/*.int.test.ts', 'node_modules/**'],
          environment: 'node',
          // Generous: under `npm test` the CDK synthesis and bundle builds share the cores with the
          // integration tests and both end-to-end lanes. A timeout here is a guard against a hang.
          testTimeout: 180_000,
          hookTimeout: 600_000,
          maxWorkers: os.availableParallelism(),
        },
      },
      {
        test: {
          name: 'integration',
          include: ['functions/**/*.int.test.ts', 'infra/**/*.int.test.ts'],
          environment: 'node',
          globalSetup: ['infra/local/test-global-setup.ts'],
          setupFiles: ['test/support/integration-setup.ts'],
          testTimeout: 60_000,
          // A file that starts a runtime of its own (infra/local/stand-ins/outbox.int.test.ts) does so in a hook.
          hookTimeout: 600_000,
          fileParallelism: false,
          // One module registry for every file: the handlers, the AWS SDK and the stand-ins' clients
          // are imported once, not once per file (most of this project's time outside the tests).
          // A file that needs modules of its own (other settings, other secrets, a runtime of its
          // own) calls vi.resetModules() before importing them and again when it is done; every
          // file ends with the environment it started with (test/support/integration-setup.ts).
          isolate: false,
        },
      },
    ],
  },
});
