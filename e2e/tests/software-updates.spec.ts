import { expect, test } from '../support/test.js';
import { savedViewsRoutes } from '@ed/contract/routes/saved-views';
import { AppShell } from '../pages/app-shell.js';
import { EquipmentDetail } from '../pages/equipment-detail.js';
import { EquipmentPage, gates, type UnitSummary } from '../pages/equipment-page.js';
import { LoginPage } from '../pages/login-page.js';
import { RadarPage } from '../pages/radar-page.js';
import { SoftwareVersionsPage } from '../pages/software-versions-page.js';
import { callRoute } from '../support/api-client.js';
import { headersOfPage } from '../support/api-session.js';
import { E2E } from '../support/e2e-env.js';

const below = (u: UnitSummary, version: string) => {
  const a = (u.version?.semantic ?? '0').split('.').map(Number);
  const b = version.split('.').map(Number);
  for (let i = 0; i < 3; i += 1) if ((a[i] ?? 0) !== (b[i] ?? 0)) return (a[i] ?? 0) < (b[i] ?? 0);
  return false;
};

test.describe('software updates', () => {
  test.beforeEach(async ({ page }) => {
    const login = new LoginPage(page);
    await login.open();
    await login.signIn('engineer', E2E.demoPassword);
    await new AppShell(page).expectSignedIn();
  });

  test('an update from a demo package reaches a favorite unit: download, install, green chip', async ({ page }) => {
    test.setTimeout(150_000);
    const software = new SoftwareVersionsPage(page);
    await software.open();
    await software.createAlignerUpdate('demo/aligner-5.3.0', '5.3.0');

    const unit = await new EquipmentPage(page).unitWhere(
      'is an aligner below 5.3.0 with update status and nothing pending',
      (u) => u.family === 'aligner' && gates.updateStatus(u) && u.pendingSoftwareDownload === null && below(u, '5.3.0'),
    );
    const serial = unit.serialNumber;
    const detail = new EquipmentDetail(page, serial);
    await detail.open();
    await detail.addToRadar();
    await detail.stage('5.3.0');
    await detail.close();

    const radar = new RadarPage(page);
    await radar.open();
    const card = radar.card(serial);
    await expect(card.getByText('5.3.0', { exact: true })).toBeVisible();
    await radar
      .updateStatus(serial)
      .filter({ hasText: 'Downloading' })
      .filter({ has: page.getByRole('progressbar', { name: 'Software download progress' }) })
      .waitFor({ timeout: 30_000 });
    await expect(radar.updateStatus(serial).getByText('Install Complete')).toBeVisible({ timeout: 90_000 });
    const chip = card.locator('[data-status]').filter({ hasText: '5.3.0' });
    await expect(chip).toHaveAttribute('data-status', 'current');
  });

  test("three aligners scheduled for a day show that day's load in green", async ({ page }) => {
    // Below every published version: a unit already on it would be left out of the schedule.
    const aligners = (await new EquipmentPage(page).units())
      .filter((u) => u.family === 'aligner' && below(u, '5.2.0'))
      .slice(0, 3);
    expect(aligners).toHaveLength(3);
    const software = new SoftwareVersionsPage(page);
    await software.open();
    const day = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
    await software.schedule(aligners.map((u) => u.serialNumber).join(','), day, 3);
    const load = software.dayLoad(day);
    await expect(load).toHaveText(`${day}: 3`);
    await expect(load).toHaveAttribute('data-load', 'green');

    await software.scheduleDialog().getByRole('textbox', { name: 'Serial number pattern' }).fill('ZZZZZZZZ9');
    await software.scheduleDialog().getByRole('button', { name: 'Search' }).click();
    await expect(
      software
        .scheduleDialog()
        .getByText('No aligners match your serial number pattern.  Please try a different search.'),
    ).toBeVisible();
    await expect(software.scheduleDialog().getByRole('button', { name: 'Confirm' })).toBeHidden();
  });

  test('a saved view scheduled: the dialog says how many, and shows no problem afterwards', async ({ page }) => {
    const aligners = (await new EquipmentPage(page).units())
      .filter((u) => u.family === 'aligner' && below(u, '5.2.0'))
      .slice(3, 5);
    expect(aligners).toHaveLength(2);
    const headers = await headersOfPage(page);
    const created = await callRoute(page.request, savedViewsRoutes.createSavedView, {
      body: {
        name: 'E2E two aligners',
        shared: false,
        filter: { family: 'aligner', serialNumber: aligners.map((u) => u.serialNumber).join(',') },
      },
      headers,
    });
    expect(created.status()).toBe(200);
    const { id } = (await created.json()) as { id: number };
    try {
      const software = new SoftwareVersionsPage(page);
      await software.open();
      const day = new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10);
      await software.scheduleView('E2E two aligners', day, 2);
      // The dialog is ready for another: its pattern is empty, and no mistake is shown for it.
      const pattern = software.scheduleDialog().getByRole('textbox', { name: 'Serial number pattern' });
      await expect(pattern).toHaveValue('');
      await expect(pattern).toHaveAttribute('aria-invalid', 'false');
      await expect(software.scheduleDialog().getByText(/required/)).toBeHidden();
    } finally {
      await callRoute(page.request, savedViewsRoutes.deleteSavedView, { body: { id }, headers });
    }
  });
});
