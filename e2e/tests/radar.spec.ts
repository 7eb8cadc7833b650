import { expect, test } from '../support/test.js';
import { AppShell } from '../pages/app-shell.js';
import { EquipmentDetail } from '../pages/equipment-detail.js';
import { EquipmentPage, gates } from '../pages/equipment-page.js';
import { LoginPage } from '../pages/login-page.js';
import { RadarPage } from '../pages/radar-page.js';
import { E2E } from '../support/e2e-env.js';

test.describe('my radar', () => {
  test('a favorite appears on My Radar and its card follows a download live', async ({ page }) => {
    const login = new LoginPage(page);
    await login.open();
    await login.signIn('support_lvl2', E2E.demoPassword);
    await new AppShell(page).expectSignedIn();

    const unit = await new EquipmentPage(page).unitWhere(
      'has a software download pending and reports update status',
      (u) => u.pendingSoftwareDownload !== null && gates.updateStatus(u),
    );
    const serial = unit.serialNumber;
    const detail = new EquipmentDetail(page, serial);
    await detail.open();
    await detail.addToRadar();
    await detail.close();

    const radar = new RadarPage(page);
    await radar.open();
    const card = radar.card(serial);
    await expect(card).toBeVisible();
    await expect(card.getByText(unit.pendingSoftwareDownload!, { exact: true })).toBeVisible();
    await expect(radar.updateStatus(serial).getByText('Pending Download')).toBeVisible();

    await radar.runUpdateCommand(serial, 'Check Cloud');
    await radar.runUpdateCommand(serial, 'Download Updates');
    // Nothing reloads the radar: the label and the bar arrive by the server's live push.
    await radar
      .updateStatus(serial)
      .filter({ hasText: 'Downloading' })
      .filter({ has: page.getByRole('progressbar', { name: 'Software download progress' }) })
      .waitFor();
    await expect(radar.updateStatus(serial).getByText('Install Pending')).toBeVisible({ timeout: 30_000 });

    await card.getByRole('button', { name: 'Remove from My Radar' }).click();
    await expect(card).toBeHidden();
    await expect(page.getByText('NO FAVORITES ON RADAR')).toBeVisible();
  });
});
