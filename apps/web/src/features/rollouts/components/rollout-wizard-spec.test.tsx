import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { PlanResponse } from '@ed/contract/rollout-plan';
import { SPEC_REQUIRED_TEXT } from '@ed/contract/rollouts';
import { dashboardRoutes } from '@ed/contract/routes/dashboard';
import { rolloutsRoutes } from '@ed/contract/routes/rollouts';
import { savedViewsRoutes } from '@ed/contract/routes/saved-views';
import { writeToken } from '../../../shared/auth/token-storage';
import { fakeServer, reply } from '../../../testing/fake-server';
import { tokenFor } from '../../../testing/fixtures';
import { renderScreen } from '../../../testing/render';
import { rolloutFixture, savedViewFixture } from '../../../testing/rollout-fixture';
import { INACTIVE_SPEC_TEXT } from './payload-field';
import { RolloutsPage } from './rollouts-page';

const plan: PlanResponse = {
  total: 120,
  alreadyOnVersion: 4,
  alreadyStaged: 0,
  otherFamily: 0,
  waveSizes: [120],
  problem: null,
  days: [],
};

/** The releases each family takes: aligners the two EU ones, Tru-Points their own. */
const SPECS = {
  aligner: [
    { id: 7, name: 'EU-2032-02', month: 2, year: 2032, active: true },
    { id: 6, name: 'EU-2032-01', month: 1, year: 2032, active: false },
  ],
  gtps: [{ id: 9, name: 'TP-2032-01', month: 1, year: 2032, active: true }],
};

function setup(path: string) {
  writeToken(tokenFor('engineer', 'eve'));
  const server = fakeServer([
    reply(rolloutsRoutes.listRollouts, () => ({ docs: [], totalDocs: 0 })),
    reply(savedViewsRoutes.listSavedViews, () => ({ views: [savedViewFixture()] })),
    reply(dashboardRoutes.getLatestSoftwareVersion, () => ({ semantic: '5.4.0', meta: null, path: 'u/5.4.0' })),
    reply(dashboardRoutes.getLatestGtpsSoftwareVersion, () => null),
    reply(dashboardRoutes.getLatestOasisSoftwareVersion, () => null),
    reply(rolloutsRoutes.listRolloutVersions, (req) => ({
      versions: [],
      specs: SPECS[req.query.get('family') as keyof typeof SPECS] ?? [],
    })),
    reply(rolloutsRoutes.planRollout, () => plan),
    reply(rolloutsRoutes.createRollout, () =>
      rolloutFixture({ id: 9, name: 'Specs January', payload: 'spec', version: 'EU-2032-01', specUpdateId: 6 }),
    ),
  ]);
  const rendered = renderScreen(<RolloutsPage creating />, { path });
  return { ...rendered, ...server, user: userEvent.setup() };
}

const dialog = () => screen.getByRole('dialog', { name: 'New rollout' });
const button = (name: string) => within(dialog()).getByRole<HTMLButtonElement>('button', { name });
const specSelect = () => within(dialog()).getByRole('combobox', { name: /^Spec release/ });

describe('RolloutWizard, spec release', { timeout: 20_000 }, () => {
  it('rolls out a spec release: the plan and the create request name the release, not a version', async () => {
    const { user, callsTo, router } = setup('/Rollouts/new');
    const d = within(await screen.findByRole('dialog', { name: 'New rollout' }));
    await user.type(d.getByRole('textbox', { name: /^Name/ }), 'Specs January');
    await user.click(d.getByRole('radio', { name: 'Spec release' }));
    expect(d.queryByRole('combobox', { name: /^Version/ })).toBeNull();
    expect(button('Next').disabled).toBe(true);
    await user.click(specSelect());
    expect(screen.getByRole('option', { name: 'EU-2032-02 (2/2032)' })).toBeTruthy();
    await user.click(screen.getByRole('option', { name: 'EU-2032-01 (1/2032) — inactive' }));
    expect(d.getByText(INACTIVE_SPEC_TEXT)).toBeTruthy();
    await user.click(d.getByRole('combobox', { name: /^Saved view/ }));
    await user.click(await screen.findByRole('option', { name: 'Germany (120 units)' }));
    await user.click(button('Next'));
    await user.click(button('Next'));
    expect(
      await within(dialog()).findByText('Specs January: Aligners Spec release EU-2032-01 to the saved view Germany.'),
    ).toBeTruthy();
    // The plan's figures come with the plan, which may answer after the summary is drawn.
    expect(await within(dialog()).findByText('Already have EU-2032-01')).toBeTruthy();
    await waitFor(() => expect(button('Save as draft').disabled).toBe(false));
    const planned = callsTo(rolloutsRoutes.planRollout).at(-1)?.body as Record<string, unknown>;
    expect(planned).toMatchObject({ family: 'aligner', payload: 'spec', specUpdateId: 6 });
    expect(planned).not.toHaveProperty('version');

    await user.click(button('Save as draft'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/Rollouts/9'));
    expect(callsTo(rolloutsRoutes.createRollout)[0]?.body).toEqual({
      name: 'Specs January',
      family: 'aligner',
      payload: 'spec',
      specUpdateId: 6,
      target: { kind: 'view', viewId: 3 },
      waves: [{ rest: true, successThreshold: 90, pauseAfter: false }],
      thresholds: { errorPercent: 10, hungAfterMinutes: 120, ticketPercent: 2, ticketWindowHours: 48 },
      start: false,
    });
  });

  it('preselects the release of the address (Spec Updates’ Roll out), and drops it for a family that does not take it', async () => {
    const { user } = setup('/Rollouts/new?payload=spec&specUpdateId=7&family=aligner');
    const d = within(await screen.findByRole('dialog', { name: 'New rollout' }));
    expect(d.getByRole<HTMLInputElement>('radio', { name: 'Spec release' }).checked).toBe(true);
    await waitFor(() => expect(specSelect().textContent).toBe('EU-2032-02 (2/2032)'));
    expect(d.queryByRole('combobox', { name: /^Version/ })).toBeNull();

    await user.click(d.getByRole('combobox', { name: /^Family/ }));
    await user.click(await screen.findByRole('option', { name: 'Tru-Point' }));
    await user.click(specSelect());
    expect(await screen.findByRole('option', { name: 'TP-2032-01 (1/2032)' })).toBeTruthy();
    expect(screen.queryByRole('option', { name: /^EU-2032-02/ })).toBeNull();
    await user.keyboard('{Escape}');
    expect(specSelect().textContent).not.toContain('EU-2032-02');
    expect(within(dialog()).getByText(SPEC_REQUIRED_TEXT)).toBeTruthy();
  });
});
