import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Role } from '@ed/contract/roles';
import { rolloutsRoutes } from '@ed/contract/routes/rollouts';
import { writeToken } from '../../../shared/auth/token-storage';
import { fakeServer, reply } from '../../../testing/fake-server';
import { tokenFor } from '../../../testing/fixtures';
import { renderScreen } from '../../../testing/render';
import { rolloutSummaryFixture } from '../../../testing/rollout-fixture';
import { RolloutsPage } from './rollouts-page';

const REASON = 'Wave 1: 3 of 10 installs failed or hung (30 %), above 10 %';

const rows = [
  rolloutSummaryFixture(),
  rolloutSummaryFixture({
    id: 6,
    name: 'Oasis canary',
    family: 'aligner-oasis',
    version: '1.2.0',
    state: 'paused',
    pausedReason: REASON,
    completed: 7,
    total: 10,
    failed: 2,
    hung: 1,
  }),
  rolloutSummaryFixture({
    id: 7,
    name: 'Spec spring',
    payload: 'spec',
    version: 'EU-2032-02',
    specUpdateId: 7,
    completed: 0,
    total: 25,
  }),
];

function setup(role: Role, path = '/Rollouts') {
  writeToken(tokenFor(role, 'alice'));
  const server = fakeServer([reply(rolloutsRoutes.listRollouts, () => ({ docs: rows, totalDocs: rows.length }))]);
  return { ...renderScreen(<RolloutsPage />, { path }), ...server, user: userEvent.setup() };
}

describe('RolloutsPage', { timeout: 15_000 }, () => {
  it('lists the rollouts with their version, progress and counts, and a paused one with its reason', async () => {
    setup('support');
    const grid = await screen.findByRole('grid', { name: 'Rollouts' });
    const link = await within(grid).findByRole('link', { name: 'Spring 5.4' });
    expect(link.getAttribute('href')).toBe('/Rollouts/5');
    expect(within(grid).getByText('aligner 5.4.0')).toBeTruthy();
    expect(within(grid).getByText('12/40')).toBeTruthy();
    expect(
      within(grid).getByRole('progressbar', { name: 'Progress of Spring 5.4' }).getAttribute('aria-valuenow'),
    ).toBe('30');
    const paused = within(grid).getByRole('link', { name: 'Oasis canary' }).closest('[role="row"]') as HTMLElement;
    expect(within(paused).getByText('paused')).toBeTruthy();
    expect(within(paused).getByText(REASON)).toBeTruthy();
    expect(within(paused).getByText('7/10')).toBeTruthy();
    expect(within(paused).getByText(/^eve, 2031-01-0/)).toBeTruthy();
  });

  it('names a spec rollout’s release as Spec and its name', async () => {
    setup('support');
    const grid = await screen.findByRole('grid', { name: 'Rollouts' });
    const row = (await within(grid).findByRole('link', { name: 'Spec spring' })).closest('[role="row"]') as HTMLElement;
    expect(within(row).getByText('aligner Spec EU-2032-02')).toBeTruthy();
  });

  it('keeps the state filter in the address and asks the server for that state', async () => {
    const { user, router, callsTo } = setup('support', '/Rollouts?state=paused');
    await screen.findByText('Oasis canary');
    expect(callsTo(rolloutsRoutes.listRollouts)[0]?.query.get('state')).toBe('paused');
    await user.click(screen.getByRole('combobox', { name: /State/ }));
    await user.click(await screen.findByRole('option', { name: 'running' }));
    await waitFor(() => expect(router.state.location.search).toBe('?state=running'));
    await waitFor(() => expect(callsTo(rolloutsRoutes.listRollouts).at(-1)?.query.get('state')).toBe('running'));
  });

  it('offers New rollout to those who manage rollouts only', async () => {
    const { user, router } = setup('engineer');
    await screen.findByText('Spring 5.4');
    await user.click(screen.getByRole('button', { name: 'New rollout' }));
    expect(router.state.location.pathname).toBe('/Rollouts/new');
  });

  it('hides New rollout from support_lvl2', async () => {
    setup('support_lvl2');
    await screen.findByText('Spring 5.4');
    expect(screen.queryByRole('button', { name: 'New rollout' })).toBeNull();
  });

  it('reads the list again when a rollout changes', async () => {
    const { socket, callsTo } = setup('support');
    await screen.findByText('Spring 5.4');
    const before = callsTo(rolloutsRoutes.listRollouts).length;
    socket.serverEmit('ROLLOUT_CHANGED', rolloutSummaryFixture({ completed: 13 }));
    await waitFor(() => expect(callsTo(rolloutsRoutes.listRollouts).length).toBeGreaterThan(before));
  });
});
