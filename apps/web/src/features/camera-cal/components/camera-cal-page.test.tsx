import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { CameraCalRecord } from '@ed/contract/camera-cal';
import { writeToken } from '../../../shared/auth/token-storage';
import { cameraCalRoutes } from '@ed/contract/routes/camera-cal';
import { fakeServer, reply } from '../../../testing/fake-server';
import { tokenFor } from '../../../testing/fixtures';
import { renderScreen } from '../../../testing/render';
import { CameraCalPage } from './camera-cal-page';

const board = (serial: string) => ({
  SerialNumber: serial,
  RMSEValidAccel: 0.0021,
  AccelCal: { Offsets: [0.01, -0.02, 0.003], Gain: [1, 0, 0, 0, 1, 0, 0, 0, 1] },
  RMSEValidCCS_ACS: 0.0013,
  CCS_ACSCal: [
    [1, 0, 0],
    [0, 1, 0],
    [0, 0, 1],
  ],
  RMSEValidCamCal: 0.18,
  CameraCal: {
    image_rows: 1200,
    image_cols: 1600,
    image_chans: 1,
    pixel_size_um: 4.5,
    cx: 801.2,
    cy: 598.7,
    flen_pixels: 2730.5,
    flen_mm: 12.29,
    IM: [
      [2730.5, 0, 801.2],
      [0, 2730.5, 598.7],
      [0, 0, 1],
    ],
    dist_coeffs: [-0.12, 0.08, 0.0004, -0.0002, 0.01],
  },
});

const record: CameraCalRecord = {
  id: 1,
  serialNumber: 'V33CP1234',
  createdAt: '2026-10-01T10:00:00.000Z',
  Operator: 'J. Smith',
  Version: 'CalTool 3.2.1',
  Date: '2026-10-01T10:00:00.000Z',
  AccelCalTime: '2026-10-01T09:30:00.000Z',
  CCS_ACSTime: '2026-10-01T09:40:00.000Z',
  camCalTime: '2026-10-01T09:50:00.000Z',
  LeftBoards: [board('LB1001'), board('LB1002')],
  RightBoards: [board('RB2002')],
};

describe('camera calibrations', () => {
  it('lists boards joined by commas and shows every value, matrices as matrices', async () => {
    writeToken(tokenFor('support'));
    fakeServer([reply(cameraCalRoutes.listCameraCals, () => ({ totalDocs: 1, docs: [record] }))]);
    renderScreen(<CameraCalPage />);
    const grid = await screen.findByRole('grid', { name: 'Camera calibrations' });
    expect(await within(grid).findByText('LB1001, LB1002')).toBeTruthy();
    expect(within(grid).getByText('RB2002')).toBeTruthy();

    await userEvent.setup().click(within(grid).getByRole('button', { name: /^View calibration/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Camera calibration of V33CP1234' });
    const intrinsic = within(dialog).getByRole('table', { name: 'Left board 0 (LB1001) intrinsic matrix' });
    const rows = within(intrinsic).getAllByRole('row');
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      ),
    ).toEqual([
      ['2730.5', '0', '801.2'],
      ['0', '2730.5', '598.7'],
      ['0', '0', '1'],
    ]);
    const coefficients = within(dialog).getByRole('table', { name: 'Right board 0 (RB2002) distortion coefficients' });
    expect(
      within(coefficients)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['-0.12', '0.08', '0.0004', '-0.0002', '0.01']);
    expect(within(dialog).getAllByText('1200 × 1600 × 1')).toHaveLength(3);
    expect(within(dialog).getAllByText('2730.5 px, 12.29 mm')).toHaveLength(3);
  });

  it('keeps the record shown in the address: a reload shows it, closing and then filtering does not', async () => {
    writeToken(tokenFor('support'));
    fakeServer([reply(cameraCalRoutes.listCameraCals, () => ({ totalDocs: 1, docs: [record] }))]);
    const { router } = renderScreen(<CameraCalPage />, { path: `/CameraCal?record=${record.id}` });
    const dialog = await screen.findByRole('dialog', { name: 'Camera calibration of V33CP1234' });
    const user = userEvent.setup();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(router.state.location.search).toBe('');
    await user.type(screen.getByLabelText('Camera serial number'), 'lb');
    await waitFor(() => expect(router.state.location.search).toBe('?serialNumber=lb'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('filters by camera serial number', async () => {
    writeToken(tokenFor('support'));
    const { callsTo } = fakeServer([reply(cameraCalRoutes.listCameraCals, () => ({ totalDocs: 0, docs: [] }))]);
    renderScreen(<CameraCalPage />);
    await userEvent.setup().type(await screen.findByLabelText('Camera serial number'), 'lb10');
    await waitFor(() =>
      expect(callsTo(cameraCalRoutes.listCameraCals).at(-1)?.query.get('filterSerialNumber')).toBe('lb10'),
    );
  });
});
