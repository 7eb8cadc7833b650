import { type Page } from '@playwright/test';
import { expect, test } from '../support/test.js';
import { startFleet, type Fleet } from '@ed/simulator/fleet';
import { AppShell } from '../pages/app-shell.js';
import { LoginPage } from '../pages/login-page.js';
import { RolloutsPage } from '../pages/rollouts-page.js';
import { baseURL, E2E } from '../support/e2e-env.js';
import { cleanUpRollouts } from '../support/rollout-fleet.js';

const VERSION = '5.2.0';
const older = (version: string | undefined) => {
  const [a = 0, b = 0, c = 0] = (version ?? '0').split('.').map(Number);
  return a >= 4 && (a < 5 || (a === 5 && (b < 2 || (b === 2 && c < 0))));
};

/**
 * Virtual units of the test's own, as Mender's tests drive a virtual device: they enrol with the
 * fleet's key, connect, and download and install what a rollout stages on them. Their install
 * outcomes are the test's to set, so a failing wave is the test's doing.
 */
let fleet: Fleet;
let serials: string[] = [];

test.beforeAll(async () => {
  fleet = startFleet({
    units: 24,
    seed: 170_17,
    serverUrl: baseURL,
    enrollmentKey: E2E.enrollmentKey,
    churn: 0,
    activity: false,
  });
  await fleet.ready;
  serials = fleet.units
    .filter((u) => u.state.family === 'aligner' && older(u.state.version?.semantic))
    .map((u) => u.serialNumber)
    .slice(0, 4);
});

test.afterAll(async () => {
  await fleet.stop();
});

test('a rollout in waves: the first completes on real units, failures pause it, resume goes on', async ({ page }) => {
  test.setTimeout(240_000);
  expect(serials, 'the virtual fleet has four aligners below 5.2.0').toHaveLength(4);
  const login = new LoginPage(page);
  await login.open();
  await login.signIn('engineer', E2E.demoPassword);
  await new AppShell(page).expectSignedIn();

  try {
    await rollOut(page);
  } finally {
    await fleet.stop();
    await cleanUpRollouts(page, fleet);
  }
});

async function rollOut(page: Page) {
  const rollouts = new RolloutsPage(page);
  await rollouts.openWizard('aligner', VERSION);
  await rollouts.targetCsv('E2E canary', serials);
  await rollouts.gatedCanary(1);
  await rollouts.createAndStart(serials.length);
  await expect(rollouts.heading('E2E canary')).toBeVisible();

  // Wave 1: one unit downloads and installs for real; the gate then holds the rollout.
  await rollouts.waveState(1, 'done');
  await expect(rollouts.pausedAlert()).toContainText('Paused after it as planned: resume to start wave 2.');
  await expect(rollouts.wave(1)).toContainText('Completed 1');

  // From now on every install of 5.2.0 fails: wave 2 breaks the error threshold and pauses it.
  fleet.setInstallOutcomes({ [VERSION]: { failRate: 1 } });
  await rollouts.resume();
  await expect(rollouts.pausedAlert()).toContainText(/Wave 2: \d of \d installs? failed or hung/, { timeout: 120_000 });
  await expect(
    page
      .getByRole('row')
      .filter({
        hasText:
          'The unit reported that the install failed: install: the installer stopped and the unit kept its version',
      })
      .first(),
  ).toBeVisible();
}
