import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { SERVICES } from '@ed/contract/dashboard';
import type { Role } from '@ed/contract/roles';
import { dashboardRoutes } from '@ed/contract/routes/dashboard';
import { servicesRoutes } from '@ed/contract/routes/services';
import { writeToken } from '../../../shared/auth/token-storage';
import { fakeServer, reply } from '../../../testing/fake-server';
import { tokenFor } from '../../../testing/fixtures';
import { renderScreen } from '../../../testing/render';
import { HomePage } from './home-page';

const statistics = (open: Array<{ issuerUsername: string; total: number }>) => ({
  openTicketCount: open.reduce((sum, i) => sum + i.total, 0),
  closedTicketCount: 4,
  totalTickets: open.reduce((sum, i) => sum + i.total, 4),
  openTicketsByIssuerUsername: open,
  closedTicketsByIssuerUsername: [],
  totalTicketsByIssuerUsername: [],
});

function setup(role: Role, open = [{ issuerUsername: 'bob', total: 3 }]) {
  writeToken(tokenFor(role, 'alice'));
  const server = fakeServer([
    reply(dashboardRoutes.getConnectionCounters, () => ({
      connectedAligners: 17,
      totalAligners: 20,
      connectedUsers: 2,
    })),
    reply(dashboardRoutes.getConnectionTrend, () =>
      Array.from({ length: 60 }, (_, i) => ({
        at: new Date(Date.UTC(2025, 0, 1, 0, i)).toISOString(),
        connected: i,
        total: 20,
      })),
    ),
    reply(dashboardRoutes.getTicketStatistics, () => statistics(open)),
    reply(servicesRoutes.checkServices, () => SERVICES.map((s) => ({ ...s, up: s.name !== 'radar' }))),
    reply(servicesRoutes.resetService, () => ({
      serviceName: 'radar',
      up: true,
      message: 'The radar service was restarted.',
    })),
  ]);
  return { ...renderScreen(<HomePage />), ...server, user: userEvent.setup() };
}

describe('HomePage', () => {
  it('shows the counters and the percent ring', async () => {
    setup('support');
    expect(await screen.findByRole('group', { name: 'Connected Equipment: 17' })).toBeTruthy();
    expect(screen.getByRole('group', { name: 'Total Equipment: 20' })).toBeTruthy();
    expect(screen.getByRole('group', { name: 'Connected Users: 2' })).toBeTruthy();
    expect(screen.getByRole('img', { name: '85% of equipment connected' })).toBeTruthy();
    await waitFor(() =>
      expect(
        screen.getByRole('img', { name: /^Connected equipment over the last 60 samples: from 0 to 59$/ }),
      ).toBeTruthy(),
    );
  });

  it('follows the live counters, keeping 60 trend points', async () => {
    const { socket } = setup('support');
    await screen.findByRole('img', { name: /over the last 60 samples: from 0 to 59/ });
    act(() => socket.serverEmit('CONNECTION_COUNTERS', { connectedAligners: 3, totalAligners: 20, connectedUsers: 5 }));
    expect(await screen.findByRole('group', { name: 'Connected Equipment: 3' })).toBeTruthy();
    expect(screen.getByRole('img', { name: '15% of equipment connected' })).toBeTruthy();
    expect(screen.getByRole('img', { name: /over the last 60 samples: from 1 to 3$/ })).toBeTruthy();
  });

  it('shows the ticket counts, and says so when no tickets are open', async () => {
    const { socket } = setup('support');
    expect(await screen.findByRole('group', { name: 'Open: 3' })).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Open tickets per issuer: bob 3' })).toBeTruthy();
    act(() => socket.serverEmit('SUPPORT_TICKET_STATISTICS', statistics([])));
    expect(await screen.findByText('No open tickets')).toBeTruthy();
    expect(screen.getByRole('group', { name: 'Total: 4' })).toBeTruthy();
  });

  it('lists the 13 services, up or down, without restart buttons for support', async () => {
    setup('support');
    const list = await screen.findByRole('list', { name: 'Service status' });
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(13));
    expect(within(list).getAllByText('down')).toHaveLength(1);
    expect(within(list).queryByRole('button', { name: /^Restart/ })).toBeNull();
  });

  it('lets admin restart a service and tells the result', async () => {
    const { user, callsTo, socket } = setup('admin');
    await user.click(await screen.findByRole('button', { name: 'Restart radar' }));
    const ask = await screen.findByRole('dialog', { name: 'Restart radar?' });
    expect(callsTo(servicesRoutes.resetService)).toEqual([]);
    await user.click(within(ask).getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('The radar service was restarted.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Restart radar?' })).toBeNull());
    expect(callsTo(servicesRoutes.resetService)[0]?.query.get('serviceName')).toBe('radar');
    act(() =>
      socket.serverEmit(
        'SERVICE_STATUS',
        SERVICES.map((s) => ({ ...s, up: true })),
      ),
    );
    await waitFor(() => expect(screen.queryByText('down')).toBeNull());
  });
});
