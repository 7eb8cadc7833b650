import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Equipment } from '@ed/contract/equipment';
import { commandRoutes } from '@ed/contract/routes/commands';
import { dashboardRoutes } from '@ed/contract/routes/dashboard';
import { radarRoutes } from '@ed/contract/routes/radar';
import { writeToken } from '../../../shared/auth/token-storage';
import { fakeServer, reply } from '../../../testing/fake-server';
import { equipmentFixture, tokenFor } from '../../../testing/fixtures';
import { renderScreen } from '../../../testing/render';
import { RadarPage } from './radar-page';

const favorite = (overrides: Partial<Equipment> = {}) => equipmentFixture({ favorite: true, ...overrides });

function setup(cards: Equipment[]) {
  writeToken(tokenFor('support', 'alice'));
  const server = fakeServer([
    reply(radarRoutes.getFavorites, () => cards),
    reply(dashboardRoutes.getLatestSoftwareVersion, () => null),
    reply(dashboardRoutes.getLatestGtpsSoftwareVersion, () => null),
    reply(dashboardRoutes.getLatestOasisSoftwareVersion, () => null),
    reply(radarRoutes.removeFavorite, () => ({ message: 'Removed from the radar.' })),
    reply(commandRoutes.checkNow, () => ({ serialNumber: 'V33CP1234', command: 'check_now', result: {} })),
  ]);
  return { ...renderScreen(<RadarPage />, { path: '/Radar' }), ...server, user: userEvent.setup() };
}

const card = (serial: string) => screen.findByRole('article', { name: serial });

describe('RadarPage', () => {
  it("says 'NO FAVORITES ON RADAR' when the radar is empty", async () => {
    setup([]);
    expect(await screen.findByText('NO FAVORITES ON RADAR')).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Favorites on radar' })).toBeTruthy();
  });

  it('shows a card per favorite with its facts and the update status box', async () => {
    setup([favorite(), favorite({ serialNumber: 'V33CP5678', connected: false })]);
    const first = await card('V33CP1234');
    expect(within(first).getByText('V3300 Aligner, built March 2020')).toBeTruthy();
    expect(within(first).getByText('None')).toBeTruthy();
    expect(within(first).getByText('203.0.113.9')).toBeTruthy();
    expect(within(first).getByRole('region', { name: 'System Update Status' })).toBeTruthy();
    expect(within(first).getByText('Nothing Pending')).toBeTruthy();
    const offline = await card('V33CP5678');
    expect(within(offline).getAllByText('disconnected')).toHaveLength(3);
    expect(within(offline).getByRole<HTMLButtonElement>('button', { name: 'Check Cloud' }).disabled).toBe(true);
  });

  it('leaves out the update status box for software that does not report it', async () => {
    setup([favorite({ version: { semantic: '4.2.0', meta: null } })]);
    const only = await card('V33CP1234');
    expect(within(only).queryByRole('region', { name: 'System Update Status' })).toBeNull();
  });

  it('sends Check Cloud from a card', async () => {
    const { user, callsTo } = setup([favorite()]);
    await user.click(within(await card('V33CP1234')).getByRole('button', { name: 'Check Cloud' }));
    expect(await screen.findByText('Check Cloud: done on V33CP1234.')).toBeTruthy();
    expect(callsTo(commandRoutes.checkNow)[0]?.body).toEqual({ serialNumber: 'V33CP1234' });
  });

  it('removes a card with its star', async () => {
    const { user, callsTo } = setup([favorite()]);
    await user.click(within(await card('V33CP1234')).getByRole('button', { name: 'Remove from My Radar' }));
    expect(await screen.findByText('NO FAVORITES ON RADAR')).toBeTruthy();
    expect(callsTo(radarRoutes.removeFavorite)[0]?.body).toEqual({ username: 'alice', serialNumber: 'V33CP1234' });
  });

  it('follows the live radar events: update, add and remove', async () => {
    const { socket } = setup([favorite()]);
    await card('V33CP1234');
    act(() => socket.serverEmit('RADAR_UPDATE_FAVORITE', favorite({ pendingSoftwareDownload: '5.2.0' })));
    await waitFor(async () => expect(within(await card('V33CP1234')).getByText('5.2.0')).toBeTruthy());
    act(() => socket.serverEmit('RADAR_ADD_FAVORITE', favorite({ serialNumber: 'V33CP5678' })));
    expect(await card('V33CP5678')).toBeTruthy();
    act(() => socket.serverEmit('RADAR_REMOVE_FAVORITE', { serialNumber: 'V33CP1234' }));
    await waitFor(() => expect(screen.queryByRole('article', { name: 'V33CP1234' })).toBeNull());
    expect(screen.getAllByRole('article')).toHaveLength(1);
  });
});
