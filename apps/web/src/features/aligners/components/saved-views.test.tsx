import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { alignersRoutes } from '@ed/contract/routes/aligners';
import { dashboardRoutes } from '@ed/contract/routes/dashboard';
import { savedViewsRoutes } from '@ed/contract/routes/saved-views';
import { writeToken } from '../../../shared/auth/token-storage';
import { fakeServer, reply } from '../../../testing/fake-server';
import { equipmentFixture, tokenFor } from '../../../testing/fixtures';
import { renderScreen } from '../../../testing/render';
import { savedViewFixture } from '../../../testing/rollout-fixture';
import { EquipmentPage } from './equipment-page';
import type { TicketSlots } from './equipment-slots';

const slots: TicketSlots = { SupportTicketWizard: () => null, TicketHistoryDialog: () => null };

const views = [
  savedViewFixture({ id: 3, name: 'Germany', owner: 'alice', members: 120 }),
  savedViewFixture({
    id: 4,
    name: 'Oasis 1.x',
    owner: 'bob',
    shared: true,
    members: 12,
    filter: {
      family: 'aligner-oasis',
      softwareVersion: '1.',
      countryCode: undefined,
      serialNumber: undefined,
      radarOf: undefined,
    },
  }),
];

function setup(path = '/Aligners') {
  writeToken(tokenFor('support', 'alice'));
  const server = fakeServer([
    reply(alignersRoutes.getAligners, () => ({ docs: [equipmentFixture()], totalDocs: 1 })),
    reply(dashboardRoutes.getLatestSoftwareVersion, () => null),
    reply(dashboardRoutes.getLatestGtpsSoftwareVersion, () => null),
    reply(dashboardRoutes.getLatestOasisSoftwareVersion, () => null),
    reply(savedViewsRoutes.listSavedViews, () => ({ views })),
    reply(savedViewsRoutes.createSavedView, (req) => ({
      ...savedViewFixture({ id: 9 }),
      ...(req.body as object),
    })),
    reply(savedViewsRoutes.deleteSavedView, () => ({ message: 'Saved view deleted.' })),
  ]);
  return { ...renderScreen(<EquipmentPage slots={slots} />, { path }), ...server, user: userEvent.setup() };
}

describe('Saved views of the equipment list', { timeout: 15_000 }, () => {
  it('saves the current filters under a name, shared with everyone', async () => {
    const { user, callsTo } = setup('/Aligners?country=DE&family=gtps&serialNumber=tp1');
    await screen.findByText('V33CP1234');
    await user.click(screen.getByRole('button', { name: 'Save view' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save view' });
    expect(within(dialog).getByText('Filters: gtps, country DE, serial TP1')).toBeTruthy();
    const save = within(dialog).getByRole<HTMLButtonElement>('button', { name: 'Save' });
    expect(save.disabled).toBe(true);
    await user.type(within(dialog).getByRole('textbox', { name: /^Name/ }), 'German Tru-Points');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Shared with everyone' }));
    await user.click(save);
    await waitFor(() => expect(callsTo(savedViewsRoutes.createSavedView)).toHaveLength(1));
    expect(callsTo(savedViewsRoutes.createSavedView)[0]?.body).toEqual({
      name: 'German Tru-Points',
      shared: true,
      filter: { countryCode: 'DE', family: 'gtps', serialNumber: 'TP1' },
    });
    expect(await screen.findByText('Saved view German Tru-Points saved.')).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: 'Save view' })).toBeNull();
  });

  it('lists the saved views with their members and applies one to the list', async () => {
    const { user, router, callsTo } = setup('/Aligners?country=DE&page=2');
    await screen.findByText('V33CP1234');
    await user.click(screen.getByRole('button', { name: 'Saved views' }));
    const list = await screen.findByRole('list', { name: 'Saved views' });
    expect(within(list).getByText('country DE · 120 units · alice')).toBeTruthy();
    expect(within(list).getByText('aligner-oasis, version 1.… · 12 units · bob · shared')).toBeTruthy();
    // Its owner (or an admin) deletes a view; not someone else's shared one.
    expect(within(list).getByRole('button', { name: 'Delete Germany' })).toBeTruthy();
    expect(within(list).queryByRole('button', { name: 'Delete Oasis 1.x' })).toBeNull();

    await user.click(within(list).getByRole('button', { name: /^Oasis 1\.x/ }));
    await waitFor(() => expect(router.state.location.search).toBe('?version=1.&family=aligner-oasis'));
    await waitFor(() =>
      expect(Object.fromEntries(callsTo(alignersRoutes.getAligners).at(-1)!.query)).toEqual({
        page: '1',
        filterSoftwareVersion: '1.',
        filterFamily: 'aligner-oasis',
      }),
    );
    expect(screen.getByLabelText<HTMLInputElement>('Country Code').value).toBe('');
  });

  it('asks before deleting a saved view', async () => {
    const { user, callsTo } = setup();
    await screen.findByText('V33CP1234');
    await user.click(screen.getByRole('button', { name: 'Saved views' }));
    await user.click(await screen.findByRole('button', { name: 'Delete Germany' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete saved view' });
    await user.click(within(confirm).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(callsTo(savedViewsRoutes.deleteSavedView)[0]?.body).toEqual({ id: 3 }));
    expect(await screen.findByText('Saved view Germany deleted.')).toBeTruthy();
  });
});
