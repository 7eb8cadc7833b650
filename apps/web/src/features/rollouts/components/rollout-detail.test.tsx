import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Role } from '@ed/contract/roles';
import type { Rollout } from '@ed/contract/rollouts';
import { rolloutsRoutes } from '@ed/contract/routes/rollouts';
import { writeToken } from '../../../shared/auth/token-storage';
import { fakeServer, reply } from '../../../testing/fake-server';
import { tokenFor } from '../../../testing/fixtures';
import { renderScreen } from '../../../testing/render';
import { rolloutFixture, rolloutSummaryFixture, waveFixture } from '../../../testing/rollout-fixture';
import { RolloutDetail } from './rollout-detail';
import { GATE_TEXT } from './wave-list';

const PAUSED_REASON = 'Wave 1: tickets 3 of 10 (30 %), above 2 %';
const units = [
  {
    serialNumber: 'V33CP1234',
    wave: 0,
    state: 'failed' as const,
    stagedAt: null,
    doneAt: null,
    reason: 'Install Failed',
  },
];

function setup(role: Role, rollout: Rollout = rolloutFixture()) {
  writeToken(tokenFor(role, 'alice'));
  const server = fakeServer([
    reply(rolloutsRoutes.getRollout, () => rollout),
    reply(rolloutsRoutes.getRolloutUnits, () => ({ docs: units, totalDocs: 1 })),
    reply(rolloutsRoutes.pauseRollout, () => ({ ...rollout, state: 'paused', pausedReason: 'paused by alice' })),
    reply(rolloutsRoutes.resumeRollout, () => ({ ...rollout, state: 'running', pausedReason: null })),
    reply(rolloutsRoutes.skipOfflineUnits, () => rollout),
    reply(rolloutsRoutes.setWaveThreshold, () => rollout),
  ]);
  return { ...renderScreen(<RolloutDetail id={5} />, { path: '/Rollouts/5' }), ...server, user: userEvent.setup() };
}

const paused = rolloutFixture({ state: 'paused', pausedReason: PAUSED_REASON });
const actionNames = () =>
  ['Start', 'Pause', 'Resume', 'Cancel'].filter((name) => screen.queryByRole('button', { name }) !== null);

