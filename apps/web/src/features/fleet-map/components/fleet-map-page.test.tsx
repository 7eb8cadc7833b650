import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { FleetMapResponse } from '@ed/contract/fleet-map';
import { fleetMapRoutes } from '@ed/contract/routes/fleet-map';
import { writeToken } from '../../../shared/auth/token-storage';
import { fakeServer, reply } from '../../../testing/fake-server';
import { tokenFor } from '../../../testing/fixtures';
import { renderScreen } from '../../../testing/render';
import { FleetMapPage } from './fleet-map-page';

const answer = (de = { connected: 3, total: 5 }): FleetMapResponse => ({
  countries: [
    { countryCode: 'DE', ...de },
    { countryCode: 'FR', connected: 0, total: 2 },
    { countryCode: 'US', connected: 40, total: 120 },
  ],
  unlocated: { connected: 1, total: 1 },
  connected: 44 + de.connected - 3,
  total: 128 + de.total - 5,
});

function setup(path = '/FleetMap') {
  writeToken(tokenFor('admin', 'alice'));
  let world = answer();
  const server = fakeServer([
    reply(fleetMapRoutes.getFleetMap, () => world),
    reply(fleetMapRoutes.getFleetMapRegions, (req) => ({
      countryCode: req.query.get('country') ?? '',
      regions: [
        { region: 'Bavaria', connected: 2, total: 3 },
        { region: null, connected: 1, total: 2 },
      ],
      connected: 3,
      total: 5,
    })),
  ]);
  const setWorld = (next: FleetMapResponse) => (world = next);
  return { ...renderScreen(<FleetMapPage />, { path }), ...server, setWorld, user: userEvent.setup() };
}

describe('FleetMapPage', { timeout: 15_000 }, () => {
  it('shades the countries with units, each a link to its equipment saying connected / total', async () => {
    const { user, router } = setup();
    const map = await screen.findByRole('group', { name: 'World map of units per country' });
    expect(
      screen.getByText(/128 units in 3 countries, 44 connected\. 1 unit \(1 connected\) placed nowhere/),
    ).toBeTruthy();
    const germany = within(map).getByRole('link', { name: 'Germany: 3 / 5 connected' });
    expect(germany.getAttribute('href')).toBe('/Aligners?country=DE');
    expect(within(map).getAllByRole('link')).toHaveLength(3);
    expect(within(germany).getByText('Germany: 3 / 5 connected').tagName).toBe('title');
    const legend = screen.getByRole('list', { name: 'Legend: units per country' });
    expect(
      within(legend)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['No units', '1–9', '10–99', '100–999']);

    await user.hover(germany);
    expect(screen.getByRole('status', { name: 'Country pointed at' }).textContent).toBe('Germany: 3 / 5 connected');
    await user.click(germany.querySelector('path')!);
    await waitFor(() =>
      expect(router.state.location.pathname + router.state.location.search).toBe('/Aligners?country=DE'),
    );
  });

  it('lists the same counts in a table sorted by total, sortable by any column', async () => {
    const { user } = setup();
    const table = await screen.findByRole('table', { name: 'Units per country' });
    const order = () =>
      within(table)
        .getAllByRole('rowheader')
        .map((cell) => cell.textContent);
    expect(order()).toEqual(['United States (US)', 'Germany (DE)', 'France (FR)']);
    await user.click(within(table).getByRole('button', { name: 'Country' }));
    expect(order()).toEqual(['France (FR)', 'Germany (DE)', 'United States (US)']);
    await user.click(within(table).getByRole('button', { name: 'Connected' }));
    expect(order()).toEqual(['United States (US)', 'Germany (DE)', 'France (FR)']);
    await user.click(within(table).getByRole('button', { name: 'Connected' }));
    expect(order()).toEqual(['France (FR)', 'Germany (DE)', 'United States (US)']);
    const link = within(table).getByRole('link', { name: 'Equipment in France' });
    expect(link.getAttribute('href')).toBe('/Aligners?country=FR');
  });

  it('zooms into a country’s regions by the address, and back to the world', async () => {
    const { user, router, callsTo } = setup();
    const table = await screen.findByRole('table', { name: 'Units per country' });
    await user.click(within(table).getByRole('button', { name: 'Regions of Germany' }));
    expect(router.state.location.search).toBe('?country=DE');
    const regions = await screen.findByRole('table', { name: 'Units per region of Germany' });
    expect(
      within(regions)
        .getAllByRole('rowheader')
        .map((c) => c.textContent),
    ).toEqual(['Bavaria', 'No region']);
    expect(callsTo(fleetMapRoutes.getFleetMapRegions)[0]?.query.get('country')).toBe('DE');
    expect(screen.getByRole('group', { name: 'Map of Germany' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Back to the world map' }));
    expect(router.state.location.search).toBe('');
    expect(screen.queryByRole('table', { name: 'Units per region of Germany' })).toBeNull();
  });

  it('reads the counts again when the fleet’s counters are pushed', async () => {
    const { socket, setWorld, callsTo } = setup();
    await screen.findByRole('link', { name: 'Germany: 3 / 5 connected' });
    setWorld(answer({ connected: 4, total: 6 }));
    socket.serverEmit('CONNECTION_COUNTERS', { connectedAligners: 45, totalAligners: 129, connectedUsers: 1 });
    await screen.findByRole('link', { name: 'Germany: 4 / 6 connected' });
    // A burst of pushes within the interval asks once more at most, later.
    for (let i = 0; i < 5; i++)
      socket.serverEmit('CONNECTION_COUNTERS', { connectedAligners: 45, totalAligners: 129, connectedUsers: 1 });
    expect(callsTo(fleetMapRoutes.getFleetMap)).toHaveLength(2);
  });
});
