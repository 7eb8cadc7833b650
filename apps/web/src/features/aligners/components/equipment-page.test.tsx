import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Role } from '@ed/contract/roles';
import { alignersRoutes } from '@ed/contract/routes/aligners';
import { dashboardRoutes } from '@ed/contract/routes/dashboard';
import { writeToken } from '../../../shared/auth/token-storage';
import { fakeServer, reply, type FakeHandler } from '../../../testing/fake-server';
import { equipmentFixture, errorResponse, tokenFor } from '../../../testing/fixtures';
import { renderScreen } from '../../../testing/render';
import { EquipmentDetailDialog, type EquipmentDetailDialogProps } from './equipment-detail-dialog';
import { EquipmentDetailHost } from './equipment-detail-host';
import { EquipmentPage } from './equipment-page';
import type { EquipmentSlots } from './equipment-slots';

// The other features' pieces are the app layer's to fill in (app/equipment/); these tests open none of them.
const slots: EquipmentSlots = {
  SupportTicketWizard: () => null,
  TicketHistoryDialog: () => null,
  StagingButtons: () => null,
};
const Detail = (props: EquipmentDetailDialogProps) => <EquipmentDetailDialog {...props} slots={slots} />;

const units = [
  equipmentFixture(),
  equipmentFixture({
    serialNumber: 'TP1CR0042',
    family: 'gtps',
    version: { semantic: '1.3.0', meta: null },
    geolocation: null,
  }),
];

function setup(
  role: Role,
  path = '/Aligners',
  list: FakeHandler<typeof alignersRoutes.getAligners> = () => ({ docs: units, totalDocs: 23 }),
) {
  writeToken(tokenFor(role, 'alice'));
  const server = fakeServer([
    reply(alignersRoutes.getAligners, list),
    reply(alignersRoutes.getAligner, () => units[0] ?? errorResponse(404, 'No unit.')),
    reply(dashboardRoutes.getLatestSoftwareVersion, () => ({ semantic: '5.1.0', meta: null, path: '/u/5.1.0' })),
    reply(dashboardRoutes.getLatestGtpsSoftwareVersion, () => null),
    reply(dashboardRoutes.getLatestOasisSoftwareVersion, () => null),
    reply(alignersRoutes.deleteEquipment, () => ({ message: 'Equipment V33CP1234 deleted.' })),
  ]);
  return {
    ...renderScreen(
      <>
        <EquipmentPage slots={slots} />
        {/* The app's frame opens the detail of ?serial= over any screen. */}
        <EquipmentDetailHost Detail={Detail} />
      </>,
      { path },
    ),
    ...server,
    user: userEvent.setup(),
  };
}

const row = (serial: string) => screen.getByRole('group', { name: `Actions for ${serial}` });

