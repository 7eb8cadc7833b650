import { expect, test } from '../support/test.js';
import { AppShell } from '../pages/app-shell.js';
import { EquipmentDetail } from '../pages/equipment-detail.js';
import { EquipmentPage, gates } from '../pages/equipment-page.js';
import { LoginPage } from '../pages/login-page.js';
import { Notice } from '../pages/notice.js';
import { isRed } from '../support/contrast.js';
import { E2E } from '../support/e2e-env.js';

test.describe('notices', () => {
  test.beforeEach(async ({ page }) => {
    const login = new LoginPage(page);
    await login.open();
    await login.signIn('admin', E2E.adminPassword);
    await new AppShell(page).expectSignedIn();
  });

  test('the newest notice replaces the one showing, and a failure reads as a red error alert', async ({ page }) => {
    const list = new EquipmentPage(page);
    const notice = new Notice(page);
    await list.open();
    await list.search('zzz11111');
    const first = 'Serial number ZZZ11111 not found.';
    await expect(notice.error(first)).toBeVisible();
    expect(isRed(await notice.fill(first)), 'an error is drawn red').toBe(true);

    await list.search('zzz22222');
    await expect(notice.error('Serial number ZZZ22222 not found.')).toBeVisible();
    await expect(page.getByText(first)).toHaveCount(0);
  });

  test('a notice raised in a dialog is announced and its CLOSE reached from the keyboard', async ({ page }) => {
    const unit = await new EquipmentPage(page).unitWhere(
      'logs at WARN and may change its level',
      (u) => u.logLevel === 'WARN' && gates.loggingLevel(u),
    );
    const detail = new EquipmentDetail(page, unit.serialNumber);
    const notice = new Notice(page);
    await detail.open();
    await detail.command('RAISE LOG LEVEL').click();
    const text = `Logging Level: done on ${unit.serialNumber}.`;
    // Found by its role: not inside anything the open dialog hides from screen readers.
    await expect(notice.status(text)).toBeVisible();
    await expect(detail.dialog()).toBeVisible();

    // The dialog keeps the keyboard inside it; going backwards from its first control wraps to the notice.
    const close = notice.closeButton(text);
    await detail.dialog().getByRole('button', { name: 'Close', exact: true }).focus();
    for (let i = 0; i < 40 && !(await close.evaluate((el) => el === document.activeElement)); i += 1) {
      await page.keyboard.press('Shift+Tab');
    }
    await expect(close).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(notice.status(text)).toHaveCount(0);
    await expect(detail.dialog()).toBeVisible();

    await detail.command('LOWER LOG LEVEL').click();
    await expect(detail.command('RAISE LOG LEVEL')).toBeVisible();
  });
});
