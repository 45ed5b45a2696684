/**
 * Playwright end-to-end tests in Debian's Chromium (/usr/bin/chromium; browsers are never
 * downloaded). The local runtime is started by `webServer` on the ports given in the
 * environment (scripts/test-all.ts picks free ones) with a throwaway data folder.
 */
import { defineConfig, devices } from '@playwright/test';

const port = Number(process.env.PORT ?? 3100);
const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const launchOptions = { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: chromiumArgs };

export default defineConfig({
  testDir: '.',
  testMatch: /.*\.e2e\.ts$/,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  use: {
    baseURL: `http://localhost:${port}`,
    locale: 'it-IT',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'desktop',
      testIgnore: /mobile\.e2e\.ts$/,
      use: { ...devices['Desktop Chrome'], viewport: { width: 1366, height: 900 }, launchOptions },
    },
    {
      name: 'mobile',
      testMatch: /mobile\.e2e\.ts$/,
      use: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, launchOptions },
    },
  ],
  webServer: {
    command: 'npx tsx infra/local/start.ts',
    // The browsers of every spec share 127.0.0.1: the WAF's per-IP limits would count them as one
    // client (the limits are tested in infra/local/origin/web-server.test.ts).
    env: { CLIENT_RATE_LIMITS: '0' },
    cwd: '..',
    url: `http://localhost:${port}/config.json`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
  },
});
