import { type Locator, type Page } from '@playwright/test';
import { expect, test } from '../support/test.js';
import { AppShell } from '../pages/app-shell.js';
import { EquipmentPage } from '../pages/equipment-page.js';
import { LoginPage } from '../pages/login-page.js';
import { UpdateSchedulerPage } from '../pages/update-scheduler-page.js';
import { E2E } from '../support/e2e-env.js';

const LAPTOP = { width: 1280, height: 800 };

/** Every table of the app: its screen, the tab that shows it, and its name. */
const TABLES: { path: string; tab?: string; grid: string }[] = [
  { path: '/Aligners', grid: 'Equipment' },
  { path: '/SupportTickets', grid: 'Support tickets' },
  { path: '/UpdateScheduler', grid: 'Update scheduler units' },
  { path: '/Users', grid: 'Users' },
  { path: '/Notifications', grid: 'Notifications' },
  { path: '/Messaging', grid: 'My Drafts' },
  { path: '/Easy', grid: 'Fixtures' },
  { path: '/Easy', tab: 'Targets', grid: 'Targets' },
  { path: '/TruPoint', grid: 'Active pairings' },
  { path: '/TruPoint', tab: 'Aborted', grid: 'Aborted pairings' },
  { path: '/CameraCal', grid: 'Camera calibrations' },
  { path: '/AIKnow', tab: 'Chats', grid: 'Chat sessions' },
  { path: '/SpecUpdates', tab: 'Spec Releases', grid: 'Spec releases' },
  { path: '/Audits', grid: 'Audit log' },
  { path: '/UnitClaims', grid: 'Unit Claims' },
  { path: '/Webhooks', grid: 'Webhook Endpoints' },
  { path: '/Webhooks', grid: 'Webhook Deliveries' },
  { path: '/Alarms', grid: 'Alarms' },
  { path: '/Alarms', tab: 'Rules', grid: 'Alarm Rules' },
];

async function showTable(page: Page, { path, tab, grid }: (typeof TABLES)[number]) {
  await page.goto(path);
  if (tab) await page.getByRole('tab', { name: tab, exact: true }).click();
  const table = page.getByRole('grid', { name: grid });
  await expect(table.getByRole('columnheader').first()).toBeVisible();
  return table;
}

/** The element lies wholly between the viewport's left and right edges. */
async function expectInsideViewport(element: Locator) {
  const box = await element.boundingBox();
  expect(box, 'the element is rendered').not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(LAPTOP.width);
}

/** No text of the element is cut (neither a second line nor past the right edge). */
async function expectWhole(element: Locator) {
  const cut = await element.evaluate((el) => {
    const text = el.querySelector('span') ?? el;
    return text.scrollWidth > text.clientWidth + 1 || text.scrollHeight > text.clientHeight + 1;
  });
  expect(cut, `"${await element.textContent()}" is shown whole`).toBe(false);
}

test.describe('tables on a 1280 px laptop', () => {
  test.use({ viewport: LAPTOP });

  test.beforeEach(async ({ page }) => {
    const login = new LoginPage(page);
    await login.open();
    await login.signIn('admin', E2E.adminPassword);
    await new AppShell(page).expectSignedIn();
  });

  test("every action of an equipment row is on screen, Delete and the reports' menu too", async ({ page }) => {
    const list = new EquipmentPage(page);
    await list.open();
    const serial = await list.firstSerial();
    const buttons = list.rowActions(serial).getByRole('button');
    await expect(buttons).toHaveCount(6);
    for (const button of await buttons.all()) await expectInsideViewport(button);
    await expect(list.rowActions(serial).getByRole('button', { name: 'Delete Equipment' })).toBeVisible();

    await list
      .rowActions(serial)
      .getByRole('button', { name: `More actions for ${serial}` })
      .click();
    const menu = page.getByRole('menu', { name: `More actions for ${serial}` });
    await expect(menu.getByRole('menuitem', { name: /^View Last Voltage Report/ })).toBeDisabled();
    await expect(menu.getByRole('menuitem')).toHaveCount(3);
  });

  test("the scheduler's State and Update Version columns are on screen, the state not cut", async ({ page }) => {
    const scheduler = new UpdateSchedulerPage(page);
    await scheduler.open();
    await expectInsideViewport(scheduler.header('State'));
    await expectInsideViewport(scheduler.header('Update Version'));
    const states = await scheduler.cells('State');
    await expect(states.first()).toHaveText(/\S/);
    for (const cell of await states.all()) {
      await expectInsideViewport(cell);
      await expectWhole(cell);
    }
    for (const cell of await (await scheduler.cells('Update Version')).all()) await expectInsideViewport(cell);
  });

  test('a column the user hides stays hidden after a reload', async ({ page }) => {
    const scheduler = new UpdateSchedulerPage(page);
    await scheduler.open();
    await scheduler.toggleColumn('Staged At');
    await expect(scheduler.header('Staged At')).toHaveCount(0);
    await page.reload();
    await expect(scheduler.grid().getByRole('row').nth(1)).toBeVisible();
    await expect(scheduler.header('Staged At')).toHaveCount(0);

    await scheduler.toggleColumn('Staged At');
    await expect(scheduler.header('Staged At')).toBeVisible();
  });

  for (const table of TABLES) {
    test(`${table.grid}: every column header is on screen`, async ({ page }) => {
      const grid = await showTable(page, table);
      await expectInsideViewport(grid);
      const headers = await grid.getByRole('columnheader').all();
      expect(headers.length).toBeGreaterThan(2);
      for (const header of headers) await expectInsideViewport(header);
    });
  }
});
