import { type Page } from '@playwright/test';
import { expect, test } from '../support/test.js';
import { AppShell } from '../pages/app-shell.js';
import { LoginPage } from '../pages/login-page.js';
import { MessagingPage } from '../pages/messaging-page.js';
import { NotificationsPage } from '../pages/notifications-page.js';
import { UnitClaimsPage } from '../pages/unit-claims-page.js';
import { UsersPage } from '../pages/users-page.js';
import { E2E } from '../support/e2e-env.js';
import { devicesRoutes } from '@ed/contract/routes/devices';
import { callRoute } from '../support/api-client.js';

async function signIn(page: Page, username: string, password: string) {
  const login = new LoginPage(page);
  await login.open();
  await login.signIn(username, password);
  await new AppShell(page).expectSignedIn();
}

test.describe('administration', () => {
  test('an admin creates a user who then signs in', async ({ page }) => {
    await signIn(page, 'admin', E2E.adminPassword);
    const users = new UsersPage(page);
    await users.open();
    const username = `nora${Date.now().toString(36)}`;
    const password = 'nora-password-e2e';
    await users.create({ username, password, email: `${username}@example.com`, role: 'Engineer' });
    await new AppShell(page).expectNotice(`User ${username} was created.`);
    await users.filter(username);
    await expect(users.row(username)).toContainText('Engineer');
    await expect(users.row(username)).toContainText('Yes');

    await new AppShell(page).signOut();
    await signIn(page, username, password);
    await expect(new AppShell(page).menuLink('Messaging')).toBeVisible();
    await expect(new AppShell(page).menuLink('Users')).toBeHidden();
  });

  test('a draft is submitted, approved by another user, and moves from tab to tab', async ({ page }) => {
    await signIn(page, 'engineer', E2E.demoPassword);
    const messaging = new MessagingPage(page);
    await messaging.open();
    const header = `Winter check ${Date.now().toString(36)}`;
    const { wizard } = await messaging.createDraft(
      { header, body: 'Book a calibration check before the season.', callToAction: 'Call your dealer' },
      'Serial Number\nV33CQ0123\n\nnot-a-serial\nV33CQ0123\nHE1DR1234\n',
    );
    await expect(wizard.dialog.getByText('2 serial numbers')).toBeVisible();
    await expect(
      wizard.dialog.getByText('1 duplicate removed. Invalid serial number left out: line 4 "not-a-serial".'),
    ).toBeVisible();
    await wizard.save('Save');
    await expect(messaging.row('My Drafts', header)).toBeVisible();

    await messaging.editRow('My Drafts', header, 'Edit message', 'Save and Submit');
    await expect(messaging.row('My Drafts', header)).toBeHidden();
    await messaging.showTab('Pending Approval');
    await expect(messaging.row('Pending Approval', header)).toBeVisible();

    await new AppShell(page).signOut();
    await signIn(page, 'admin', E2E.adminPassword);
    await messaging.open();
    await messaging.showTab('Other Drafts');
    await messaging.showTab('Pending Approval');
    await messaging.editRow('Pending Approval', header, 'Edit and approve', 'Save and Approve');
    await expect(messaging.row('Pending Approval', header)).toBeHidden();
    // It starts today, so the server's timed job moves it on to Active within seconds.
    await messaging.showTab('Active');
    await expect(messaging.row('Active', header)).toBeVisible({ timeout: 25_000 });
    await messaging
      .row('Active', header)
      .getByRole('button', { name: /^Preview message/ })
      .click();
    const preview = page.getByRole('dialog', { name: /^Message \d+$/ });
    await expect(preview.getByText('Status: active')).toBeVisible();
    await expect(preview.getByText('Call your dealer')).toBeVisible();
  });

  test('a notification targets a country, region and city chosen from the fleet’s lists', async ({ page }) => {
    await signIn(page, 'engineer', E2E.demoPassword);
    const notifications = new NotificationsPage(page);
    await notifications.open();
    const name = `Winter promo ${Date.now().toString(36)}`;
    const place = await notifications.create(name);
    const row = notifications.row(name);
    await expect(row).toContainText(`all: ${place.city}, ${place.region}, ${place.country}`);
    await expect(row).toContainText('text/html');
    // The units in that city receive it over MQTT; the count comes back from the server.
    await expect(row.getByRole('gridcell').last()).not.toHaveText('0', { timeout: 25_000 });
  });

  test('a unit that lost its credential gets its serial number back once an admin approves its claim', async ({
    page,
  }) => {
    const serialNumber = `V33CL${Date.now().toString().slice(-4)}`;
    const register = (extra: Record<string, string> = {}) =>
      callRoute(page.request, devicesRoutes.register, {
        body: { serialNumber, enrollmentKey: E2E.enrollmentKey, ...extra },
      });
    expect((await register()).status()).toBe(200);
    // The unit's storage is replaced: it asks again with the fleet's key alone.
    const asked = await register();
    expect(asked.status()).toBe(202);
    const { claimToken } = (await asked.json()) as { claimToken: string };

    await signIn(page, 'admin', E2E.adminPassword);
    await new AppShell(page).menuLink('Unit Claims').click();
    const claims = new UnitClaimsPage(page);
    await expect(claims.row(serialNumber)).toContainText('Waiting');
    await claims.decide(serialNumber, 'Approve');
    await new AppShell(page).expectNotice(
      `The claim to ${serialNumber} was approved: the unit gets its credential at its next try.`,
    );
    await expect(claims.row(serialNumber)).toHaveCount(0);

    const issued = await register({ claimToken });
    expect(issued.status()).toBe(200);
    expect(((await issued.json()) as { deviceToken: string }).deviceToken).toBeTruthy();
  });
});
