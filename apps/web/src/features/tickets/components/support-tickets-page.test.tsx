import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { writeToken } from '../../../shared/auth/token-storage';
import { fakeServer } from '../../../testing/fake-server';
import { tokenFor } from '../../../testing/fixtures';
import { renderScreen } from '../../../testing/render';
import { SupportTicketsPage } from './support-tickets-page';
import { ticketFixture } from '../../../testing/ticket-fixture';

function setup(path = '/SupportTickets') {
  writeToken(tokenFor('support', 'alice'));
  const docs = [
    ticketFixture({ id: 1, escalated: true }),
    ticketFixture({ id: 2, escalated: false }),
    ticketFixture({ id: 3, status: 'closed', closed: true, closedByUsername: 'bob' }),
  ];
  const server = fakeServer({
    'GET /read/tickets/v1': () => ({ docs, totalDocs: docs.length }),
    'GET /read/ticket/v1': (req) => ticketFixture({ id: Number(req.query.get('id')) }),
  });
  const view = renderScreen(<SupportTicketsPage />, { path });
  return { ...server, ...view, user: userEvent.setup() };
}

const actions = (id: number) => screen.findByRole('group', { name: `Actions for ticket ${id}` });
const names = async (id: number) =>
  within(await actions(id))
    .getAllByRole('button')
    .map((b) => b.getAttribute('aria-label'));

describe('SupportTicketsPage', () => {
  it('offers each action only where the lifecycle allows it', async () => {
    setup();
    expect(await names(1)).toEqual([
      'View details of ticket 1',
      'Add comment to ticket 1',
      'De-escalate ticket 1',
      'Close ticket 1',
    ]);
    expect(await names(2)).toEqual([
      'View details of ticket 2',
      'Add comment to ticket 2',
      'Escalate ticket 2',
      'Close ticket 2',
    ]);
    expect(await names(3)).toEqual(['View details of ticket 3']);
  });

  it('sends the toggles and the serial filter, and opens a ticket from its deep link', async () => {
    const { user, callsTo } = setup('/SupportTickets?id=9');
    expect(await screen.findByRole('dialog', { name: 'Ticket 9 OPEN' })).toBeTruthy();
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('switch', { name: 'Only My Tickets' }));
    await user.click(screen.getByRole('switch', { name: 'Include Closed Tickets' }));
    await user.type(screen.getByRole('textbox', { name: 'Serial Number' }), 'cp12');
    await vi.waitFor(() => {
      const last = callsTo('GET', '/read/tickets/v1').at(-1)!.query;
      expect(Object.fromEntries(last)).toEqual({
        page: '1',
        closed: 'true',
        mine: 'true',
        username: 'alice',
        filterSerialNumber: 'CP12',
      });
    });
  });
});
