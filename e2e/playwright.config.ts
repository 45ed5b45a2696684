/**
 * Playwright end-to-end tests in Debian's Chromium (/usr/bin/chromium; browsers are never
 * downloaded). The local runtime is started by `webServer` on the ports given in the
 * environment (scripts/test-all.ts picks free ones) with a throwaway data folder.
 *
 * The specs share one runtime, its demo accounts, MailDev inbox and outbox.log, so one worker runs
 * them one after another. `npm test` splits them into two lanes (E2E_LANE=a, E2E_LANE=b), each a
 * Playwright run of its own against a runtime of its own (own ports and data folder), run side by
 * side: no lane sees the other's accounts, catalogue changes, emails or codes. Without E2E_LANE
 * every spec runs here, in one lane.
 */
import { defineConfig, devices, type Project } from '@playwright/test';

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

/**
 * Lane b's specs: the axe pass and specs of their own accounts, about as long together as the
 * rest (lane a). A new spec goes to lane a unless it evens the lanes out.
 */
const LANE_B = /[\\/](a11y|personal-data|signup|visitor)\.e2e\.ts$/;
const MOBILE = /mobile\.e2e\.ts$/;
const lane = process.env.E2E_LANE;
if (lane !== undefined && lane !== 'a' && lane !== 'b') throw new Error(`E2E_LANE must be a or b, not ${lane}`);

const desktop: Project = {
  name: 'desktop',
  use: { ...devices['Desktop Chrome'], viewport: { width: 1366, height: 900 }, launchOptions },
  ...(lane === 'b' ? { testMatch: LANE_B } : { testIgnore: lane === 'a' ? [MOBILE, LANE_B] : MOBILE }),
};
const mobile: Project = {
  name: 'mobile',
  testMatch: MOBILE,
  use: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, launchOptions },
};

export default defineConfig({
  testDir: '.',
  testMatch: /.*\.e2e\.ts$/,
  // Each lane its own folder: a run empties its output folder when it starts.
  outputDir: lane ? `test-results/lane-${lane}` : 'test-results',
  // Generous: two lanes, the vitest runs and their runtimes share the cores. Timeouts guard against
  // a hang; an expectation that holds returns as soon as it does.
  timeout: 120_000,
  expect: { timeout: 20_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  use: {
    baseURL: `http://localhost:${port}`,
    locale: 'it-IT',
    // A failed test keeps its trace: the DOM snapshot of every action, the network and the
    // console. Not the screencast: encoding a frame at every paint, for every test, was CPU the
    // two lanes and the vitest runs share.
    trace: { mode: 'retain-on-failure', screenshots: false },
    screenshot: 'only-on-failure',
  },
  projects: lane === 'b' ? [desktop] : [desktop, mobile],
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
