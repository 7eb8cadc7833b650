import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { DiagnosticItem, DiagnosticSnapshot } from '@ed/contract/diagnostics';
import { diagnosticsRoutes } from '@ed/contract/routes/diagnostics';
import { ticketsRoutes } from '@ed/contract/routes/tickets';
import type { Role } from '@ed/contract/roles';
import { writeToken } from '../../../shared/auth/token-storage';
import { fakeServer, reply } from '../../../testing/fake-server';
import { tokenFor } from '../../../testing/fixtures';
import { renderScreen } from '../../../testing/render';
import { ticketFixture } from '../../../testing/ticket-fixture';
import { TicketDetailDialog } from './ticket-detail-dialog';

const item = (name: DiagnosticItem['item'], label: string, fields: Partial<DiagnosticItem>): DiagnosticItem => ({
  item: name,
  label,
  state: 'done',
  detail: null,
  payload: null,
  attachmentId: null,
  collectedAt: '2026-11-20T11:00:00.000Z',
  ...fields,
});

const snapshot = (pending: boolean): DiagnosticSnapshot => ({
  id: 1,
  ticketId: 7,
  serialNumber: 'V33CP1234',
  requestedBy: 'alice',
  startedAt: '2026-11-20T11:00:00.000Z',
  finishedAt: pending ? null : '2026-11-20T11:00:03.000Z',
  summary: null,
  items: [
    item('voltages', 'Voltages', {
      detail: '1 of 2 values out of range',
      payload: {
        voltages: [
          {
            BoardName: 'Main Board',
            Parameters: [
              { Name: '5V', Actual: 5.9, Min: 4.75, Max: 5.25 },
              { Name: '12V', Actual: 12, Min: 11.4, Max: 12.6 },
            ],
          },
        ],
      },
    }),
    pending
      ? item('printer', 'Printer status', { state: 'pending', collectedAt: null })
      : item('printer', 'Printer status', { state: 'missing', detail: 'No answer in time' }),
  ],
});

function setup(role: Role) {
  writeToken(tokenFor(role, 'alice'));
  let pending = true;
  const server = fakeServer([
    reply(ticketsRoutes.getTicket, () => ticketFixture()),
    reply(diagnosticsRoutes.collectDiagnostics, () => snapshot(true)),
    reply(diagnosticsRoutes.listDiagnostics, () => {
      const answer = { snapshots: [snapshot(pending)] };
      pending = false;
      return answer;
    }),
  ]);
  renderScreen(<TicketDetailDialog id={7} onClose={vi.fn()} />);
  return { ...server, user: userEvent.setup() };
}

describe('Diagnostics of a ticket', () => {
  it('collects, shows each item’s progress, and opens the voltages with their colors and a missing report as NO REPORT', async () => {
    const { user, callsTo } = setup('support');
    const dialog = await screen.findByRole('dialog', { name: 'Ticket 7 OPEN' });
    await user.click(within(dialog).getByRole('button', { name: 'Collect diagnostics' }));
    expect(callsTo(diagnosticsRoutes.collectDiagnostics)[0]?.body).toEqual({ ticketId: 7 });
    // The first read has the printer pending; the next (a second later) has it missing.
    expect(await within(dialog).findByLabelText('Printer status: asking the unit')).toBeTruthy();
    expect(await within(dialog).findByText('Missing: No answer in time', {}, { timeout: 3_000 })).toBeTruthy();

    await user.click(within(dialog).getByRole('button', { name: 'Open Voltages' }));
    const voltages = await screen.findByRole('dialog', { name: 'Voltages of V33CP1234' });
    const table = within(voltages).getByRole('table', { name: 'Main Board voltages' });
    expect(within(table).getByText('5.9').getAttribute('data-in-range')).toBe('false');
    expect(within(table).getByText('12').getAttribute('data-in-range')).toBe('true');
    await user.click(within(voltages).getByRole('button', { name: 'Close' }));

    await user.click(within(dialog).getByRole('button', { name: 'Open Printer status' }));
    const printer = await screen.findByRole('dialog', { name: 'Printer status of V33CP1234' });
    expect(within(printer).getByText('NO REPORT')).toBeTruthy();
  });

  it('offers no Collect diagnostics to a role that does not work tickets', async () => {
    setup('tech');
    const dialog = await screen.findByRole('dialog', { name: 'Ticket 7 OPEN' });
    expect(within(dialog).queryByRole('button', { name: 'Collect diagnostics' })).toBeNull();
  });
});
