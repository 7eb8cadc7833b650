import { expect, test } from '../support/test.js';
import { AppShell } from '../pages/app-shell.js';
import { EquipmentDetail } from '../pages/equipment-detail.js';
import { EquipmentPage, gates } from '../pages/equipment-page.js';
import { HomePage } from '../pages/home-page.js';
import { LoginPage } from '../pages/login-page.js';
import { E2E } from '../support/e2e-env.js';

test.describe('home dashboard', () => {
  test('the counters show the fleet, and Connected Equipment moves when a unit drops', async ({ page, context }) => {
    const login = new LoginPage(page);
    await login.open();
    await login.signIn('admin', E2E.adminPassword);
    await new AppShell(page).expectSignedIn();

    const home = new HomePage(page);
    await home.open();
    expect(await home.count('Total Equipment')).toBeGreaterThan(0);
    await expect.poll(() => home.count('Connected Users')).toBeGreaterThanOrEqual(1);
    await expect(page.getByRole('img', { name: /^\d+% of equipment connected$/ })).toBeVisible();
    await expect(page.getByRole('img', { name: /^Connected equipment over the last \d+ samples/ })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Service status' }).getByRole('listitem')).toHaveCount(13);
    await expect(page.getByRole('button', { name: 'Restart gateway' })).toBeVisible();

    const unit = await new EquipmentPage(page).unitWhere(
      'may have its serial reset and has nothing pending',
      (u) => u.family === 'aligner' && gates.updateStatus(u) && u.pendingSoftwareDownload === null,
    );
    const connected = await home.count('Connected Equipment');
    await home.recordCounts('Connected Equipment');

    // In a second tab of the same session: Reset Serial, which makes the unit drop off and come back renamed.
    const renamed = `${unit.serialNumber.slice(0, 5)}${unit.serialNumber.length === 8 ? '999' : '9999'}`;
    const tab = await context.newPage();
    const detail = new EquipmentDetail(tab, unit.serialNumber);
    await detail.open();
    await detail.command('Reset Serial').click();
    const reset = tab.getByRole('dialog', { name: 'Reset Serial' });
    await reset.getByLabel('New Serial Number').fill(renamed);
    await reset.getByRole('button', { name: 'Change' }).click();
    await new EquipmentDetail(tab, renamed).expectOpen();
    await expect(tab).toHaveURL(new RegExp(`\\?serial=${renamed}$`));

    await home.waitForCount('Connected Equipment', connected - 1);
    await expect(home.stat('Connected Equipment')).toHaveAccessibleName(`Connected Equipment: ${connected}`);
  });
});
