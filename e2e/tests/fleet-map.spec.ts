import { type Page } from '@playwright/test';
import { expect, test } from '../support/test.js';
import { expectNoSeriousViolations } from '../pages/accessibility-scan.js';
import { AppShell } from '../pages/app-shell.js';
import { EquipmentPage } from '../pages/equipment-page.js';
import { FleetMapPage } from '../pages/fleet-map-page.js';
import { LoginPage } from '../pages/login-page.js';
import { E2E } from '../support/e2e-env.js';

async function signIn(page: Page, username: string) {
  const login = new LoginPage(page);
  await login.open();
  await login.signIn(username, username === 'admin' ? E2E.adminPassword : E2E.demoPassword);
  await new AppShell(page).expectSignedIn();
}

/** The country code of every unit the equipment list shows (its flags' alternative text). */
async function countriesListed(page: Page): Promise<string[]> {
  const list = new EquipmentPage(page);
  await expect(list.grid().getByRole('row').nth(1)).toBeVisible();
  return list
    .grid()
    .getByRole('row')
    .locator('img')
    .evaluateAll((imgs) => imgs.map((img) => img.getAttribute('alt') ?? ''));
}

test.describe('fleet map', () => {
  test('a click on a country opens the equipment list showing only that country’s units', async ({ page }) => {
    await signIn(page, 'admin');
    const map = new FleetMapPage(page);
    await map.openFromMenu();
    // The simulated fleet's largest country, first in the table (sorted by total).
    const [largest] = await map.rows();
    expect(largest!.total).toBeGreaterThan(0);
    const country = map.country(largest!.name);
    await expect(country).toHaveAccessibleName(`${largest!.name}: ${largest!.connected} / ${largest!.total} connected`);

    await country.click();
    await expect(page).toHaveURL(new RegExp(`/Aligners\\?country=${largest!.code}$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Equipment' })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Country Code' })).toHaveValue(largest!.code);
    await expect.poll(async () => [...new Set(await countriesListed(page))]).toEqual([largest!.code]);
    expect((await countriesListed(page)).length).toBe(Math.min(10, largest!.total));
  });

  test('the keyboard reaches a country on the map and opens its list; the table zooms into regions', async ({
    page,
  }) => {
    await signIn(page, 'admin');
    const map = new FleetMapPage(page);
    await map.openFromMenu();
    await expectNoSeriousViolations(page, 'Fleet Map');
    // The smallest country drawn on the map (the smallest islands have no shape at this scale).
    const rows = (await map.rows()).reverse();
    let smallest = rows[0]!;
    for (const row of rows) {
      if ((await map.country(row.name).count()) === 1) {
        smallest = row;
        break;
      }
    }

    await map
      .table()
      .getByRole('button', { name: `Regions of ${smallest.name}` })
      .click();
    await expect(page).toHaveURL(new RegExp(`/FleetMap\\?country=${smallest.code}$`));
    const regions = page.getByRole('table', { name: `Units per region of ${smallest.name}` });
    await expect(regions.getByRole('rowheader').first()).toBeVisible();
    await expect(page.getByRole('group', { name: `Map of ${smallest.name}` })).toBeVisible();
    await expectNoSeriousViolations(page, 'Fleet Map: regions');
    await page.getByRole('button', { name: 'Back to the world map' }).click();
    await expect(page).toHaveURL(/\/FleetMap$/);

    const country = map.country(smallest.name);
    await country.focus();
    await expect(map.pointedAt()).toHaveText(new RegExp(`^${smallest.name}: \\d+ / ${smallest.total} connected$`));
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/Aligners\\?country=${smallest.code}$`));
    await expect.poll(async () => [...new Set(await countriesListed(page))]).toEqual([smallest.code]);
  });

  test('is admin’s, like the spec’s maps menu item', async ({ page }) => {
    await signIn(page, 'engineer');
    await expect(new AppShell(page).menuLink('Fleet Map')).toHaveCount(0);
    await page.goto('/FleetMap');
    await expect(page.getByText('You do not have access to this screen.')).toBeVisible();
  });
});
