import { type Page } from '@playwright/test';
import { expect, test } from '../support/test.js';
import { rolloutsRoutes } from '@ed/contract/routes/rollouts';
import { softwareRoutes } from '@ed/contract/routes/software';
import { ticketsRoutes } from '@ed/contract/routes/tickets';
import type { Fleet } from '@ed/simulator/fleet';
import type { SimulatedUnit } from '@ed/simulator/simulated-unit';
import { AppShell } from '../pages/app-shell.js';
import { LoginPage } from '../pages/login-page.js';
import { RolloutsPage } from '../pages/rollouts-page.js';
import { callRoute } from '../support/api-client.js';
import { headersOf, headersOfPage } from '../support/api-session.js';
import { baseURL, E2E } from '../support/e2e-env.js';
import { startOwnFleet } from '../support/own-fleet.js';
import {
  alignersBelow,
  cancelActiveRollouts,
  deleteUnits,
  expectConnected,
  waveOrder,
} from '../support/rollout-fleet.js';

const VERSION = '5.2.0';

/**
 * Rollouts at their edges, on virtual units of the test's own whose presence and install outcomes
 * the test sets: a rollout always advances, completes, or pauses saying why.
 */
let fleet: Fleet;
let aligners: SimulatedUnit[] = [];

test.beforeAll(async () => {
  fleet = startOwnFleet({ units: 40, seed: 311_31 });
  await fleet.ready;
  aligners = alignersBelow(fleet, VERSION);
});

test.afterAll(async ({ playwright }) => {
  await fleet.stop();
  const request = await playwright.request.newContext({ baseURL });
  await deleteUnits(request, await headersOf(request, 'engineer', E2E.demoPassword), fleet);
  await request.dispose();
});

async function signIn(page: Page) {
  const login = new LoginPage(page);
  await login.open();
  await login.signIn('engineer', E2E.demoPassword);
  await new AppShell(page).expectSignedIn();
}

test('a wave with no unit online goes on; one that cannot reach its threshold pauses saying why, until a person decides', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const units = aligners.slice(0, 5);
  expect(units, 'the virtual fleet has five aligners below 5.2.0').toHaveLength(5);
  await signIn(page);
  const rollouts = new RolloutsPage(page);
  try {
    await rollouts.openWizard('aligner', VERSION);
    await rollouts.targetCsv(
      'E2E stuck wave',
      units.map((u) => u.serialNumber),
    );
    await rollouts.twoWaves(2);
    const id = await rollouts.saveDraft();
    // A draft shows the waves it would have if started now.
    await expect(rollouts.wave(1)).toContainText('2 units');
    await expect(rollouts.wave(2)).toContainText('3 units');

    // Wave 1 all offline; in wave 2 one unit installs, one fails (the fourth), one is offline.
    const [off1, off2, , fails, off3] = waveOrder(units, id) as [SimulatedUnit, ...SimulatedUnit[]];
    fails!.setInstallOutcomes({ [VERSION]: { failRate: 1 } });
    const headers = await headersOfPage(page);
    for (const unit of [off1, off2!, off3!]) {
      await unit.stop();
      await expectConnected(page.request, headers, unit, false);
    }
    await rollouts.start();

    // Offline units do not hold a wave: wave 2 starts.
    await rollouts.waveState(2, 'running');
    await expect(
      page.getByText('Wave 1 had no unit online to update (2 offline).', { exact: false }).first(),
    ).toBeVisible();
    // The failure breaks the error threshold; resumed, the wave cannot reach 90 % and says so.
    await expect(rollouts.pausedAlert()).toContainText(/Wave 2: 1 of \d installs? failed or hung/, {
      timeout: 120_000,
    });
    // One unit in flight at a time (the server's slots here): resumed, the rest of the wave is tried.
    await rollouts.resume();
    await expect(rollouts.pausedAlert()).toContainText(
      'Wave 2 cannot reach 90 %: 1 of 2 installs succeeded (50 %), 1 failed, 1 offline.',
      { timeout: 90_000 },
    );

    await rollouts.skipOffline(2, 1);
    await expect(rollouts.wave(2)).toContainText('Skipped 1');
    await rollouts.changeThreshold(2, 50);
    await expect(rollouts.wave(2)).toContainText('Next wave at 50 % completed');
    await rollouts.resume();
    await expect(page.getByText('completed', { exact: true }).first()).toBeVisible();
    await expect(page.getByText('Wave 2 reached 50 % (1 of 2 installed, 1 skipped).').first()).toBeVisible();
  } finally {
    await cancelActiveRollouts(page.request, await headersOfPage(page));
  }
});

