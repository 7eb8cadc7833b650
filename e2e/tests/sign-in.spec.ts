import { expect, test } from '../support/test.js';
import { AppShell } from '../pages/app-shell.js';
import { LoginPage } from '../pages/login-page.js';
import { E2E } from '../support/e2e-env.js';

test.describe('sign-in', () => {
  test('a visitor is sent to /login, signs in, and signs out again', async ({ page }) => {
    await page.goto('/SupportTickets');
    await expect(page).toHaveURL(/\/login$/);
    const login = new LoginPage(page);
    await login.signIn('admin', E2E.adminPassword);

    const shell = new AppShell(page);
    await expect(page).toHaveURL(/\/$/);
    await shell.expectSignedIn();
    expect(await page.evaluate(() => localStorage.getItem('user-token'))).toContain('access_token');

    await shell.signOut();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByText('You need to sign in...')).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('user-token'))).toBeNull();
  });

  test('a wrong password keeps the user on /login with a clear message', async ({ page }) => {
    const login = new LoginPage(page);
    await login.open();
    await login.signIn('admin', 'not-the-password');
    await expect(login.error()).toHaveText(/Invalid username or password\./);
    await expect(page).toHaveURL(/\/login$/);
  });

  test('a signed-in user opening a public route goes to /', async ({ page }) => {
    const login = new LoginPage(page);
    await login.open();
    await login.signIn('tech', E2E.demoPassword);
    await new AppShell(page).expectSignedIn();
    await page.goto('/login');
    await expect(page).toHaveURL(/\/$/);
  });

  test('admin sees Users in the menu and support does not', async ({ page }) => {
    const login = new LoginPage(page);
    const shell = new AppShell(page);
    await login.open();
    await login.signIn('admin', E2E.adminPassword);
    await shell.expectSignedIn();
    await expect(shell.menuLink('Users')).toBeVisible();
    await expect(shell.menuLink('Notifications / Ads')).toBeVisible();
    await shell.menuLink('Users').click();
    await expect(page.getByRole('heading', { name: 'Users' })).toBeVisible();
    await expect(page.getByRole('grid', { name: 'Users' })).toBeVisible();
    await shell.signOut();

    await login.signIn('support', E2E.demoPassword);
    await shell.expectSignedIn();
    await expect(shell.menuLink('Equipment')).toBeVisible();
    await expect(shell.menuLink('Tru-Point')).toBeVisible();
    await expect(shell.menuLink('Users')).toHaveCount(0);
    await expect(shell.menuLink('Update Scheduler')).toHaveCount(0);
    await page.goto('/Users');
    await expect(page.getByText('You do not have access to this screen.')).toBeVisible();
  });
});
