import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Elevation } from '@ed/contract/elevations';
import type { Equipment } from '@ed/contract/equipment';
import type { Role } from '@ed/contract/roles';
import { alignersRoutes } from '@ed/contract/routes/aligners';
import { commandRoutes } from '@ed/contract/routes/commands';
import { dashboardRoutes } from '@ed/contract/routes/dashboard';
import { diagnosticsRoutes } from '@ed/contract/routes/diagnostics';
import { elevationsRoutes } from '@ed/contract/routes/elevations';
import { radarRoutes } from '@ed/contract/routes/radar';
import { softwareRoutes } from '@ed/contract/routes/software';
import { writeToken } from '../../shared/auth/token-storage';
import { fakeServer, reply, type FakeReply } from '../../testing/fake-server';
import { equipmentFixture, errorResponse, tokenFor } from '../../testing/fixtures';
import { renderScreen } from '../../testing/render';
import { EquipmentDetail } from './equipment-detail';

const commandAnswer = <const C extends string, const R extends object>(command: C, result: R) => ({
  serialNumber: 'V33CP1234',
  command,
  result,
});

function setup(role: Role, unit: Equipment = equipmentFixture(), extra: FakeReply[] = []) {
  writeToken(tokenFor(role, 'alice'));
  let current = unit;
  const server = fakeServer([
    reply(alignersRoutes.getAligner, () => current),
    reply(dashboardRoutes.getLatestSoftwareVersion, () => ({ semantic: '5.2.0', meta: null, path: '/u/5.2.0' })),
    reply(dashboardRoutes.getLatestGtpsSoftwareVersion, () => null),
    reply(dashboardRoutes.getLatestOasisSoftwareVersion, () => null),
    ...extra,
  ]);
  const onClose = vi.fn();
  const onSerialChanged = vi.fn();
  const view = renderScreen(
    <EquipmentDetail serialNumber={unit.serialNumber} onClose={onClose} onSerialChanged={onSerialChanged} />,
  );
  return {
    ...view,
    ...server,
    user: userEvent.setup(),
    onClose,
    onSerialChanged,
    setUnit: (next: Equipment) => (current = next),
  };
}

const dialog = () => screen.findByRole('dialog', { name: /V33CP1234/ });
const commands = () => screen.getByRole('group', { name: 'Commands' });
const field = (section: string, label: string) => {
  const term = within(screen.getByRole('region', { name: section })).getByText(label, { selector: 'dt' });
  return term.nextElementSibling?.textContent;
};

