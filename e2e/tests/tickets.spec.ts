import { type Page } from '@playwright/test';
import { expect, test } from '../support/test.js';
import { AppShell } from '../pages/app-shell.js';
import { EquipmentDetail } from '../pages/equipment-detail.js';
import { EquipmentPage } from '../pages/equipment-page.js';
import { LoginPage } from '../pages/login-page.js';
import { Notice } from '../pages/notice.js';
import { SupportTicketsPage } from '../pages/support-tickets-page.js';
import { TicketWizard } from '../pages/ticket-wizard.js';
import { E2E } from '../support/e2e-env.js';
import { mailWith } from '../support/outbox.js';

async function signIn(page: Page, username: string) {
  const login = new LoginPage(page);
  await login.open();
  await login.signIn(username, username === 'admin' ? E2E.adminPassword : E2E.demoPassword);
  await new AppShell(page).expectSignedIn();
}

/** Waits for a live alert (news, announced as a status) and dismisses it. */
async function seeAlert(page: Page, text: string) {
  const alert = new Notice(page).status(text);
  await expect(alert).toBeVisible();
  await alert.getByRole('button', { name: 'CLOSE' }).click();
  await expect(alert).toBeHidden();
}

const badge = (detail: EquipmentDetail, open: number) =>
  detail.dialog().getByRole('img', { name: `${open} open support ticket${open === 1 ? '' : 's'}` });

test('a ticket from the wizard to closed, with comments, an attachment and alerts on another console', async ({
  page,
  browser,
}) => {
  const other = await browser.newPage();
  await signIn(other, 'engineer');
  await signIn(page, 'admin');
  // Tickets other tests opened or closed (a rollout's ticket signal, the phone's ticket) count too:
  // this one adds one to them.
  const dashboard = other.getByRole('region', { name: 'Support Tickets' });
  const openGroup = dashboard.getByRole('group', { name: /^Open: \d+$/ });
  await expect(openGroup).toBeVisible();
  const openBefore = Number(/(\d+)$/.exec((await openGroup.getAttribute('aria-label')) ?? '')?.[1] ?? NaN);
  const closedGroup = dashboard.getByRole('group', { name: /^Closed: \d+$/ });
  const closedBefore = Number(/(\d+)$/.exec((await closedGroup.getAttribute('aria-label')) ?? '')?.[1] ?? NaN);

  const list = new EquipmentPage(page);
  await list.open();
  const serial = await list.firstSerial();
  const detail = new EquipmentDetail(page, serial);
  await detail.open();
  await expect(badge(detail, 0)).toBeVisible();

  await detail.command('Open Ticket').click();
  const wizard = new TicketWizard(page, serial);
  await wizard.fill({ caller: 'Pat Caller', description: 'Cameras lose the targets', attempted: 'Recalibrated' });
  await wizard.button('Previous').click();
  await expect(wizard.step('Problem Description')).toBeVisible();
  await expect(wizard.dialog().getByRole('textbox', { name: 'Issue Description' })).toHaveValue(
    'Cameras lose the targets',
  );
  await wizard.button('Next').click();
  await wizard.save();
  await expect(badge(detail, 1)).toBeVisible();
  const created = page.getByText(new RegExp(`^Ticket (\\d+) for ${serial} created\\.$`));
  const id = Number(/Ticket (\d+)/.exec((await created.textContent()) ?? '')?.[1]);
  expect(id).toBeGreaterThan(0);
  await seeAlert(other, `New ticket ${id} for aligner ${serial} created by admin.`);
  // The other console sits on the home dashboard: its counters and chart follow the pushes.
  await expect(dashboard.getByRole('group', { name: `Open: ${openBefore + 1}` })).toBeVisible();
  await expect(dashboard.getByRole('img', { name: 'Open tickets per issuer: admin 1' })).toBeVisible();

  const tickets = new SupportTicketsPage(page);
  await tickets.open();
  await tickets.filterBySerial(serial);
  await expect(tickets.rowActions(id)).toBeVisible();
  await tickets
    .rowActions(id)
    .getByRole('button', { name: `View details of ticket ${id}` })
    .hover();
  await expect(page.getByRole('tooltip', { name: 'Cameras lose the targets' })).toBeVisible();

  await tickets.openDetail(id);
  const ticket = tickets.detail(id);
  await expect(ticket).toHaveAccessibleName(`Ticket ${id} OPEN`);
  await expect(ticket.getByText('Pat Caller', { exact: true })).toBeVisible();
  await expect(ticket.getByText('NO COMMENTS')).toBeVisible();
  await tickets.addComment(id, 'Customer sent a photo');
  await expect(ticket.getByText('Customer sent a photo')).toBeVisible();
  await expect(ticket.getByText('NO COMMENTS')).toBeHidden();
  await seeAlert(other, `Comment on ticket ${id} for aligner ${serial} created by admin.`);

  await ticket.getByRole('tab', { name: 'Attachments (0)' }).click();
  await expect(ticket.getByText('NO ATTACHMENTS')).toBeVisible();
  await tickets.attachPng(id, 'Left camera mount', 320, 240);
  await ticket.getByRole('tab', { name: 'Attachments (1)' }).click();
  const thumbnail = ticket.getByRole('img', { name: 'Left camera mount' });
  await expect(thumbnail).toHaveJSProperty('naturalWidth', 102);
  await ticket.getByRole('button', { name: 'Enlarge Left camera mount' }).click();
  const overlay = page.getByRole('dialog', { name: 'Left camera mount' });
  const enlarged = overlay.getByRole('img', { name: 'Left camera mount' });
  await expect(enlarged).toHaveJSProperty('naturalWidth', 320);
  expect((await overlay.boundingBox())?.width).toBeCloseTo(1024, -1);
  await overlay.getByRole('button', { name: 'Close' }).click();
  await expect(overlay).toBeHidden();
  await ticket.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(ticket).toBeHidden();

  await tickets.action(id, 'Close').click();
  await page.getByRole('dialog', { name: 'Close Ticket' }).getByRole('button', { name: 'Yes' }).click();
  await expect(tickets.rowActions(id)).toBeHidden();
  await seeAlert(other, `Support ticket ${id} for aligner ${serial} closed by admin.`);
  await expect(dashboard.getByRole('group', { name: `Open: ${openBefore}` })).toBeVisible();
  await expect(dashboard.getByRole('group', { name: `Closed: ${closedBefore + 1}` })).toBeVisible();
  // Admin has no open ticket left (another test's may still be open).
  await expect(dashboard.getByRole('img', { name: /^Open tickets per issuer: .*admin/ })).toHaveCount(0);

  await tickets.toggle('Include Closed Tickets');
  await expect(tickets.rowActions(id)).toBeVisible();
  for (const name of ['Add comment to', 'Escalate', 'De-escalate', 'Close']) {
    await expect(tickets.rowActions(id).getByRole('button', { name: `${name} ticket ${id}` })).toHaveCount(0);
  }
  await tickets.openDetail(id);
  await expect(ticket).toHaveAccessibleName(`Ticket ${id} CLOSED`);
  await expect(ticket.getByRole('button', { name: 'New Comment' })).toHaveCount(0);
  await expect(ticket.getByRole('button', { name: 'New Attachment' })).toHaveCount(0);
  await other.close();
});

