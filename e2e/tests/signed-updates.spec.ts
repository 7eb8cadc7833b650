import { cp, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test } from '../support/test.js';
import { AppShell } from '../pages/app-shell.js';
import { LoginPage } from '../pages/login-page.js';
import { SoftwareVersionsPage } from '../pages/software-versions-page.js';
import { E2E } from '../support/e2e-env.js';

const updates = path.join(E2E.dataDir, 'updates');
const TAMPERED = 'tampered/gtps-1.5.0';

test.describe('signed updates', () => {
  test.beforeEach(async ({ page }) => {
    const login = new LoginPage(page);
    await login.open();
    await login.signIn('admin', E2E.adminPassword);
    await new AppShell(page).expectSignedIn();
  });
  test.afterAll(() => rm(path.join(updates, 'tampered'), { recursive: true, force: true }));

  test('a signed package validates with the keys that signed it; a tampered copy is refused', async ({ page }) => {
    const software = new SoftwareVersionsPage(page);
    await software.open();
    await software.tab('Tru-Point');
    const verified = await software.validateOnly('Create Tru-Point Update', 'demo/gtps-1.5.0');
    await expect(verified).toHaveText(
      /^The manifest was verified: version 1\.5\.0 \(demo-1\.5\.0\)\. Signed by demo-ops and demo-release, expires \d{4}-\d{2}-\d{2}; 2 files verified\.$/,
    );
    await expect(software.createDialog().getByRole('button', { name: 'Confirm' })).toBeVisible();
    await software.createDialog().getByRole('button', { name: 'Cancel' }).click();

    // The same package with one byte of its image changed, as someone with the disk could.
    await cp(path.join(updates, 'demo/gtps-1.5.0'), path.join(updates, TAMPERED), { recursive: true });
    const imageFile = path.join(updates, TAMPERED, 'gtps-1.5.0.swu');
    const bytes = await readFile(imageFile);
    bytes[0] = (bytes[0]! + 1) % 256;
    await writeFile(imageFile, bytes);
    const refused = await software.validateOnly('Create Tru-Point Update', TAMPERED);
    await expect(refused).toHaveText('file: gtps-1.5.0.swu does not match its signed SHA-256');
    await expect(software.createDialog().getByRole('button', { name: 'Confirm' })).toBeHidden();
  });

  test('Release Keys shows the trusted root, its thresholds and each key', async ({ page }) => {
    const software = new SoftwareVersionsPage(page);
    await software.open();
    await page.getByRole('button', { name: 'Release Keys' }).click();
    const dialog = page.getByRole('dialog', { name: 'Release Keys' });
    await expect(
      dialog.getByText(
        /^Root version 1, expires \d{4}-\d{2}-\d{2}: a new root needs 1 of 1 root keys; a release needs 2 of 2 release keys\.$/,
      ),
    ).toBeVisible();
    const keys = dialog.getByRole('table', { name: 'Trusted release keys' });
    await expect(keys.getByRole('row')).toHaveCount(4);
    await expect(keys.getByRole('row', { name: /^demo-release release / })).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Trust a New Root' })).toBeVisible();
  });
});