test('a ticket opened after a Resume on a unit the rollout updated pauses it', async ({ page }) => {
  test.setTimeout(180_000);
  const units = aligners.slice(5, 7);
  expect(units, 'the virtual fleet has two more aligners below 5.2.0').toHaveLength(2);
  await signIn(page);
  const rollouts = new RolloutsPage(page);
  try {
    await rollouts.openWizard('aligner', VERSION);
    await rollouts.targetCsv(
      'E2E ticket spike',
      units.map((u) => u.serialNumber),
    );
    await rollouts.gatedCanary(1);
    await rollouts.createAndStart(units.length);
    await expect(rollouts.pausedAlert()).toContainText('Paused after it as planned', { timeout: 90_000 });

    // Wave 2's unit hangs in its install, so the rollout is running when the ticket comes.
    const headers = await headersOfPage(page);
    const id = Number(/(\d+)$/.exec(page.url())?.[1]);
    const members = await callRoute(page.request, rolloutsRoutes.getRolloutUnits, { query: { id, page: 1 }, headers });
    const docs = (await members.json()).docs;
    const canary = docs.find((d) => d.wave === 0)?.serialNumber;
    for (const unit of units) {
      if (unit.serialNumber !== canary) unit.setInstallOutcomes({ [VERSION]: { hangRate: 1 } });
    }
    await rollouts.resume();
    await expect(rollouts.wave(2)).toContainText('In flight 1');

    // Support opens a ticket on the canary, which the rollout updated before the Resume.
    const support = await headersOf(page.request, 'support', E2E.demoPassword);
    const ticket = await callRoute(page.request, ticketsRoutes.createTicket, {
      body: { issuerUsername: 'support', serialNumber: canary ?? '' },
      headers: support,
    });
    expect(ticket.status()).toBe(200);
    await expect(rollouts.pausedAlert()).toContainText(
      /Wave 1: 1 support ticket \(#\d+\) opened since it was resumed on 1 updated unit/,
      {
        timeout: 30_000,
      },
    );
  } finally {
    await cancelActiveRollouts(page.request, await headersOfPage(page));
  }
});

test('the wizard refuses an unpublished version at its first step and a past start day, and counts what is staged already', async ({
  page,
}) => {
  const units = aligners.slice(7, 10);
  expect(units, 'the virtual fleet has three more aligners below 5.2.0').toHaveLength(3);
  await signIn(page);
  const headers = await headersOfPage(page);
  // One of them offline with the latest aligner software staged by hand, as the update scheduler would.
  const versions = await callRoute(page.request, rolloutsRoutes.listRolloutVersions, {
    query: { family: 'aligner' },
    headers,
  });
  const latest = (await versions.json()).versions[0]?.semantic ?? VERSION;
  const staged = units[2]!;
  await staged.stop();
  await expectConnected(page.request, headers, staged, false);
  const stage = await callRoute(page.request, softwareRoutes.stageUpdate, {
    body: { serialNumber: staged.serialNumber, version: { semantic: latest, meta: null } },
    headers,
  });
  expect(stage.status()).toBe(200);

  const rollouts = new RolloutsPage(page);
  await rollouts.openWizard('aligner', '9.9.9');
  const wizard = rollouts.wizard();
  await expect(wizard.getByText(/^Version 9\.9\.9 is not published for Aligners\./)).toBeVisible();
  await wizard.getByLabel('Name').fill('E2E wizard edges');
  await expect(wizard.getByRole('button', { name: 'Next' })).toBeDisabled();
  await wizard.getByRole('combobox', { name: 'Version' }).fill(VERSION);
  await rollouts.targetCsv(
    'E2E wizard edges',
    units.map((u) => u.serialNumber),
  );

  await wizard.getByLabel('Start day').fill('2020-01-01');
  await wizard.getByLabel('Units per working day').fill('5');
  await expect(wizard.getByText('The start day may not be before today (UTC).')).toBeVisible();
  await expect(wizard.getByRole('button', { name: 'Plan days' })).toBeDisabled();
  await wizard.getByRole('button', { name: 'Next' }).click();

  const review = wizard.getByRole('definition');
  await expect(
    wizard.getByRole('term').filter({ hasText: 'Already staged by the update scheduler (skipped)' }),
  ).toBeVisible();
  await expect(review.nth(0)).toHaveText('2');
  await expect(review.nth(1)).toHaveText('1');
  await wizard.getByRole('button', { name: 'Cancel' }).click();
  await callRoute(page.request, softwareRoutes.unstageUpdate, { body: { serialNumber: staged.serialNumber }, headers });
});
