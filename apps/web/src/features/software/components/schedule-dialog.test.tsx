import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { dashboardRoutes } from '@ed/contract/routes/dashboard';
import { savedViewsRoutes } from '@ed/contract/routes/saved-views';
import { schedulesRoutes } from '@ed/contract/routes/schedules';
import { writeToken } from '../../../shared/auth/token-storage';
import { fakeServer, reply } from '../../../testing/fake-server';
import { tokenFor } from '../../../testing/fixtures';
import { renderScreen } from '../../../testing/render';
import { savedViewFixture } from '../../../testing/rollout-fixture';
import { ScheduleDialog } from './schedule-dialog';

// The pattern searches are in software-dialogs.test.tsx; these are the saved view's (beyond the spec).
describe('ScheduleDialog with a saved view', () => {
  it('searches the aligners of a saved view at once, and Confirm schedules the view, not a list', async () => {
    writeToken(tokenFor('admin', 'ann'));
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const { callsTo } = fakeServer([
      reply(schedulesRoutes.getScheduleByDay, () => []),
      reply(savedViewsRoutes.listSavedViews, () => ({
        views: [savedViewFixture({ id: 6, name: 'Oasis fleet', members: 12 })],
      })),
      reply(schedulesRoutes.searchSerials, (r) => (r.query.get('viewId') === '6' ? ['A00000001', 'A00000002'] : [])),
      reply(schedulesRoutes.getScheduleConflicts, () => ({ alreadyScheduled: [], alreadyOnVersion: ['A00000002'] })),
      reply(dashboardRoutes.getLatestSoftwareVersion, () => ({
        semantic: '5.3.0',
        meta: 'demo-5.3.0',
        path: 'demo/5.3.0',
      })),
      reply(schedulesRoutes.createSchedule, () => ({
        id: 3,
        date: tomorrow,
        count: 1,
        version: { semantic: '5.3.0', meta: 'demo-5.3.0' },
        leftOut: { alreadyScheduled: [], alreadyOnVersion: ['A00000002'] },
      })),
    ]);
    renderScreen(<ScheduleDialog open latest="5.3.0" onClose={() => undefined} />);
    const user = userEvent.setup();
    const pattern = () => screen.getByRole<HTMLInputElement>('textbox', { name: 'Serial number pattern' });
    await user.type(pattern(), 'A*');
    await user.click(screen.getByRole('combobox', { name: 'Saved view' }));
    await user.click(await screen.findByRole('option', { name: 'Oasis fleet (12 units)' }));

    expect(await screen.findByText(/^2 aligners match: A00000001, A00000002/)).toBeTruthy();
    expect(screen.getByText('Left out, already on 5.3.0: A00000002')).toBeTruthy();
    expect(pattern().value).toBe('');
    expect(pattern().disabled).toBe(true);
    const [search] = callsTo(schedulesRoutes.searchSerials);
    expect(Object.fromEntries(search?.query ?? [])).toEqual({ viewId: '6' });
    const [conflicts] = callsTo(schedulesRoutes.getScheduleConflicts);
    expect(Object.fromEntries(conflicts?.query ?? [])).toEqual({ viewId: '6', semantic: '5.3.0' });

    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    await vi.waitFor(() => expect(callsTo(schedulesRoutes.createSchedule)).toHaveLength(1));
    // The server takes the view's aligners as they are when the schedule is made.
    expect(callsTo(schedulesRoutes.createSchedule)[0]?.body).toEqual({
      viewId: 6,
      version: { semantic: '5.3.0', meta: 'demo-5.3.0' },
      path: 'demo/5.3.0',
      date: tomorrow,
    });
    expect(await screen.findByText(`1 aligner scheduled for 5.3.0 on ${tomorrow}.`)).toBeTruthy();
    expect(pattern().disabled).toBe(false);
  });

  it('returns to the pattern when the saved view is cleared', async () => {
    writeToken(tokenFor('admin', 'ann'));
    const { callsTo } = fakeServer([
      reply(schedulesRoutes.getScheduleByDay, () => []),
      reply(savedViewsRoutes.listSavedViews, () => ({ views: [savedViewFixture({ id: 6, name: 'Oasis fleet' })] })),
      reply(schedulesRoutes.searchSerials, (r) => (r.query.has('viewId') ? ['V00000001'] : ['A00000001'])),
      reply(schedulesRoutes.getScheduleConflicts, () => ({ alreadyScheduled: [], alreadyOnVersion: [] })),
    ]);
    renderScreen(<ScheduleDialog open latest="5.3.0" onClose={() => undefined} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('combobox', { name: 'Saved view' }));
    await user.click(await screen.findByRole('option', { name: 'Oasis fleet (120 units)' }));
    expect(await screen.findByText(/^1 aligner match: V00000001/)).toBeTruthy();

    await user.click(screen.getByRole('combobox', { name: 'Saved view' }));
    await user.click(screen.getByRole('option', { name: 'None' }));
    expect(screen.queryByText(/aligners? match/)).toBeNull();
    const pattern = screen.getByRole<HTMLInputElement>('textbox', { name: 'Serial number pattern' });
    expect(pattern.disabled).toBe(false);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Search' }).disabled).toBe(true);
    await user.type(pattern, 'A*{Enter}');
    expect(await screen.findByText(/^1 aligner match: A00000001/)).toBeTruthy();
    expect(callsTo(schedulesRoutes.searchSerials).at(-1)?.query.get('filterSerialNumber')).toBe('A*');
  });

  it('offers the views of aligners, or of any family, only: the schedule takes aligners alone', async () => {
    writeToken(tokenFor('admin', 'ann'));
    const views = (['aligner', 'gtps', 'aligner-oasis', undefined] as const).map((family, i) =>
      savedViewFixture({ id: i + 1, name: family ?? 'any', members: 5, filter: family ? { family } : {} }),
    );
    fakeServer([
      reply(schedulesRoutes.getScheduleByDay, () => []),
      reply(savedViewsRoutes.listSavedViews, () => ({ views })),
    ]);
    renderScreen(<ScheduleDialog open latest="5.3.0" onClose={() => undefined} />);
    await userEvent.setup().click(screen.getByRole('combobox', { name: 'Saved view' }));
    const options = within(await screen.findByRole('listbox')).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['None', 'aligner (5 units)', 'any (5 units)']);
  });
});
