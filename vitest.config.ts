import { defineConfig } from 'vitest/config';

/**
 * Two projects:
 *  - unit: pure functions, CDK template assertions, SPA helpers. No servers.
 *  - integration: handlers against the local stand-ins (DynamoDB Local, s3rver, cognito-local),
 *    started once on free ports by infra/local/test-global-setup.ts.
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
          testTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'integration',
          include: ['functions/**/*.int.test.ts', 'infra/**/*.int.test.ts'],
          environment: 'node',
          globalSetup: ['infra/local/test-global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