test('the equipment list opens a unit’s ticket history and the wizard from its row', async ({ page }) => {
  await signIn(page, 'support');
  const list = new EquipmentPage(page);
  await list.open();
  const rows = page.getByRole('group', { name: /^Actions for / });
  const name = (await rows.nth(1).getAttribute('aria-label')) ?? '';
  const serial = name.replace('Actions for ', '');

  await list.rowActions(serial).getByRole('button', { name: 'View Ticket History' }).click();
  const history = page.getByRole('dialog', { name: `Ticket History of ${serial}` });
  await expect(history.getByText('NO TICKETS')).toBeVisible();
  await history.getByRole('button', { name: 'Close' }).click();

  await list.rowActions(serial).getByRole('button', { name: 'Create Support Ticket' }).click();
  const wizard = new TicketWizard(page, serial);
  await wizard.fill({ caller: 'Sam', description: 'Printer jams', attempted: 'Power cycle' });
  await wizard.save();

  await list.rowActions(serial).getByRole('button', { name: 'View Ticket History' }).click();
  await expect(history.getByRole('heading', { name: /^Ticket \d+ · OPEN · opened by support/ })).toBeVisible();
  await expect(history.getByText('Printer jams')).toBeVisible();
  await expect(history.getByText('NO COMMENTS')).toBeVisible();
});

// Last: the tests above count the tickets from zero.
test('escalating a ticket mails engineering at once', async ({ page }) => {
  await signIn(page, 'support');

  const list = new EquipmentPage(page);
  await list.open();
  const name =
    (await page
      .getByRole('group', { name: /^Actions for / })
      .nth(2)
      .getAttribute('aria-label')) ?? '';
  const serial = name.replace('Actions for ', '');
  await list.rowActions(serial).getByRole('button', { name: 'Create Support Ticket' }).click();
  const wizard = new TicketWizard(page, serial);
  await wizard.fill({ caller: 'Kim', description: 'Cameras drift', attempted: 'Recalibrated' });
  await wizard.save();
  const created = page.getByText(new RegExp(`^Ticket (\\d+) for ${serial} created\\.$`));
  const id = Number(/Ticket (\d+)/.exec((await created.textContent()) ?? '')?.[1]);

  const tickets = new SupportTicketsPage(page);
  await tickets.open();
  await tickets.filterBySerial(serial);
  await tickets.action(id, 'De-escalate').click();
  await expect(tickets.action(id, 'Escalate')).toBeVisible();
  await tickets.action(id, 'Escalate').click();
  await expect(tickets.action(id, 'De-escalate')).toBeVisible();

  const mail = await mailWith(`Escalated ticket ${id} for aligner ${serial}`);
  expect(mail).toContain('Escalated by support.');
  expect(mail).toContain(`/SupportTickets?id=${id}`);
});
