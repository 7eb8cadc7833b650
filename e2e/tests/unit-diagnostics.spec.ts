import { expect, test } from '../support/test.js';
import { alignersRoutes } from '@ed/contract/routes/aligners';
import { ticketsRoutes } from '@ed/contract/routes/tickets';
import type { Fleet } from '@ed/simulator/fleet';
import { AppShell } from '../pages/app-shell.js';
import { EquipmentDetail } from '../pages/equipment-detail.js';
import { LoginPage } from '../pages/login-page.js';
import { Notice } from '../pages/notice.js';
import { SupportTicketsPage } from '../pages/support-tickets-page.js';
import { callRoute } from '../support/api-client.js';
import { startOwnFleet } from '../support/own-fleet.js';
import { E2E } from '../support/e2e-env.js';

/** A virtual aligner of the test's own: it answers the snapshot's questions over MQTT as a real unit does. */
let fleet: Fleet;

test.beforeAll(async () => {
  fleet = startOwnFleet({ units: 3, seed: 18_1 });
  await fleet.ready;
});

test.afterAll(async () => {
  await fleet.stop();
});

test('diagnostics collected from the equipment detail land in a ticket, whose voltages report opens in its dialog', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const unit = fleet.units.find((u) => u.state.family === 'aligner') ?? fleet.units[0]!;
  let ticketId = 0;
  const login = new LoginPage(page);
  await login.open();
  await login.signIn('engineer', E2E.demoPassword);
  await new AppShell(page).expectSignedIn();

  try {
    const detail = new EquipmentDetail(page, unit.serialNumber);
    await detail.open();
    await detail.command('Collect diagnostics').click();
    const notice = new Notice(page).status(/^Collecting diagnostics of .* into ticket \d+/);
    await expect(notice).toBeVisible();
    const id = Number(/into ticket (\d+)/.exec((await notice.textContent()) ?? '')?.[1]);
    expect(id).toBeGreaterThan(0);
    ticketId = id;
    await detail.close();

    const tickets = new SupportTicketsPage(page);
    await tickets.open();
    await tickets.filterBySerial(unit.serialNumber);
    await tickets.openDetail(id);
    await tickets.openDiagnostics(id);
    await tickets.openDiagnosticItem(id, 'Voltages');
    const voltages = page.getByRole('dialog', { name: `Voltages of ${unit.serialNumber}` });
    await expect(voltages.getByRole('table', { name: 'Main Board voltages' })).toBeVisible();
    await expect(voltages.getByRole('cell', { description: /within range|out of range/ }).first()).toBeVisible();
    await voltages.getByRole('button', { name: 'Close' }).click();
    // The summary is left on the ticket as a comment.
    await tickets.detail(id).getByRole('tab', { name: 'Ticket' }).click();
    await expect(
      tickets.detail(id).getByText(`Diagnostics of ${unit.serialNumber}, collected for engineer`),
    ).toBeVisible();
  } finally {
    const stored = await page.evaluate(() => localStorage.getItem('user-token'));
    const token = stored ? (JSON.parse(stored) as { access_token: string }).access_token : '';
    // The ticket tests count tickets from zero and run first (tests/tickets.spec.ts); the snapshot's ticket is closed.
    if (ticketId > 0) {
      await callRoute(page.request, ticketsRoutes.closeTicket, {
        body: { id: ticketId, username: 'engineer' },
        headers: { authorization: `Bearer ${token}` },
      });
    }
    // Later tests count the demo fleet's units: the test's own go.
    for (const { serialNumber } of fleet.units) {
      await fleet.stop();
      await callRoute(page.request, alignersRoutes.deleteEquipment, {
        body: { serialNumber },
        headers: { authorization: `Bearer ${token}` },
      });
    }
  }
});
