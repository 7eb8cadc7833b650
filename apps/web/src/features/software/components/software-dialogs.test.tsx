import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { dashboardRoutes } from '@ed/contract/routes/dashboard';
import { schedulesRoutes } from '@ed/contract/routes/schedules';
import { softwareRoutes } from '@ed/contract/routes/software';
import { MANIFEST_NOT_FOUND_TEXT, NO_ALIGNERS_MATCH_TEXT, type ValidatedManifest } from '@ed/contract/software';
import { writeToken } from '../../../shared/auth/token-storage';
import { fakeServer, reply } from '../../../testing/fake-server';
import { errorResponse, tokenFor } from '../../../testing/fixtures';
import { renderScreen } from '../../../testing/render';
import { CreateUpdateDialog } from './create-update-dialog';
import { ScheduleDialog } from './schedule-dialog';

/** The DOM query collapses runs of spaces; the spec's texts have two after a full stop. */
const collapsed = (text: string) => text.replace(/\s+/g, ' ');

const manifest: ValidatedManifest = {
  version: { semantic: '5.3.0', meta: 'demo-5.3.0' },
  prerequisites: { require: '4.0.0' },
  family: 'aligner',
  files: [{ name: 'a.swu', size: 10 }],
  path: 'demo/aligner-5.3.0',
  verification: {
    signed: true,
    signedBy: ['release-2026', 'release-ops'],
    expires: '2027-05-01T00:00:00.000Z',
    files: 1,
    text: 'Signed by release-2026 and release-ops, expires 2027-05-01; 1 file verified.',
  },
};