// The data grid is heavy in jsdom; a few of these take seconds.
describe('EquipmentPage', { timeout: 15_000 }, () => {
  it('shows a page of units with flag, family and version chip', async () => {
    setup('admin');
    const grid = await screen.findByRole('grid', { name: 'Equipment' });
    await within(grid).findByText('V33CP1234');
    expect(within(grid).getByRole<HTMLImageElement>('img', { name: 'DE' }).src).toMatch(/\/flags\/de\.png$/);
    expect(within(grid).getByText('unknown')).toBeTruthy();
    expect(within(grid).getByText('5.1.0').closest('[data-status]')?.getAttribute('data-status')).toBe('current');
    expect(within(grid).getByText('1.3.0').closest('[data-status]')?.getAttribute('data-status')).toBe('unknown');
    expect(screen.getByText(/1–10 of 23/)).toBeTruthy();
    expect(screen.getByRole('button', { name: /first page/i })).toBeTruthy();
    expect(screen.getByRole('button', { name: /last page/i })).toBeTruthy();
    expect(screen.queryByRole('combobox', { name: /rows per page/i })).toBeNull();
  });

  it('sorts on the server by the column', async () => {
    const { user, callsTo } = setup('admin');
    await screen.findByText('V33CP1234');
    await user.click(
      screen.getByRole('columnheader', { name: /Software Version/ }).querySelector('.MuiDataGrid-columnHeaderTitle')!,
    );
    await waitFor(() => expect(callsTo(alignersRoutes.getAligners).at(-1)?.query.get('sortBy')).toBe('version'));
    expect(callsTo(alignersRoutes.getAligners).at(-1)?.query.get('sortDesc')).toBe('false');
  });

  it('sends the filters after typing stops, from page 1', async () => {
    const { user, callsTo } = setup('admin');
    await screen.findByText('V33CP1234');
    await user.click(screen.getByRole('button', { name: /next page/i }));
    await waitFor(() => expect(callsTo(alignersRoutes.getAligners).at(-1)?.query.get('page')).toBe('2'));
    await user.type(screen.getByLabelText('Country Code'), 'd1e');
    await user.type(screen.getByLabelText('Serial Number'), 'v33');
    await waitFor(() =>
      expect(callsTo(alignersRoutes.getAligners).at(-1)?.query.get('filterSerialNumber')).toBe('V33'),
    );
    const last = callsTo(alignersRoutes.getAligners).at(-1)!.query;
    expect(Object.fromEntries(last)).toEqual({ page: '1', filterCountryCode: 'DE', filterSerialNumber: 'V33' });
  });

  it('asks before deleting and reloads the list after', async () => {
    const { user, callsTo } = setup('engineer');
    await screen.findByText('V33CP1234');
    const before = callsTo(alignersRoutes.getAligners).length;
    await user.click(within(row('V33CP1234')).getByRole('button', { name: 'Delete Equipment' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete Equipment' });
    expect(within(confirm).getByText('Are you sure you want to delete V33CP1234?')).toBeTruthy();
    await user.click(within(confirm).getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('Equipment V33CP1234 deleted.')).toBeTruthy();
    expect(callsTo(alignersRoutes.deleteEquipment)[0]?.body).toEqual({ serialNumber: 'V33CP1234' });
    await waitFor(() => expect(callsTo(alignersRoutes.getAligners).length).toBeGreaterThan(before));
  });

  it('offers support no Delete, and keeps the report actions off', async () => {
    const { user } = setup('support');
    await screen.findByText('V33CP1234');
    const actions = row('V33CP1234');
    expect(within(actions).queryByRole('button', { name: 'Delete Equipment' })).toBeNull();
    await user.click(within(actions).getByRole('button', { name: 'More actions for V33CP1234' }));
    const menu = await screen.findByRole('menu', { name: 'More actions for V33CP1234' });
    for (const name of ['View Last Voltage Report', 'View Last USB Status Report', 'View Last Printer Status Report']) {
      expect(
        within(menu)
          .getByRole('menuitem', { name: new RegExp(`^${name}`) })
          .getAttribute('aria-disabled'),
      ).toBe('true');
    }
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    for (const name of ['Create Support Ticket', 'View Ticket History']) {
      expect(within(actions).getByRole<HTMLButtonElement>('button', { name }).disabled).toBe(false);
    }
    expect(within(actions).getByRole<HTMLButtonElement>('button', { name: 'View Screen Shots' }).disabled).toBe(false);
  });

  it('opens the detail from the row and from a deep link, and closing removes the parameter', async () => {
    const { user, router } = setup('admin');
    await screen.findByText('V33CP1234');
    await user.click(within(row('V33CP1234')).getByRole('button', { name: 'View Aligner Details' }));
    expect(router.state.location.search).toBe('?serial=V33CP1234');
    const dialog = await screen.findByRole('dialog', { name: /V33CP1234/ });
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    await act(() => router.navigate('/Aligners?serial=V33CP1234'));
    expect(await screen.findByRole('dialog', { name: /V33CP1234/ })).toBeTruthy();
  });

  it('opens the filters, page and sort of a deep link beside the detail, and writes a changed filter', async () => {
    const { user, router, callsTo } = setup(
      'admin',
      '/Aligners?family=gtps&serialNumber=tp1&page=3&sort=-updatedAt&serial=V33CP1234',
    );
    expect(await screen.findByRole('dialog', { name: /V33CP1234/ })).toBeTruthy();
    const first = callsTo(alignersRoutes.getAligners)[0]!.query;
    expect(Object.fromEntries(first)).toEqual({
      page: '3',
      filterFamily: 'gtps',
      filterSerialNumber: 'TP1',
      sortBy: 'updatedAt',
      sortDesc: 'true',
    });
    await user.click(within(screen.getByRole('dialog', { name: /V33CP1234/ })).getByRole('button', { name: 'Close' }));
    await waitFor(() =>
      expect(router.state.location.search).toBe('?family=gtps&serialNumber=tp1&page=3&sort=-updatedAt'),
    );
    expect(await screen.findByText(/21–23 of 23/)).toBeTruthy();
    expect(screen.getByLabelText<HTMLInputElement>('Serial Number').value).toBe('TP1');
    expect(screen.getByRole('combobox', { name: /^Family/ }).textContent).toBe('gtps');
    expect(screen.getByRole('columnheader', { name: /Updated At/ }).getAttribute('aria-sort')).toBe('descending');

    await user.type(screen.getByLabelText('Country Code'), 'de');
    expect(router.state.location.search).toBe('?country=DE&family=gtps&serialNumber=TP1&sort=-updatedAt');
    await waitFor(() => expect(callsTo(alignersRoutes.getAligners).at(-1)?.query.get('filterCountryCode')).toBe('DE'));
    expect(Object.fromEntries(callsTo(alignersRoutes.getAligners).at(-1)!.query)).toEqual({
      page: '1',
      filterCountryCode: 'DE',
      filterFamily: 'gtps',
      filterSerialNumber: 'TP1',
      sortBy: 'updatedAt',
      sortDesc: 'true',
    });
  });

  it('keeps the sort in the address, and goes back to page 1 on a new one', async () => {
    const { user, router, callsTo } = setup('admin', '/Aligners?page=2');
    await screen.findByText('V33CP1234');
    await user.click(
      screen.getByRole('columnheader', { name: /Software Version/ }).querySelector('.MuiDataGrid-columnHeaderTitle')!,
    );
    await waitFor(() => expect(router.state.location.search).toBe('?sort=version'));
    await waitFor(() => expect(callsTo(alignersRoutes.getAligners).at(-1)?.query.get('sortBy')).toBe('version'));
    expect(callsTo(alignersRoutes.getAligners).at(-1)?.query.get('page')).toBe('1');
  });

  it('shows why the list could not be loaded', async () => {
    setup('admin', '/Aligners', () => errorResponse(400, 'filterCountryCode must be letters'));
    expect(await screen.findByText('filterCountryCode must be letters')).toBeTruthy();
  });
});
