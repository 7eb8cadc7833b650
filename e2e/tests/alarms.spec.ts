import { readFile } from 'node:fs/promises';
import { expect, test } from '../support/test.js';
import { parse } from 'csv-parse/sync';
import { alignersRoutes } from '@ed/contract/routes/aligners';
import type { Fleet } from '@ed/simulator/fleet';
import { AlarmsPage } from '../pages/alarms-page.js';
import { AppShell } from '../pages/app-shell.js';
import { LoginPage } from '../pages/login-page.js';
import { callRoute } from '../support/api-client.js';
import { headersOfPage } from '../support/api-session.js';
import { startOwnFleet } from '../support/own-fleet.js';
import { E2E } from '../support/e2e-env.js';

/** A virtual unit of the test's own, so that its going offline is the test's doing. */
let fleet: Fleet;

test.beforeAll(async () => {
  fleet = startOwnFleet({ units: 1, seed: 18_2 });
  await fleet.ready;
});

test.afterAll(async () => {
  await fleet.stop();
});

test('an alarm raised by a unit going offline is acknowledged, clears when the unit is back, and exports as CSV', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const unit = fleet.units[0]!;
  const login = new LoginPage(page);
  await login.open();
  await login.signIn('engineer', E2E.demoPassword);
  await new AppShell(page).expectSignedIn();
  const alarms = new AlarmsPage(page);
  // An hour of the offline rule lasts 500 ms in the end-to-end server (ALARM_HOUR_MS).
  await alarms.createOfflineRule('E2E offline', 1);

  try {
    await alarms.open();
    await alarms.filterUnit(unit.serialNumber);
    await unit.dropFor(600_000, 'clean');
    // The job finds the unit once it has been gone an "hour"; the push refreshes the open list.
    const row = alarms.row(unit.serialNumber);
    await expect(row.getByText('E2E offline')).toBeVisible({ timeout: 20_000 });
    await expect(row.getByText('Active', { exact: true })).toBeVisible();
    await expect(alarms.notificationsButton()).toHaveAccessibleName(/alarms to acknowledge/);

    await alarms.acknowledge(unit.serialNumber);
    await expect(row.getByText('Active, acknowledged by engineer')).toBeVisible();

    await unit.restart(10);
    await page.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'All' }).click();
    await expect(row.getByText('Cleared, acknowledged by engineer')).toBeVisible({ timeout: 20_000 });

    // The list as filtered now (all statuses, this unit), downloaded as CSV.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('alarms.csv');
    const rows = parse<Record<string, string>>(await readFile(await download.path()), { columns: true });
    expect(rows).toEqual([
      expect.objectContaining({
        Unit: unit.serialNumber,
        Rule: 'E2E offline',
        Status: 'Cleared',
        'Acknowledged By': 'engineer',
      }),
    ]);
  } finally {
    await alarms.deleteRule('E2E offline');
    // Later tests count the demo fleet's units: the test's own goes.
    await fleet.stop();
    const stored = await page.evaluate(() => localStorage.getItem('user-token'));
    const token = stored ? (JSON.parse(stored) as { access_token: string }).access_token : '';
    await callRoute(page.request, alignersRoutes.deleteEquipment, {
      body: { serialNumber: unit.serialNumber },
      headers: { authorization: `Bearer ${token}` },
    });
  }
});

test('the list holds still under the pointer: a Clear hits the row read, and says the alarm may come back', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const pair = startOwnFleet({ units: 2, seed: 18_7 });
  await pair.ready;
  const [first, second] = pair.units as [(typeof pair.units)[number], (typeof pair.units)[number]];
  const login = new LoginPage(page);
  await login.open();
  await login.signIn('engineer', E2E.demoPassword);
  await new AppShell(page).expectSignedIn();
  const alarms = new AlarmsPage(page);
  await alarms.createOfflineRule('E2E hold still', 1);
  try {
    await alarms.open();
    await alarms.filterRule('E2E hold still');
    // The pointer away from the list until the test rests it there.
    await page.mouse.move(0, 0);
    await first.dropFor(600_000, 'clean');
    await expect(alarms.row(first.serialNumber)).toBeVisible({ timeout: 20_000 });

    // The pointer rests on the list while another alarm arrives: nothing moves under it.
    await alarms.grid().hover();
    await second.dropFor(600_000, 'clean');
    await expect(page.getByText('New alarms arrived: the list holds still under the pointer')).toBeVisible({
      timeout: 20_000,
    });
    await expect(alarms.row(second.serialNumber)).toBeHidden();
    await alarms
      .row(first.serialNumber)
      .getByRole('button', { name: `Clear the alarm on ${first.serialNumber}` })
      .click();
    await expect(
      page.getByText(
        `Cleared the alarm on ${first.serialNumber}. While its condition still holds, the rule raises it again at its next check.`,
      ),
    ).toBeVisible();

    // Once the pointer leaves, the list shows what arrived.
    await page.mouse.move(0, 0);
    await expect(alarms.row(second.serialNumber)).toBeVisible();
  } finally {
    await alarms.deleteRule('E2E hold still');
    await pair.stop();
    const headers = await headersOfPage(page);
    for (const unit of pair.units) {
      await callRoute(page.request, alignersRoutes.deleteEquipment, {
        body: { serialNumber: unit.serialNumber },
        headers,
      });
    }
  }
});
