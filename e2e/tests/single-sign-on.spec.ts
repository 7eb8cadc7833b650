import { expect, test } from '../support/test.js';
import { PROVIDER_PASSWORD } from '../../apps/server/test/support/oidc-test-accounts.mjs';
import { AppShell } from '../pages/app-shell.js';
import { LoginPage } from '../pages/login-page.js';
import { SsoProviderPage } from '../pages/sso-provider-page.js';
import { E2E } from '../support/e2e-env.js';

const issuer = `http://127.0.0.1:${E2E.oidcPort}`;

test.describe('single sign-on', () => {
  test('SSO sign-in through the test provider', async ({ page }) => {
    const login = new LoginPage(page);
    await login.open();
    await login.ssoButton(E2E.ssoLabel).click();

    const provider = new SsoProviderPage(page);
    await provider.expectOpen(issuer);
    await provider.signIn('sso.engineer', PROVIDER_PASSWORD);

    const shell = new AppShell(page);
    await expect(page).toHaveURL(/\/$/);
    await shell.expectSignedIn();
    // The provider's groups claim made an engineer: the engineer's menu, not an admin's.
    await expect(shell.menuLink('Update Scheduler')).toBeVisible();
    await expect(shell.menuLink('Users')).toHaveCount(0);
    await shell.openAccountMenu();
    await expect(page.getByText('sso.engineer@provider.example · Engineer')).toBeVisible();
    // Its password is the provider's: nothing to change here.
    await expect(page.getByRole('menuitem', { name: 'Logout' })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'Change Password' })).toHaveCount(0);
    await shell.closeAccountMenu();

    await shell.signOut();
    // Local accounts still sign in beside it.
    await login.signIn('admin', E2E.adminPassword);
    await shell.expectSignedIn();
  });

  test('a person the role mapping gives no role is told so on the login page', async ({ page }) => {
    const login = new LoginPage(page);
    await login.open();
    await login.ssoButton(E2E.ssoLabel).click();
    await new SsoProviderPage(page).signIn('sso.visitor', PROVIDER_PASSWORD);

    await expect(login.error()).toHaveText(
      'Your account has no role on this console: the groups claim from Test Provider holds none of the values ' +
        'that map to a role. Ask an administrator for access.',
    );
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => localStorage.getItem('user-token'))).toBeNull();
  });
});
