import { type Locator } from '@playwright/test';
import { expect, test } from '../support/test.js';
import { EquipmentDetail } from '../pages/equipment-detail.js';
import { EquipmentPage, gates } from '../pages/equipment-page.js';
import { LoginPage } from '../pages/login-page.js';
import { RadarPage } from '../pages/radar-page.js';
import { SupportTicketsPage } from '../pages/support-tickets-page.js';
import { TicketWizard } from '../pages/ticket-wizard.js';
import { ticketsRoutes } from '@ed/contract/routes/tickets';
import { callRoute } from '../support/api-client.js';
import { headersOf } from '../support/api-session.js';
import { E2E } from '../support/e2e-env.js';
import { expectFitsPhone, PHONE } from '../support/phone-layout.js';

/** The control lies wholly on the screen, so a thumb reaches it without scrolling sideways. */
async function expectOnScreen(control: Locator) {
  const box = await control.boundingBox();
  expect(box, 'the control is drawn').not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(PHONE.width);
}

// Field technicians work from a phone: every screen they use, at 390 × 844, read from the boxes drawn.
test.describe('a technician on a 390 px phone', () => {
  test.use({ viewport: PHONE });

  /** The tickets this test opened: closed afterwards, as the ticket tests expect a unit without one. */
  const opened: number[] = [];
  test.afterEach(async ({ request }) => {
    const headers = await headersOf(request, 'admin', E2E.adminPassword);
    for (const id of opened.splice(0)) {
      const answer = await callRoute(request, ticketsRoutes.closeTicket, { body: { id, username: 'admin' }, headers });
      expect(answer.ok(), `ticket ${id} is closed`).toBe(true);
    }
  });

  test('finds a unit, runs a command, opens a ticket and keeps the unit on My Radar', async ({ page }) => {
    const login = new LoginPage(page);
    await login.open();
    await expectFitsPhone(page, 'The sign-in page');
    await login.signIn('tech', E2E.demoPassword);
    await expect(page.getByRole('button', { name: 'Account' })).toBeVisible();

    const list = new EquipmentPage(page);
    await list.open();
    await expectFitsPhone(page, 'The equipment list');
    const first = await list.firstSerial();
    for (const action of await list.rowActions(first).getByRole('button').all()) await expectOnScreen(action);

    // The top bar's search opens the unit's detail.
    // The last such unit of the list: the ticket tests read the first rows' ticket history.
    const unit = (await list.units()).filter((u) => u.connected && gates.screenShot(u)).at(-1);
    if (!unit) throw new Error('The demo fleet has no connected unit that takes screen shots.');
    await list.search(unit.serialNumber);
    const detail = new EquipmentDetail(page, unit.serialNumber);
    await detail.expectOpen();
    await expectFitsPhone(page, "The unit's detail");
    for (const command of await detail.commands().getByRole('button').all()) await expectOnScreen(command);

    await detail.command('Screen Shot').click();
    await expect(detail.screenShots().getByRole('img').first()).toBeVisible();
    await expectFitsPhone(page, 'The screen shots');
    await detail.screenShots().getByRole('button', { name: 'Close', exact: true }).click();
    await expect(detail.screenShots()).toBeHidden();
    await detail.addToRadar();

    const wizard = new TicketWizard(page, unit.serialNumber);
    await detail.command('Open Ticket').click();
    await expect(wizard.step('Equipment Information')).toBeVisible();
    await expectFitsPhone(page, "The ticket wizard's first step");
    await wizard.fill({ caller: 'Dana on the phone', description: 'Camera drops out', attempted: 'Re-seated it' });
    await expectFitsPhone(page, "The ticket wizard's last step");
    await wizard.save();
    await detail.close();

    const tickets = new SupportTicketsPage(page);
    await tickets.open();
    await tickets.filterBySerial(unit.serialNumber);
    await expectFitsPhone(page, 'The tickets list');
    const row = tickets.grid().getByRole('row').nth(1);
    const id = Number(await row.getByRole('gridcell').first().textContent());
    opened.push(id);
    for (const action of await tickets.rowActions(id).getByRole('button').all()) await expectOnScreen(action);
    await tickets.openDetail(id);
    await expect(tickets.detail(id).getByText('Dana on the phone')).toBeVisible();
    await expectFitsPhone(page, "The ticket's detail");
    for (const tab of ['Attachments (0)', 'Diagnostics']) {
      await tickets.detail(id).getByRole('tab', { name: tab }).click();
      await expect(tickets.detail(id).getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true');
      await expectFitsPhone(page, `The ticket's ${tab} tab`);
    }
    await tickets.detail(id).getByRole('button', { name: 'Close', exact: true }).click();

    const radar = new RadarPage(page);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await radar.open();
    await expect(radar.card(unit.serialNumber)).toBeVisible();
    await expectFitsPhone(page, 'My Radar');
  });
});
