import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ticketsRoutes } from '@ed/contract/routes/tickets';
import { writeToken } from '../../../shared/auth/token-storage';
import { fakeServer, reply } from '../../../testing/fake-server';
import { tokenFor } from '../../../testing/fixtures';
import { renderScreen } from '../../../testing/render';
import { SupportTicketsPage } from './support-tickets-page';
import { ticketFixture } from '../../../testing/ticket-fixture';

function setup(path = '/SupportTickets', totalDocs = 3) {
  writeToken(tokenFor('support', 'alice'));
  const docs = [
    ticketFixture({ id: 1, escalated: true }),
    ticketFixture({ id: 2, escalated: false }),
    ticketFixture({ id: 3, status: 'closed', closed: true, closedByUsername: 'bob' }),
  ];
  const server = fakeServer([
    reply(ticketsRoutes.getTickets, () => ({ docs, totalDocs })),
    reply(ticketsRoutes.getTicket, (req) => ticketFixture({ id: Number(req.query.get('id')) })),
  ]);
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
      const last = callsTo(ticketsRoutes.getTickets).at(-1)!.query;
      expect(Object.fromEntries(last)).toEqual({
        page: '1',
        closed: 'true',
        mine: 'true',
        username: 'alice',
        filterSerialNumber: 'CP12',
      });
    });
  });

  it('opens the toggles, serial filter and page of a deep link, and writes a changed toggle', async () => {
    const { user, router, callsTo } = setup('/SupportTickets?mine=1&serialNumber=cp12&page=2', 13);
    expect(await screen.findByText(/11–13 of 13/)).toBeTruthy();
    expect(Object.fromEntries(callsTo(ticketsRoutes.getTickets)[0]!.query)).toEqual({
      page: '2',
      closed: 'false',
      mine: 'true',
      username: 'alice',
      filterSerialNumber: 'CP12',
    });
    expect(screen.getByRole<HTMLInputElement>('switch', { name: 'Only My Tickets' }).checked).toBe(true);
    expect(screen.getByRole<HTMLInputElement>('switch', { name: 'Include Closed Tickets' }).checked).toBe(false);
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Serial Number' }).value).toBe('cp12');

    await user.click(screen.getByRole('switch', { name: 'Include Closed Tickets' }));
    expect(router.state.location.search).toBe('?mine=1&closed=1&serialNumber=cp12');
    await vi.waitFor(() =>
      expect(Object.fromEntries(callsTo(ticketsRoutes.getTickets).at(-1)!.query)).toEqual({
        page: '1',
        closed: 'true',
        mine: 'true',
        username: 'alice',
        filterSerialNumber: 'CP12',
      }),
    );
    // A ticket opened over the list keeps the list's parameters, and closing it gives them back.
    await user.click(await screen.findByRole('button', { name: 'View details of ticket 1' }));
    expect(router.state.location.search).toBe('?mine=1&closed=1&serialNumber=cp12&id=1');
    await user.keyboard('{Escape}');
    await vi.waitFor(() => expect(router.state.location.search).toBe('?mine=1&closed=1&serialNumber=cp12'));
  });
});
