import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { updateSchedulerRoutes } from '@ed/contract/routes/update-scheduler';
import type { SchedulerDevice } from '@ed/contract/update-scheduler';
import { writeToken } from '../../../shared/auth/token-storage';
import { fakeServer, reply } from '../../../testing/fake-server';
import { tokenFor } from '../../../testing/fixtures';
import { renderScreen } from '../../../testing/render';
import { SchedulerTable } from './scheduler-table';

const device = (over: Partial<SchedulerDevice>): SchedulerDevice => ({
  serialNumber: 'A00000001',
  geolocation: { country_code: 'US' },
  family: 'aligner',
  version: { semantic: '5.1.0', meta: null },
  lastSeenOnlineAt: '2031-01-01T10:00:00.000Z',
  staging: { isStaged: false, autoStaged: false, stagedVersion: null, stagedAt: null },
  connected: true,
  bestGuessAtSoftwareUpdateState: 'TRY_INSERT_UPDATE',
  bestGuessAtSoftwareUpdateVersion: null,
  createdAt: '2031-01-01T00:00:00.000Z',
  updatedAt: '2031-01-01T00:00:00.000Z',
  ...over,
});

describe('SchedulerTable', () => {
  it("shows '(yes)' for auto-staged units, and 'unknown' with no update version when offline", async () => {
    writeToken(tokenFor('engineer', 'eve'));
    const { callsTo } = fakeServer([
      reply(updateSchedulerRoutes.getAlignerDevices, () => ({
        totalDocs: 2,
        docs: [
          device({
            staging: {
              isStaged: true,
              autoStaged: true,
              stagedVersion: { semantic: '5.2.0' },
              stagedAt: '2031-01-01T11:00:00.000Z',
            },
            bestGuessAtSoftwareUpdateState: 'DOWNLOADING',
            bestGuessAtSoftwareUpdateVersion: { semantic: '5.2.0', meta: null },
          }),
          device({ serialNumber: 'A00000002', connected: false, bestGuessAtSoftwareUpdateState: 'unknown' }),
        ],
      })),
    ]);
    renderScreen(<SchedulerTable family="aligner" latest="5.2.0" />);
    const first = (await screen.findByText('A00000001')).closest('[role="row"]') as HTMLElement;
    expect(within(first).getByText('(yes)')).toBeTruthy();
    expect(within(first).getByText('DOWNLOADING')).toBeTruthy();
    const second = screen.getByText('A00000002').closest('[role="row"]') as HTMLElement;
    expect(within(second).getByText('unknown')).toBeTruthy();
    const connected = second.querySelector<HTMLElement>('[data-field="connected"]')!;
    expect(within(connected).getByText('no')).toBeTruthy();

    await userEvent.setup().click(screen.getByRole('switch', { name: 'Staged' }));
    await vi.waitFor(() =>
      expect(callsTo(updateSchedulerRoutes.getAlignerDevices).at(-1)?.query.get('onlyStaged')).toBe('true'),
    );
  });
});
