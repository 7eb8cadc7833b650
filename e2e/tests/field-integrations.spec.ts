import { expect, test } from '../support/test.js';
import { AppShell } from '../pages/app-shell.js';
import { EasyPage } from '../pages/easy-page.js';
import { EquipmentPage } from '../pages/equipment-page.js';
import { LoginPage } from '../pages/login-page.js';
import { TruPointPage, VendorClient } from '../pages/trupoint-page.js';
import { E2E } from '../support/e2e-env.js';
import { devicesRoutes } from '@ed/contract/routes/devices';
import { easyRoutes } from '@ed/contract/routes/easy';
import { callRoute } from '../support/api-client.js';

test.describe('field integrations', () => {
  test.beforeEach(async ({ page }) => {
    const login = new LoginPage(page);
    await login.open();
    await login.signIn('admin', E2E.adminPassword);
    await new AppShell(page).expectSignedIn();
  });

  test('an EZ ADAS fixture is created, subscribed, activated by a unit and reset', async ({ page }) => {
    const serial = `E2E-${Date.now().toString(36).toUpperCase()}`;
    const easy = new EasyPage(page);
    await easy.open();
    await easy.createFixture(serial);
    await easy.expectNotice(`EZ ADAS fixture ${serial} was created`);
    await easy.filter(serial);
    await expect(easy.cell(serial, 2)).toHaveText('Included');
    await expect(easy.cell(serial, 3)).toHaveText('N/A');

    await easy.changeSubscription(serial, 'Premium + VAG');
    await easy.expectNotice(`EZ ADAS ${serial} subscription updated`);
    await expect(easy.cell(serial, 2)).toHaveText('Premium + VAG');
    await expect(easy.cell(serial, 3)).toHaveText(/^\d{1,2}\/\d{1,2}\/\d{4}$/);

    // A unit activates the demo's VAG target with the fixture through the device API.
    const unit = 'V33CE2E01';
    const registered = await callRoute(page.request, devicesRoutes.register, {
      body: { serialNumber: unit, enrollmentKey: E2E.enrollmentKey },
    });
    expect(registered.status()).toBe(200);
    const credential = await registered.json();
    // 200 is the registered answer; 202 (a claim waiting for an administrator) has no token.
    if (!('deviceToken' in credential)) throw new Error(`unit not registered: ${JSON.stringify(credential)}`);
    const basic = Buffer.from(`${unit}:${credential.deviceToken}`).toString('base64');
    for (let i = 0; i < 2; i++) {
      const activated = await callRoute(page.request, easyRoutes.activate, {
        headers: { Authorization: `Basic ${basic}` },
        body: { fixtureSerialNumber: serial, targetId: 401 },
      });
      expect(activated.status()).toBe(200);
    }
    await page.reload();
    await easy.filter(serial);
    await expect(easy.cell(serial, 1)).toHaveText('2');

    await easy.resetActivations(serial);
    await easy.expectNotice(`EZ ADAS fixture ${serial} reset`);
    await expect(easy.cell(serial, 1)).toHaveText('0');
    await easy.resetActivations(serial);
    await easy.expectNotice(`EZ ADAS fixture ${serial} has no activations`);
  });

  test('a vendor pairing moves from Active to Completed with the calibrations the Tru-Point ran', async ({ page }) => {
    test.setTimeout(60_000);
    const truPoints = (await new EquipmentPage(page).units())
      .filter((u) => u.connected && u.family === 'gtps')
      .map((u) => u.serialNumber);
    expect(truPoints.length).toBeGreaterThan(0);
    const screen = new TruPointPage(page);
    await screen.open();
    const vendor = new VendorClient(page.request, await screen.issueVendorKey(`E2E Shop ${Date.now()}`));
    const alignmentId = `AL-E2E-${Date.now()}`;
    const serial = await vendor.pair(alignmentId, truPoints);

    await screen.showTab('Active');
    await expect(screen.row('Active', alignmentId)).toContainText(serial);
    await screen.showTab('Completed');
    await expect(screen.row('Completed', alignmentId)).toBeVisible({ timeout: 30_000 });
    await screen.openDetail('Completed', alignmentId);
    const detail = screen.detail(alignmentId);
    await expect(detail.getByText(`Tru-Point Serial Number: ${serial}`)).toBeVisible();
    const calibrations = detail.getByRole('table', { name: 'Calibrations' });
    for (const name of ['Runout Compensation', 'Camera Alignment', 'Target Verification']) {
      await expect(calibrations.getByRole('row').filter({ hasText: name })).toBeVisible();
    }
  });
});
