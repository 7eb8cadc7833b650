import { expect, test } from '../support/test.js';
import { AppShell } from '../pages/app-shell.js';
import { LoginPage } from '../pages/login-page.js';
import { SpecUpdatesPage } from '../pages/spec-updates-page.js';
import { E2E } from '../support/e2e-env.js';

test('an engineer creates a spec release from the demo package and deactivates it', async ({ page }) => {
  const login = new LoginPage(page);
  await login.open();
  await login.signIn('engineer', E2E.demoPassword);
  await new AppShell(page).expectSignedIn();

  const specs = new SpecUpdatesPage(page);
  await specs.openReleases();
  await specs.create('demo/specs-2026-12', 'ZZ9*');
  const row = specs.row('NA-2026-12');
  await expect(row).toContainText('demo/specs-2026-12');
  await expect(row.locator('[data-field="active"]')).toHaveText('yes');
  await expect(row.locator('[data-field="filter"]')).toHaveText('yes');

  await specs.deactivate('NA-2026-12');
  await expect(row.locator('[data-field="active"]')).toHaveText('no');
});