describe('EquipmentDetailDialog', () => {
  it('shows the header and the body fields of part 1 §2', async () => {
    setup('admin');
    await dialog();
    expect(await screen.findByText('V3300 Aligner, built March 2020')).toBeTruthy();
    expect(screen.getByRole('img', { name: '2 open support tickets' })).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByText('5.1.0').closest('[data-status]')?.getAttribute('data-status')).toBe('older'),
    );
    expect(field('Software', 'Software Ready to Download')).toBe('NONE');
    expect(field('Software', 'Specs Version')).toBe('SPEC-2024.2');
    expect(field('Software', 'Specs Expiration')).toBe('7/2026');
    expect(field('Hardware', 'DD Enabled')).toBe('YES');
    expect(field('Connection', 'Connected')).toBe('YES');
    expect(field('Connection', 'Remote Port')).toBe('51234');
    expect(field('Connection', 'Address')).toBe('203.0.113.9');
    expect(field('Connection', 'Current Procedure')).toBe('Alignment');
    expect(field('Geolocation', 'Offset')).toBe('UTC+01:00');
    expect(field('Geolocation', 'Local Time')).toMatch(/^\w{3} \w+ \d+(st|nd|rd|th), \d{4} \d\d:\d\d:\d\d$/);
    expect(screen.getByTestId('update-state').textContent).toBe('Nothing Pending');
    expect(screen.getByRole('button', { name: 'Check Cloud' })).toBeTruthy();
  });

  it("says 'disconnected' for port, address and procedure and hides the update icons when not connected", async () => {
    setup('admin', equipmentFixture({ connected: false }));
    await dialog();
    await screen.findByText('Remote Port');
    expect(field('Connection', 'Remote Port')).toBe('disconnected');
    expect(field('Connection', 'Address')).toBe('disconnected');
    expect(field('Connection', 'Current Procedure')).toBe('disconnected');
    expect(screen.queryByRole('button', { name: 'Check Cloud' })).toBeNull();
  });

  it('hides specs and board features below 5.0.0', async () => {
    setup('admin', equipmentFixture({ version: { semantic: '4.5.0', meta: null } }));
    await screen.findByText('Software Ready to Download');
    expect(screen.queryByText('Specs Version')).toBeNull();
    expect(screen.queryByText('DD Enabled')).toBeNull();
  });

  it('gives admin Open Port, Reset Serial, Change Targets and Clear Updates', async () => {
    setup('admin');
    await screen.findByRole('group', { name: 'Commands' });
    for (const name of [
      'Open Port',
      'Reset Serial',
      'Change Targets',
      'Clear Updates',
      'RCP',
      'Activate',
      'Screen Shot',
      'Open Ticket',
    ]) {
      expect(within(commands()).getByRole<HTMLButtonElement>('button', { name }).disabled).toBe(false);
    }
    for (const name of ['USB', 'Printer', 'Voltages']) {
      expect(within(commands()).getByRole<HTMLButtonElement>('button', { name }).disabled).toBe(true);
    }
    // 5.1.0 below the latest 5.2.0 with nothing pending: Stage is offered, Unstage is not (part 1 §4).
    expect((await within(commands()).findByRole<HTMLButtonElement>('button', { name: 'Stage 5.2.0' })).disabled).toBe(
      false,
    );
    expect(within(commands()).queryByRole('button', { name: /^Unstage/ })).toBeNull();
  });

  it('stages the latest version, then offers Unstage of it', async () => {
    const server: { setUnit?: (unit: Equipment) => void } = {};
    const { user, setUnit, callsTo } = setup('support', equipmentFixture(), [
      reply(softwareRoutes.stageUpdate, () => {
        server.setUnit?.(equipmentFixture({ pendingSoftwareDownload: '5.2.0' }));
        return {
          serialNumber: 'V33CP1234',
          version: { semantic: '5.2.0', meta: null },
          stagedAt: '2026-01-01T00:00:00.000Z',
        };
      }),
    ]);
    server.setUnit = setUnit;
    await user.click(await screen.findByRole('button', { name: 'Stage 5.2.0' }));
    expect(await screen.findByText('Staged 5.2.0 on V33CP1234.')).toBeTruthy();
    expect(await within(commands()).findByRole('button', { name: 'Unstage 5.2.0' })).toBeTruthy();
    expect(within(commands()).queryByRole('button', { name: /^Stage/ })).toBeNull();
    // As part 1 §7 sends it: the release's version {semantic, meta} and its path.
    expect(callsTo(softwareRoutes.stageUpdate)[0]?.body).toEqual({
      serialNumber: 'V33CP1234',
      version: { semantic: '5.2.0', meta: null },
      path: '/u/5.2.0',
    });
  });

  it('shows support no Open Port, Reset Serial, RCP, Change Targets or Clear Updates', async () => {
    setup('support');
    await screen.findByRole('group', { name: 'Commands' });
    for (const name of ['Open Port', 'Reset Serial', 'RCP', 'Change Targets', 'Clear Updates']) {
      expect(within(commands()).queryByRole('button', { name })).toBeNull();
    }
    expect(within(commands()).getByRole<HTMLButtonElement>('button', { name: 'Activate' }).disabled).toBe(false);
  });

  it('disables the unit commands while the unit is not connected', async () => {
    setup('admin', equipmentFixture({ connected: false }));
    await screen.findByRole('group', { name: 'Commands' });
    expect(within(commands()).getByRole<HTMLButtonElement>('button', { name: 'Open Port' }).disabled).toBe(true);
  });

  it('raises the log level by sending INFO, then offers LOWER LOG LEVEL', async () => {
    const { user, callsTo, setUnit } = setup('admin', equipmentFixture({ logLevel: 'WARN' }), [
      reply(commandRoutes.setLoggingLevel, () => {
        setUnit(equipmentFixture({ logLevel: 'INFO' }));
        return commandAnswer('set_logging_level', { logLevel: 'INFO' });
      }),
    ]);
    await user.click(await screen.findByRole('button', { name: 'RAISE LOG LEVEL' }));
    expect(await screen.findByRole('button', { name: 'LOWER LOG LEVEL' })).toBeTruthy();
    // Raised for the default hour; the server lowers it again when the hour is up.
    expect(callsTo(commandRoutes.setLoggingLevel)[0]?.body).toEqual({
      serialNumber: 'V33CP1234',
      loggingLevel: 'INFO',
      durationMinutes: 60,
    });
  });

  it('opens the port for the duration chosen, and shows when the server closes it again', async () => {
    let open: Elevation[] = [];
    const expiresAt = new Date(Date.now() + 15 * 60_000).toISOString();
    const { user, callsTo } = setup('engineer', undefined, [
      reply(commandRoutes.openSshPort, () => {
        open = [
          {
            serialNumber: 'V33CP1234',
            kind: 'sshPort',
            raisedBy: 'alice',
            raisedAt: new Date().toISOString(),
            expiresAt,
          },
        ];
        return commandAnswer('open_ssh_port', { port: 40022, expiresAt });
      }),
      reply(commandRoutes.closeSshPort, () => {
        open = [];
        return commandAnswer('close_ssh_port', {});
      }),
      reply(elevationsRoutes.getElevations, () => ({ elevations: open })),
    ]);
    await user.click(await screen.findByRole('combobox', { name: 'Elevate for' }));
    await user.click(await screen.findByRole('option', { name: '15 min' }));
    await user.click(screen.getByRole('button', { name: 'Open Port' }));
    const status = await screen.findByRole('status', { name: 'Elevations' });
    expect(status.textContent).toMatch(/^SSH port open until \d\d:\d\d \(1[45] min left\)$/);
    expect(callsTo(commandRoutes.openSshPort)[0]?.body).toEqual({ serialNumber: 'V33CP1234', durationMinutes: 15 });

    // The open port is ended before its time from the same place.
    expect(screen.queryByRole('button', { name: 'Open Port' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Close Port' }));
    await waitFor(() => expect(screen.queryByRole('status', { name: 'Elevations' })).toBeNull());
    expect(callsTo(commandRoutes.closeSshPort)[0]?.body).toEqual({ serialNumber: 'V33CP1234' });
    expect(await screen.findByRole('button', { name: 'Open Port' })).toBeTruthy();
  });

  it('links the diagnostics notice to the ticket they are collected into', async () => {
    const { user, router } = setup('engineer', undefined, [
      reply(diagnosticsRoutes.collectDiagnostics, () => ({
        id: 3,
        ticketId: 41,
        serialNumber: 'V33CP1234',
        requestedBy: 'alice',
        startedAt: new Date().toISOString(),
        finishedAt: null,
        summary: null,
        items: [],
      })),
    ]);
    await user.click(await screen.findByRole('button', { name: 'Collect diagnostics' }));
    const link = await screen.findByRole('link', { name: 'Open ticket 41' });
    expect(link.getAttribute('href')).toBe('/SupportTickets?id=41');
    await user.click(link);
    expect(router.state.location.pathname + router.state.location.search).toBe('/SupportTickets?id=41');
  });

  it('shows the opened port in an alert', async () => {
    const { user } = setup('engineer', undefined, [
      reply(commandRoutes.openSshPort, () => commandAnswer('open_ssh_port', { port: 40022 })),
    ]);
    await user.click(await screen.findByRole('button', { name: 'Open Port' }));
    expect(await screen.findByText('Port 40022 is open on V33CP1234.')).toBeTruthy();
  });

  it("alerts the spec's text and the reason when Clear Updates fails", async () => {
    const { user } = setup('support_lvl2', undefined, [
      reply(commandRoutes.clearPendingUpdates, () => errorResponse(409, 'Unit V33CP1234 is not connected.')),
    ]);
    await user.click(await screen.findByRole('button', { name: 'Clear Updates' }));
    expect(
      await screen.findByText('Pending updates could not be cleared. Unit V33CP1234 is not connected.'),
    ).toBeTruthy();
  });

  it('offers Change in Change Target Type only once a type is chosen', async () => {
    const { user, callsTo } = setup('admin', undefined, [
      reply(commandRoutes.setTargetEolTypes, () => commandAnswer('set_target_eol_types', { targetType: 'AT700' })),
    ]);
    await user.click(await screen.findByRole('button', { name: 'Change Targets' }));
    const sub = await screen.findByRole('dialog', { name: 'Change Target Type' });
    const change = within(sub).getByRole<HTMLButtonElement>('button', { name: 'Change' });
    expect(change.disabled).toBe(true);
    await user.click(within(sub).getByRole('combobox', { name: 'Target Type' }));
    await user.click(await screen.findByRole('option', { name: 'AT700' }));
    expect(change.disabled).toBe(false);
    await user.click(change);
    expect(await screen.findByText('Target type changed!')).toBeTruthy();
    expect(callsTo(commandRoutes.setTargetEolTypes)[0]?.body).toEqual({
      serialNumber: 'V33CP1234',
      targetType: 'AT700',
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Change Target Type' })).toBeNull());
  });

  it('resets the serial and hands over the new one', async () => {
    const { user, callsTo, onSerialChanged } = setup('admin', undefined, [
      reply(commandRoutes.resetSerialNumber, () => commandAnswer('reset_serial_number', { serialNumber: 'V33CP9999' })),
    ]);
    await user.click(await screen.findByRole('button', { name: 'Reset Serial' }));
    const sub = await screen.findByRole('dialog', { name: 'Reset Serial' });
    await user.type(within(sub).getByLabelText('New Serial Number'), 'v33cp9999');
    const reads = callsTo(alignersRoutes.getAligner).length;
    await user.click(within(sub).getByRole('button', { name: 'Change' }));
    await waitFor(() => expect(onSerialChanged).toHaveBeenCalledWith('V33CP9999'));
    // The old serial is gone: reading it again would only get a 404.
    expect(callsTo(alignersRoutes.getAligner)).toHaveLength(reads);
    expect(callsTo(commandRoutes.resetSerialNumber)[0]?.body).toEqual({
      currentSerialNumber: 'V33CP1234',
      newSerialNumber: 'V33CP9999',
    });
  });

  it("flips the star after the server agreed, and shows the server's refusal", async () => {
    const { user } = setup('admin', undefined, [
      reply(radarRoutes.addFavorite, () => errorResponse(409, 'Favorite limit exceeded.')),
    ]);
    await user.click(await screen.findByRole('button', { name: 'Add to My Radar' }));
    expect(await screen.findByText('Favorite limit exceeded.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add to My Radar' }).getAttribute('aria-pressed')).toBe('false');
  });

  it('adds the unit to the radar', async () => {
    const { user, callsTo } = setup('admin', undefined, [
      reply(radarRoutes.addFavorite, () => equipmentFixture({ favorite: true })),
    ]);
    await user.click(await screen.findByRole('button', { name: 'Add to My Radar' }));
    expect(await screen.findByRole('button', { name: 'Remove from My Radar' })).toBeTruthy();
    expect(callsTo(radarRoutes.addFavorite)[0]?.body).toEqual({ username: 'alice', serialNumber: 'V33CP1234' });
  });

  it('follows the live updates of a radar unit', async () => {
    const { socket } = setup('admin');
    await screen.findByTestId('update-state');
    const downloading = equipmentFixture({
      updateState: {
        ...equipmentFixture().updateState!,
        state: 'DOWNLOADING',
        downloadProgress: {
          software: {
            currentFile: 'aligner-5.2.0.swu',
            filesTransferred: 1,
            totalFilesToTransfer: 3,
            fileProgress: {
              bytesTransferred: 2_500_000,
              progress: 50,
              transferRate: 1_000_000,
              estimatedTimeRemaining: 75,
            },
          },
          specs: null,
        },
      },
    });
    act(() => socket.serverEmit('RADAR_UPDATE_FAVORITE', downloading));
    await waitFor(() => expect(screen.getByTestId('update-state').textContent).toBe('Downloading'));
    const bar = screen.getByRole('progressbar', { name: 'Software download progress' });
    expect(bar.getAttribute('aria-valuenow')).toBe('50');
    expect(
      screen.getByText(
        /Software download: aligner-5\.2\.0\.swu, files 1\/3, 2\.5 MB \(50%\), 1\.0 MB\/s, 1:15 remaining/,
      ),
    ).toBeTruthy();
  });

  it('says why when the unit cannot be read', async () => {
    writeToken(tokenFor('admin'));
    fakeServer([
      reply(alignersRoutes.getAligner, () => errorResponse(404, 'There is no unit with serial number V33CP1234.')),
    ]);
    renderScreen(<EquipmentDetail serialNumber="V33CP1234" onClose={vi.fn()} onSerialChanged={vi.fn()} />);
    expect(await screen.findByText('There is no unit with serial number V33CP1234.')).toBeTruthy();
  });
});
