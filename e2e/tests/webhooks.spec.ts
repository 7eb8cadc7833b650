import { expect, test } from '../support/test.js';
import { AppShell } from '../pages/app-shell.js';
import { LoginPage } from '../pages/login-page.js';
import { WebhooksPage } from '../pages/webhooks-page.js';
import { E2E } from '../support/e2e-env.js';

test.beforeEach(async ({ page }) => {
  const login = new LoginPage(page);
  await login.open();
  await login.signIn('admin', E2E.adminPassword);
  await new AppShell(page).expectSignedIn();
});

test('an admin adds a webhook endpoint, sees its secret once, disables and deletes it', async ({ page }) => {
  const webhooks = new WebhooksPage(page);
  await webhooks.open();

  // The console's own network is not a webhook's destination.
  await webhooks.add('https://127.0.0.1/hooks', ['Alarm raised']);
  await expect(
    webhooks
      .addDialog()
      .getByText(/private|loopback/i)
      .first(),
  ).toBeVisible();
  await webhooks.addDialog().getByRole('button', { name: 'Cancel' }).click();

  const url = 'https://93.184.215.14/equipment-dashboard';
  await webhooks.add(url, ['Alarm raised', 'Ticket escalated']);
  const secret = page.getByRole('dialog').filter({ has: page.getByRole('textbox', { name: 'Signing secret' }) });
  await expect(secret.getByRole('textbox', { name: 'Signing secret' })).toHaveValue(/^whsec_/);
  await secret.getByRole('button', { name: 'Done' }).click();
  await expect(webhooks.row(url)).toContainText('Alarm raised, Ticket escalated');

  await webhooks
    .row(url)
    .getByRole('button', { name: `Disable ${url}` })
    .click();
  await expect(webhooks.row(url).getByRole('button', { name: `Enable ${url}` })).toBeVisible();
  await webhooks
    .row(url)
    .getByRole('button', { name: `Delete ${url}` })
    .click();
  await page.getByRole('dialog', { name: 'Delete Webhook Endpoint' }).getByRole('button', { name: 'Delete' }).click();
  await expect(webhooks.row(url)).toHaveCount(0);
});
