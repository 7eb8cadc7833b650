import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';
import { baseURL, E2E } from './support/e2e-env.js';

/** Tests that change nothing another test counts or reads (see projects, below). */
const READ_ONLY =
  /\/(accessibility|tables-fit|content-security-policy|scheduling-readability|sign-in|fleet-insights)\.spec\.ts$/;
const here = fileURLToPath(new URL('.', import.meta.url));
const executablePath = execFileSync(process.execPath, ['support/resolve-chromium.mjs'], { cwd: here }).toString();

export default defineConfig({
  testDir: './tests',
  // Every GET answer the pages receive is checked against /openapi.json (support/test.ts).
  globalSetup: './support/answers-report.ts',
  fullyParallel: false,
  // The read-only tests (below) run beside the others, one worker each.
  workers: 2,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  // A whole flow (a ticket from wizard to closed, a message from draft to active) with a second
  // browser beside it on two cores: each step still waits at most 10 s for what the user sees.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: '../.reports/e2e.json' }]],
  use: {
    browserName: 'chromium',
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath,
      // Closed network here: no background traffic; root in CI: no sandbox.
      args: ['--no-sandbox', '--disable-dev-shm-usage', '--disable-background-networking', '--no-first-run'],
    },
  },
  projects: [
    // Screens scanned and read as they are (accessibility, tables on a 1280 px laptop, the security
    // policy, sign-in, charts): they change nothing another test counts, so they take a worker of
    // their own beside the tests that do, which run one at a time.
    { name: 'read-only', testMatch: READ_ONLY, workers: 1 },
    { name: 'chromium', testIgnore: READ_ONLY, workers: 1 },
  ],
  webServer: {
    command: 'node support/start-server.mjs',
    cwd: here,
    url: `${baseURL}/healthz`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(E2E.port),
      HOST: '127.0.0.1',
      DATA_DIR: E2E.dataDir,
      ADMIN_PASSWORD: E2E.adminPassword,
      DEMO: 'true',
      DEMO_PASSWORD: E2E.demoPassword,
      FLEET_ENROLLMENT_KEY: E2E.enrollmentKey,
      PUBLIC_URL: baseURL,
      LOG_LEVEL: 'warn',
      // The API's description, which every test checks the pages' answers against (support/test.ts).
      PUBLIC_API_DOCS: 'true',
      // A small simulated fleet, connecting from loopback with public addresses vouched for by the
      // server's own process, as under `npm start` (no proxy is trusted).
      SIMULATOR_UNITS: '20',
      DEMO_FLEET_DRIVER: new URL('../apps/simulator/dist/demo-driver.js', import.meta.url).href,
      // Units stay connected unless a test makes one drop, so counts are the test's own doing.
      SIMULATOR_CHURN: '0',
      // No automatic staging: units change version only when a test stages or schedules them.
      AUTO_STAGE_SLOTS: '0',
      // The ticket tests count from zero.
      DEMO_TICKETS: 'false',
      // The rollout test makes its own; its rounds come every second, so its waves move while it watches.
      DEMO_ROLLOUT: 'false',
      ROLLOUT_TICK_SECONDS: '1',
      // An elevation's minute lasts 400 ms, so one raised for 15 minutes reverts while a test watches.
      ELEVATION_MINUTE_MS: '400',
      // An hour of the offline alarm rule lasts 500 ms, so a unit gone is raised at the next job.
      ALARM_HOUR_MS: '500',
      // Single sign-on through the test OpenID provider, which start-server.mjs starts on this port.
      OIDC_ISSUER: `http://127.0.0.1:${E2E.oidcPort}`,
      OIDC_CLIENT_ID: 'dashboard',
      OIDC_LABEL: E2E.ssoLabel,
      OIDC_SCOPES: 'openid email profile groups',
      OIDC_ROLE_CLAIM: 'groups',
      OIDC_ROLE_MAP: 'dashboard-admins=admin,dashboard-engineers=engineer,dashboard-support=support',
      OIDC_DEFAULT_ROLE: 'none',
    },
  },
});