describe('RolloutDetail', { timeout: 15_000 }, () => {
  it('shows each wave’s progress, counts, threshold and gate, the tickets and the history; support may not pause', async () => {
    setup(
      'support',
      rolloutFixture({ waves: [waveFixture({ pauseAfter: true }), ...rolloutFixture().waves.slice(1)] }),
    );
    const wave = await screen.findByRole('listitem', { name: 'Wave 1' });
    expect(actionNames()).toEqual([]);
    expect(within(wave).getByRole('img', { name: GATE_TEXT })).toBeTruthy();
    const done = within(wave).getByRole('progressbar', { name: 'Wave 1 completed' });
    expect(done.getAttribute('aria-valuenow')).toBe('40');
    expect(done.getAttribute('aria-valuetext')).toBe('4 of 10 completed');
    expect(within(wave).getByRole('progressbar', { name: 'Wave 1 failed or hung' }).getAttribute('aria-valuenow')).toBe(
      '20',
    );
    expect(
      within(wave).getByText('In flight 4 · Completed 4 · Failed 1 · Hung 1 · Skipped 0 · Offline 0 · Tickets 1'),
    ).toBeTruthy();
    expect(within(wave).getByText('Next wave at 90 % completed')).toBeTruthy();
    const second = screen.getByRole('listitem', { name: 'Wave 2' });
    expect(within(second).getByText('30 units')).toBeTruthy();
    expect(within(second).getByText('waiting')).toBeTruthy();

    const tickets = screen.getByRole('table', { name: "Tickets of the rollout's units" });
    expect(within(tickets).getByRole('link', { name: 'Ticket 77' }).getAttribute('href')).toBe('/SupportTickets?id=77');
    const history = screen.getByRole('table', { name: 'History of the rollout' });
    expect(within(history).getByText('started')).toBeTruthy();
    expect(await screen.findByText('Install Failed')).toBeTruthy();
  });

  it('names the release of a spec rollout in its header', async () => {
    setup('support', rolloutFixture({ payload: 'spec', version: 'EU-2032-02', specUpdateId: 7 }));
    expect(await screen.findByText('Aligners Spec EU-2032-02 to view Germany')).toBeTruthy();
  });

  it('shows why a paused rollout is paused, and gives support no action', async () => {
    setup('support', paused);
    expect(await screen.findByText(`Paused: ${PAUSED_REASON}`)).toBeTruthy();
    expect(actionNames()).toEqual([]);
  });

  it('lets support_lvl2 pause a running rollout, with a reason, but not cancel it', async () => {
    const { user, callsTo } = setup('support_lvl2');
    await screen.findByRole('listitem', { name: 'Wave 1' });
    expect(actionNames()).toEqual(['Pause']);
    await user.click(screen.getByRole('button', { name: 'Pause' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pause rollout' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason (optional)' }), 'Calls from Munich');
    await user.click(within(dialog).getByRole('button', { name: 'Pause' }));
    await waitFor(() => expect(callsTo(rolloutsRoutes.pauseRollout)).toHaveLength(1));
    expect(callsTo(rolloutsRoutes.pauseRollout)[0]?.body).toEqual({ id: 5, reason: 'Calls from Munich' });
    expect(await screen.findByText('Rollout Spring 5.4 paused.')).toBeTruthy();
  });

  it('gives support_lvl2 neither Resume nor Cancel on a paused rollout', async () => {
    setup('support_lvl2', paused);
    await screen.findByText(`Paused: ${PAUSED_REASON}`);
    expect(actionNames()).toEqual([]);
  });

  it('gives an engineer the actions of each state, and Cancel says what happens to the units', async () => {
    const { user } = setup('engineer', paused);
    await screen.findByText(`Paused: ${PAUSED_REASON}`);
    expect(actionNames()).toEqual(['Resume', 'Cancel']);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel rollout' });
    expect(
      within(dialog).getByText(
        'Cancel Spring 5.4? Units that have not started downloading are unstaged; installs in progress go on.',
      ),
    ).toBeTruthy();
  });

  it('offers Start and Cancel on a draft', async () => {
    setup('admin', rolloutFixture({ state: 'draft' }));
    await screen.findByRole('listitem', { name: 'Wave 1' });
    expect(actionNames()).toEqual(['Start', 'Cancel']);
  });

  it('filters the units by state in the address', async () => {
    const { user, router, callsTo } = setup('support');
    await screen.findByText('Install Failed');
    await user.click(screen.getByRole('combobox', { name: /Unit state/ }));
    await user.click(await screen.findByRole('option', { name: 'failed' }));
    await waitFor(() => expect(router.state.location.search).toBe('?units.state=failed'));
    await waitFor(() => expect(callsTo(rolloutsRoutes.getRolloutUnits).at(-1)?.query.get('state')).toBe('failed'));
  });

  it('reads the rollout again when its own change is pushed, not another’s', async () => {
    const { socket, callsTo } = setup('support');
    await screen.findByRole('listitem', { name: 'Wave 1' });
    const before = callsTo(rolloutsRoutes.getRollout).length;
    socket.serverEmit('ROLLOUT_CHANGED', rolloutSummaryFixture({ id: 6 }));
    socket.serverEmit('ROLLOUT_CHANGED', rolloutSummaryFixture({ id: 5, completed: 13 }));
    await waitFor(() => expect(callsTo(rolloutsRoutes.getRollout)).toHaveLength(before + 1));
  });

  it('asks before Resume, saying what paused it, and resumes once confirmed', async () => {
    const { user, callsTo } = setup('engineer', paused);
    await screen.findByText(`Paused: ${PAUSED_REASON}`);
    await user.click(screen.getByRole('button', { name: 'Resume' }));
    const dialog = await screen.findByRole('dialog', { name: 'Resume rollout' });
    expect(within(dialog).getByText(`It was paused because: ${PAUSED_REASON}`, { exact: false })).toBeTruthy();
    expect(callsTo(rolloutsRoutes.resumeRollout)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Resume' }));
    await waitFor(() => expect(callsTo(rolloutsRoutes.resumeRollout)).toHaveLength(1));
  });

  it('lets an engineer skip the running wave’s offline units and change its threshold; support may not', async () => {
    const stuck = rolloutFixture({
      state: 'paused',
      pausedReason: 'Wave 1 cannot reach 90 %: 1 of 2 installs succeeded (50 %), 1 failed, 2 offline.',
      waves: [waveFixture({ inFlight: 0, offline: 2 }), ...rolloutFixture().waves.slice(1)],
    });
    const { user, callsTo } = setup('engineer', stuck);
    const wave = await screen.findByRole('listitem', { name: 'Wave 1' });
    expect(within(wave).getByText(/Offline 2/)).toBeTruthy();
    expect(within(screen.getByRole('listitem', { name: 'Wave 2' })).queryByRole('button')).toBeNull();

    await user.click(within(wave).getByRole('button', { name: 'Skip 2 offline units' }));
    const skip = await screen.findByRole('dialog', { name: 'Skip the offline units of wave 1' });
    await user.click(within(skip).getByRole('button', { name: 'Skip' }));
    await waitFor(() => expect(callsTo(rolloutsRoutes.skipOfflineUnits)[0]?.body).toEqual({ id: 5, wave: 0 }));

    await user.click(within(wave).getByRole('button', { name: 'Change threshold' }));
    const change = await screen.findByRole('dialog', { name: 'Success threshold of wave 1' });
    const field = within(change).getByRole('textbox', { name: 'Wave 1 success threshold (%)' });
    await user.clear(field);
    await user.type(field, '50');
    await user.click(within(change).getByRole('button', { name: 'Change' }));
    await waitFor(() =>
      expect(callsTo(rolloutsRoutes.setWaveThreshold)[0]?.body).toEqual({ id: 5, wave: 0, successThreshold: 50 }),
    );
  });

  it('gives support no wave actions', async () => {
    setup('support', rolloutFixture({ waves: [waveFixture({ offline: 2 })] }));
    const wave = await screen.findByRole('listitem', { name: 'Wave 1' });
    expect(within(wave).queryByRole('button')).toBeNull();
  });
});
