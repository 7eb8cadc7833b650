import { type Page } from '@playwright/test';
import { expect, test } from '../support/test.js';
import { AppShell } from '../pages/app-shell.js';
import { EquipmentDetail } from '../pages/equipment-detail.js';
import { EquipmentPage, gates } from '../pages/equipment-page.js';
import { LoginPage } from '../pages/login-page.js';
import { E2E } from '../support/e2e-env.js';

async function signIn(page: Page, username: string) {
  const login = new LoginPage(page);
  await login.open();
  await login.signIn(username, username === 'admin' ? E2E.adminPassword : E2E.demoPassword);
  await new AppShell(page).expectSignedIn();
}

test.describe('equipment', () => {
  test('the top bar search opens the detail of a unit, and says when there is none', async ({ page }) => {
    await signIn(page, 'admin');
    const list = new EquipmentPage(page);
    await list.open();
    const serial = await list.firstSerial();

    await list.search(serial.toLowerCase());
    const detail = new EquipmentDetail(page, serial);
    await detail.expectOpen();
    await expect(page).toHaveURL(new RegExp(`/Aligners\\?serial=${serial}$`));
    await expect(detail.dialog().getByText('Software Version', { exact: true })).toBeVisible();

    await detail.close();
    await expect(page).toHaveURL(/\/Aligners$/);
    await list.search('zzz99999');
    await expect(page.getByText('Serial number ZZZ99999 not found.')).toBeVisible();
  });

  test('the search opens the detail over the screen the user is on, which stays behind it', async ({ page }) => {
    await signIn(page, 'admin');
    const list = new EquipmentPage(page);
    await list.open();
    const serial = await list.firstSerial();
    await new AppShell(page).menuLink('Support Tickets').click();
    await expect(page.getByRole('heading', { level: 1, name: 'Support Tickets' })).toBeVisible();

    await list.search(serial);
    const detail = new EquipmentDetail(page, serial);
    await detail.expectOpen();
    await expect(page).toHaveURL(new RegExp(`/SupportTickets\\?serial=${serial}$`));
    await detail.close();
    await expect(page).toHaveURL(/\/SupportTickets$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Support Tickets' })).toBeVisible();
  });

  test("a mistyped address shows the app's own Page not found", async ({ page }) => {
    await signIn(page, 'admin');
    for (const address of ['/nope', '/users', '/Users/x']) {
      const answer = await page.goto(address);
      expect(answer?.status()).toBe(404);
      await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    }
  });

  test('a screen shot taken from the detail shows up in the screen shots dialog', async ({ page }) => {
    await signIn(page, 'engineer');
    const unit = await new EquipmentPage(page).unitWhere('takes screen shots', gates.screenShot);
    const detail = new EquipmentDetail(page, unit.serialNumber);
    await detail.open();

    await detail.command('Screen Shot').click();
    await expect(detail.screenShots()).toBeVisible();
    const thumbnail = detail
      .screenShots()
      .getByRole('img', { name: new RegExp(`^Screen shot of ${unit.serialNumber}`) });
    await expect(thumbnail.first()).toBeVisible();
    await expect(thumbnail.first()).toHaveJSProperty('naturalWidth', 96);

    const download = page.waitForEvent('download');
    await detail
      .screenShots()
      .getByRole('button', { name: /^Download screen shot/ })
      .first()
      .click();
    expect((await download).suggestedFilename()).toMatch(/\.png$/);
  });

  test('RAISE LOG LEVEL sends INFO and the button flips to LOWER LOG LEVEL', async ({ page }) => {
    await signIn(page, 'admin');
    const unit = await new EquipmentPage(page).unitWhere(
      'logs at WARN and may change its level',
      (u) => u.logLevel === 'WARN' && gates.loggingLevel(u),
    );
    const detail = new EquipmentDetail(page, unit.serialNumber);
    await detail.open();
    await expect(detail.dialog().getByText('WARN', { exact: true })).toBeVisible();

    await detail.command('RAISE LOG LEVEL').click();
    await expect(detail.command('LOWER LOG LEVEL')).toBeVisible();
    await expect(detail.dialog().getByText('INFO', { exact: true })).toBeVisible();

    // Back to where it was, read again from the server.
    await detail.command('LOWER LOG LEVEL').click();
    await expect(detail.command('RAISE LOG LEVEL')).toBeVisible();
    await page.reload();
    await expect(detail.command('RAISE LOG LEVEL')).toBeVisible();
  });

  test('a log level raised for 15 minutes is lowered by the server when they are up', async ({ page }) => {
    await signIn(page, 'admin');
    const unit = await new EquipmentPage(page).unitWhere(
      'logs at WARN and may change its level',
      (u) => u.logLevel === 'WARN' && gates.loggingLevel(u),
    );
    const detail = new EquipmentDetail(page, unit.serialNumber);
    await detail.open();
    await detail.elevateFor('15 min');
    await detail.command('RAISE LOG LEVEL').click();
    await expect(detail.command('LOWER LOG LEVEL')).toBeVisible();
    // The e2e server's elevation minute is 400 ms: 15 minutes are 6 s.
    await expect(detail.elevations()).toHaveText(/^Log level INFO until \d\d:\d\d \((1[45] min left|reverting…)\)$/);
    await expect(detail.command('RAISE LOG LEVEL')).toBeVisible({ timeout: 30_000 });
    await expect(detail.elevations()).toBeHidden();
    await expect(detail.dialog().getByText('WARN', { exact: true })).toBeVisible();
  });

  test('a support user sees no Delete in the list and no Open Port in the detail', async ({ page }) => {
    await signIn(page, 'support');
    const list = new EquipmentPage(page);
    await list.open();
    const serial = await list.firstSerial();
    await expect(list.rowActions(serial).getByRole('button', { name: 'View Aligner Details' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Delete Equipment' })).toHaveCount(0);

    await list.rowActions(serial).getByRole('button', { name: 'View Aligner Details' }).click();
    const detail = new EquipmentDetail(page, serial);
    await detail.expectOpen();
    await expect(detail.command('Open Port')).toHaveCount(0);
    await expect(detail.command('Reset Serial')).toHaveCount(0);
    await expect(detail.command('Open Ticket')).toBeEnabled();
  });

  test('an admin may delete, after confirming', async ({ page }) => {
    await signIn(page, 'admin');
    const list = new EquipmentPage(page);
    await list.open();
    const serial = await list.firstSerial();
    await list.rowActions(serial).getByRole('button', { name: 'Delete Equipment' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete Equipment' });
    await expect(confirm.getByText(`Are you sure you want to delete ${serial}?`)).toBeVisible();
    await confirm.getByRole('button', { name: 'No' }).click();
    await expect(confirm).toBeHidden();
    await expect(list.rowActions(serial)).toBeVisible();
  });
});
