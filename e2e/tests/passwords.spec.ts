import { expect, test } from '../support/test.js';
import { AppShell } from '../pages/app-shell.js';
import { LoginPage } from '../pages/login-page.js';
import { RequestResetPage, SetPasswordPage } from '../pages/password-reset-pages.js';
import { E2E } from '../support/e2e-env.js';
import { resetLinkFor } from '../support/outbox.js';

test.describe('passwords', () => {
  test('request a reset, follow the mailed link, set a new password and sign in with it', async ({ page }) => {
    const login = new LoginPage(page);
    await login.open();
    await page.getByRole('link', { name: 'request password reset' }).click();
    await expect(page).toHaveURL(/\/request_password_reset$/);

    const request = new RequestResetPage(page);
    await expect(request.button()).toBeDisabled();
    await request.request('guest');
    await expect(request.button()).toBeDisabled();

    await page.goto(await resetLinkFor('guest@equipment-dashboard.local'));
    const setPassword = new SetPasswordPage(page);
    await setPassword.expectOpen();
    await setPassword.fill('short');
    await expect(setPassword.button()).toBeDisabled();
    await setPassword.fill('guest-new-password-1', 'guest-new-password-2');
    await expect(setPassword.button()).toBeDisabled();
    await setPassword.fill('guest-new-password-1');
    await setPassword.button().click();

    await expect(page).toHaveURL(/\/login$/);
    await login.signIn('guest', E2E.demoPassword);
    await expect(login.error()).toHaveText(/Invalid username or password\./);
    await login.signIn('guest', 'guest-new-password-1');
    await new AppShell(page).expectSignedIn();
  });

  test('a used or forged reset link says something went wrong', async ({ page }) => {
    await page.goto('/reset_password?token=forged-token');
    const setPassword = new SetPasswordPage(page);
    await setPassword.expectOpen();
    await setPassword.fill('a-good-new-password');
    await setPassword.button().click();
    await expect(page.getByText('Something went wrong...')).toBeVisible();
    await expect(page.getByText(/invalid, used or expired/)).toBeVisible();
  });

  test('Change Password enables its button only for a valid change, and the change holds', async ({ page }) => {
    const login = new LoginPage(page);
    const shell = new AppShell(page);
    await login.open();
    await login.signIn('ezadas', E2E.demoPassword);
    await shell.expectSignedIn();
    await shell.openChangePassword();

    await expect(shell.changeButton()).toBeDisabled();
    await shell.fillChangePassword('', 'ezadas-new-password');
    await expect(shell.changeButton()).toBeDisabled();
    await shell.fillChangePassword(E2E.demoPassword, 'too-short');
    await expect(shell.changeButton()).toBeDisabled();
    await shell.fillChangePassword(E2E.demoPassword, E2E.demoPassword);
    await expect(shell.changeButton()).toBeDisabled();

    await shell.fillChangePassword('a-wrong-current-pass', 'ezadas-new-password');
    await shell.changeButton().click();
    await expect(shell.changePasswordDialog().getByText('The current password is incorrect.')).toBeVisible();

    await shell.fillChangePassword(E2E.demoPassword, 'ezadas-new-password');
    await expect(shell.changeButton()).toBeEnabled();
    await shell.changeButton().click();
    await expect(shell.changePasswordDialog()).toBeHidden();
    await shell.expectNotice('Password changed.');

    await shell.signOut();
    await login.signIn('ezadas', 'ezadas-new-password');
    await shell.expectSignedIn();
  });
});