describe('CreateUpdateDialog', () => {
  it('validates the path before Confirm, and editing the path resets it', async () => {
    writeToken(tokenFor('engineer', 'eve'));
    const { callsTo } = fakeServer([
      reply(softwareRoutes.validateUpdate, (r) =>
        (r.body as { updatePath: string }).updatePath === 'nowhere'
          ? errorResponse(404, MANIFEST_NOT_FOUND_TEXT)
          : manifest,
      ),
      reply(softwareRoutes.createUpdate, () => ({
        ...manifest,
        id: 1,
        prerequisite: '4.0.0',
        isLatest: true,
        createdAt: '2026-01-01T00:00:00.000Z',
      })),
    ]);
    const onClose = vi.fn();
    renderScreen(<CreateUpdateDialog family="aligner" title="Create Aligner Update" open onClose={onClose} />);
    const user = userEvent.setup();
    const path = screen.getByRole('textbox', { name: 'Update path' });
    await user.type(path, 'nowhere');
    expect(screen.queryByRole('button', { name: 'Confirm' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Validate' }));
    expect(await screen.findByText(collapsed(MANIFEST_NOT_FOUND_TEXT))).toBeTruthy();

    await user.clear(path);
    expect(screen.queryByText(collapsed(MANIFEST_NOT_FOUND_TEXT))).toBeNull();
    await user.type(path, 'demo/aligner-5.3.0');
    await user.click(screen.getByRole('button', { name: 'Validate' }));
    expect(
      await screen.findByText(
        'The manifest was verified: version 5.3.0 (demo-5.3.0). Signed by release-2026 and release-ops, expires 2027-05-01; 1 file verified.',
      ),
    ).toBeTruthy();
    await user.type(path, 'x');
    expect(screen.queryByRole('button', { name: 'Confirm' })).toBeNull();
    await user.type(path, '{Backspace}');
    await user.click(screen.getByRole('button', { name: 'Validate' }));
    await user.click(await screen.findByRole('button', { name: 'Confirm' }));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(callsTo(softwareRoutes.createUpdate)[0]?.body).toEqual({
      version: manifest.version,
      prerequisite: '4.0.0',
      family: 'aligner',
      path: 'demo/aligner-5.3.0',
    });
  });
});

describe('ScheduleDialog', () => {
  it('offers Confirm only when aligners match and colours each day by its load', async () => {
    writeToken(tokenFor('admin', 'ann'));
    fakeServer([
      reply(schedulesRoutes.getScheduleByDay, () => [
        { _id: { year: 2031, month: 1, day: 2 }, count: 10 },
        { _id: { year: 2031, month: 1, day: 3 }, count: 11 },
        { _id: { year: 2031, month: 1, day: 4 }, count: 21 },
      ]),
      reply(schedulesRoutes.searchSerials, (r) =>
        r.query.get('filterSerialNumber') === 'ZZZ*' ? [] : ['A00000001', 'A00000002'],
      ),
      reply(schedulesRoutes.getScheduleConflicts, () => ({ alreadyScheduled: [], alreadyOnVersion: [] })),
    ]);
    renderScreen(<ScheduleDialog open latest="5.3.0" onClose={() => undefined} />);
    const user = userEvent.setup();
    expect((await screen.findByRole('listitem', { name: '2031-01-02: 10 scheduled (green)' })).dataset.load).toBe(
      'green',
    );
    expect(screen.getByRole('listitem', { name: '2031-01-03: 11 scheduled (yellow)' })).toBeTruthy();
    expect(screen.getByRole('listitem', { name: '2031-01-04: 21 scheduled (red)' })).toBeTruthy();

    await user.type(screen.getByRole('textbox', { name: 'Serial number pattern' }), 'ZZZ*');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText(collapsed(NO_ALIGNERS_MATCH_TEXT))).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Confirm' })).toBeNull();

    await user.clear(screen.getByRole('textbox', { name: 'Serial number pattern' }));
    await user.type(screen.getByRole('textbox', { name: 'Serial number pattern' }), 'A*');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText(/^2 aligners match: A00000001, A00000002/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Confirm' })).toBeTruthy();
  });

  it('schedules with the release as part 2 §7 names it: version {semantic, meta} and path', async () => {
    writeToken(tokenFor('admin', 'ann'));
    const { callsTo } = fakeServer([
      reply(schedulesRoutes.getScheduleByDay, () => []),
      reply(schedulesRoutes.searchSerials, () => ['A00000001']),
      reply(schedulesRoutes.getScheduleConflicts, () => ({ alreadyScheduled: [], alreadyOnVersion: [] })),
      reply(dashboardRoutes.getLatestSoftwareVersion, () => ({
        semantic: '5.3.0',
        meta: 'demo-5.3.0',
        path: 'demo/5.3.0',
      })),
      reply(schedulesRoutes.createSchedule, () => ({
        id: 1,
        date: '2031-01-02',
        count: 1,
        version: { semantic: '5.3.0', meta: 'demo-5.3.0' },
        leftOut: { alreadyScheduled: [], alreadyOnVersion: [] },
      })),
    ]);
    renderScreen(<ScheduleDialog open latest="5.3.0" onClose={() => undefined} />);
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: 'Serial number pattern' }), 'A*');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await user.click(await screen.findByRole('button', { name: 'Confirm' }));
    await vi.waitFor(() => expect(callsTo(schedulesRoutes.createSchedule)).toHaveLength(1));
    expect(callsTo(schedulesRoutes.createSchedule)[0]?.body).toMatchObject({
      serialNumbers: ['A00000001'],
      version: { semantic: '5.3.0', meta: 'demo-5.3.0' },
      path: 'demo/5.3.0',
    });
  });

  it('shows the units already scheduled or already on the version, and schedules only the rest', async () => {
    writeToken(tokenFor('admin', 'ann'));
    const { callsTo } = fakeServer([
      reply(schedulesRoutes.getScheduleByDay, () => []),
      reply(schedulesRoutes.searchSerials, () => ['A00000001', 'A00000002', 'A00000003']),
      reply(schedulesRoutes.getScheduleConflicts, () => ({
        alreadyScheduled: [{ serialNumber: 'A00000001', date: '2031-01-05', semantic: '5.3.0' }],
        alreadyOnVersion: ['A00000003'],
      })),
      reply(dashboardRoutes.getLatestSoftwareVersion, () => ({ semantic: '5.3.0', meta: null, path: 'demo/5.3.0' })),
      reply(schedulesRoutes.createSchedule, () => ({
        id: 2,
        date: '2031-01-02',
        count: 1,
        version: { semantic: '5.3.0', meta: null },
        leftOut: { alreadyScheduled: [], alreadyOnVersion: [] },
      })),
    ]);
    renderScreen(<ScheduleDialog open latest="5.3.0" onClose={() => undefined} />);
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: 'Serial number pattern' }), 'A*');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('Left out, already scheduled: A00000001 (5.3.0 on 2031-01-05)')).toBeTruthy();
    expect(screen.getByText('Left out, already on 5.3.0: A00000003')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    await vi.waitFor(() => expect(callsTo(schedulesRoutes.createSchedule)).toHaveLength(1));
    expect(callsTo(schedulesRoutes.createSchedule)[0]?.body).toMatchObject({
      serialNumbers: ['A00000002'],
    });
    expect(await screen.findByText('1 aligner scheduled for 5.3.0 on 2031-01-02.')).toBeTruthy();
  });
});
