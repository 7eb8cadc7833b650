import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { PlanResponse } from '@ed/contract/rollout-plan';
import { dashboardRoutes } from '@ed/contract/routes/dashboard';
import { rolloutsRoutes } from '@ed/contract/routes/rollouts';
import { savedViewsRoutes } from '@ed/contract/routes/saved-views';
import { writeToken } from '../../../shared/auth/token-storage';
import { fakeServer, reply, type FakeRequest } from '../../../testing/fake-server';
import { tokenFor } from '../../../testing/fixtures';
import { renderScreen } from '../../../testing/render';
import { rolloutFixture, savedViewFixture } from '../../../testing/rollout-fixture';
import { RolloutsPage } from './rollouts-page';

const EMPTY_TARGET = 'The target has no units that need this version.';

const planOf = (overrides: Partial<PlanResponse> = {}): PlanResponse => ({
  total: 200,
  alreadyOnVersion: 15,
  alreadyStaged: 0,
  otherFamily: 3,
  waveSizes: [2, 20, 178],
  problem: null,
  days: [],
  ...overrides,
});

function setup(plan: (req: FakeRequest) => PlanResponse = () => planOf(), views = [savedViewFixture()]) {
  writeToken(tokenFor('engineer', 'eve'));
  const server = fakeServer([
    reply(rolloutsRoutes.listRollouts, () => ({ docs: [], totalDocs: 0 })),
    reply(savedViewsRoutes.listSavedViews, () => ({ views })),
    reply(dashboardRoutes.getLatestSoftwareVersion, () => ({ semantic: '5.4.0', meta: null, path: 'u/5.4.0' })),
    reply(dashboardRoutes.getLatestGtpsSoftwareVersion, () => null),
    reply(dashboardRoutes.getLatestOasisSoftwareVersion, () => null),
    reply(rolloutsRoutes.listRolloutVersions, () => ({
      versions: [
        { semantic: '5.4.0', createdAt: '2031-03-01T00:00:00.000Z' },
        { semantic: '5.3.1', createdAt: '2031-02-01T00:00:00.000Z' },
      ],
      specs: [],
    })),
    reply(rolloutsRoutes.planRollout, plan),
    reply(rolloutsRoutes.createRollout, () => rolloutFixture({ id: 9, name: 'Spring 5.4', state: 'running' })),
  ]);
  const rendered = renderScreen(<RolloutsPage creating />, { path: '/Rollouts/new?family=aligner&version=5.4.0' });
  return { ...rendered, ...server, user: userEvent.setup() };
}

const dialog = () => screen.getByRole('dialog', { name: 'New rollout' });
const button = (name: string) => within(dialog()).getByRole<HTMLButtonElement>('button', { name });

/** Step 1 with the version of the address and the given target. */
async function fillFirstStep(user: ReturnType<typeof userEvent.setup>, target: 'view' | 'pattern') {
  const d = await screen.findByRole('dialog', { name: 'New rollout' });
  expect(within(d).getByRole<HTMLInputElement>('combobox', { name: /^Version/ }).value).toBe('5.4.0');
  expect(button('Next').disabled).toBe(true);
  await user.type(within(d).getByRole('textbox', { name: /^Name/ }), 'Spring 5.4');
  if (target === 'view') {
    await user.click(within(d).getByRole('combobox', { name: /^Saved view/ }));
    await user.click(await screen.findByRole('option', { name: 'Germany (120 units)' }));
  } else {
    await user.click(within(d).getByRole('radio', { name: 'A serial number pattern' }));
    await user.type(within(d).getByRole('textbox', { name: /^Serial number pattern/ }), 'ZZZ*');
  }
  await user.click(button('Next'));
}

describe('RolloutWizard', { timeout: 20_000 }, () => {
  it('shows the plan’s problem and keeps Create off when the target has no units', async () => {
    const { user, callsTo } = setup(() => planOf({ total: 0, waveSizes: [0], problem: EMPTY_TARGET }));
    await fillFirstStep(user, 'pattern');
    await user.click(button('Next'));
    expect(await within(dialog()).findByText(EMPTY_TARGET)).toBeTruthy();
    expect(button('Create and start').disabled).toBe(true);
    expect(button('Save as draft').disabled).toBe(true);
    expect(callsTo(rolloutsRoutes.planRollout).at(-1)?.body).toMatchObject({
      family: 'aligner',
      payload: 'software',
      version: '5.4.0',
      target: { kind: 'pattern', pattern: 'ZZZ*' },
    });
  });

  it('reads the serial numbers of a CSV file in the browser and says how many', async () => {
    const { user, callsTo } = setup();
    const d = await screen.findByRole('dialog', { name: 'New rollout' });
    await user.type(within(d).getByRole('textbox', { name: /^Name/ }), 'Listed units');
    await user.click(within(d).getByRole('radio', { name: 'A CSV file of serial numbers' }));
    const file = new File(['serialNumber\nv33cp1234;V33CP1235\nnope\n'], 'units.csv', { type: 'text/csv' });
    await user.upload(within(d).getByLabelText('Serial numbers CSV file'), file);
    // The file is read asynchronously: the count says 0 until it has been.
    await waitFor(() => expect(within(d).getByRole('status').textContent).toBe('2 serial numbers read'));
    expect(within(d).getByText('Left out, not serial numbers: nope.')).toBeTruthy();
    await user.click(button('Next'));
    await user.click(button('Next'));
    await within(dialog()).findByText('2 → 20 → 178');
    expect(callsTo(rolloutsRoutes.planRollout).at(-1)?.body).toMatchObject({
      target: { kind: 'serials', serialNumbers: ['V33CP1234', 'V33CP1235'] },
    });
  });

  it('offers the views of the family only, and clears one the family no longer fits, saying so', async () => {
    const { user } = setup(undefined, [
      savedViewFixture(),
      savedViewFixture({ id: 4, name: 'Shop aligners', members: 8, filter: { family: 'aligner' } }),
      savedViewFixture({ id: 5, name: 'Tru-Points', members: 6, filter: { family: 'gtps' } }),
    ]);
    const d = within(await screen.findByRole('dialog', { name: 'New rollout' }));
    const views = () => d.getByRole('combobox', { name: /^Saved view/ });
    const offered = async () => {
      await user.click(views());
      return within(await screen.findByRole('listbox'))
        .getAllByRole('option')
        .map((o) => o.textContent);
    };
    expect(await offered()).toEqual(['Germany (120 units)', 'Shop aligners (8 units)']);
    await user.click(screen.getByRole('option', { name: 'Shop aligners (8 units)' }));
    await user.click(d.getByRole('combobox', { name: /^Family/ }));
    await user.click(await screen.findByRole('option', { name: 'Tru-Point' }));
    expect((await d.findByRole('status')).textContent).toBe(
      'The saved view Shop aligners was cleared: it is for Aligners, not this family.',
    );
    expect(views().textContent).not.toContain('Shop aligners');
    expect(await offered()).toEqual(['Germany (120 units)', 'Tru-Points (6 units)']);
  });

  it('says what is wrong with a wave and keeps Next off', async () => {
    const { user } = setup();
    await fillFirstStep(user, 'view');
    await user.click(button('Add a wave'));
    await user.type(within(dialog()).getByRole('textbox', { name: 'Wave 2 percent' }), '0');
    expect(within(dialog()).getByText('A wave is more than 0 %')).toBeTruthy();
    expect(button('Next').disabled).toBe(true);
  });

  it('creates and starts a rollout of three waves from the preset, then opens it', async () => {
    const { user, callsTo, router } = setup();
    await fillFirstStep(user, 'view');
    await user.click(button('Preset: 1 % → 10 % → the rest'));
    expect(within(dialog()).getByRole<HTMLInputElement>('textbox', { name: 'Wave 2 percent' }).value).toBe('10');
    await user.click(button('Next'));
    expect(await within(dialog()).findByText('2 → 20 → 178')).toBeTruthy();
    expect(within(dialog()).getByText('Spring 5.4: Aligners 5.4.0 to the saved view Germany.')).toBeTruthy();
    await waitFor(() => expect(button('Create and start').disabled).toBe(false));
    await user.click(button('Create and start'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/Rollouts/9'));
    expect(callsTo(rolloutsRoutes.createRollout)[0]?.body).toEqual({
      name: 'Spring 5.4',
      family: 'aligner',
      payload: 'software',
      version: '5.4.0',
      target: { kind: 'view', viewId: 3 },
      waves: [
        { percent: 1, successThreshold: 90, pauseAfter: false },
        { percent: 10, successThreshold: 90, pauseAfter: false },
        { rest: true, successThreshold: 90, pauseAfter: false },
      ],
      thresholds: { errorPercent: 10, hungAfterMinutes: 120, ticketPercent: 2, ticketWindowHours: 48 },
      start: true,
    });
    expect(await screen.findByText('Rollout Spring 5.4 started.')).toBeTruthy();
  });

  it('plans the days from the capacity and uses the plan as the waves and the daily cap', async () => {
    const days = [
      { day: '2031-01-06', planned: 50, existing: 0 },
      { day: '2031-01-07', planned: 30, existing: 20 },
      { day: '2031-01-08', planned: 20, existing: 40 },
    ];
    const { user, callsTo } = setup(() => planOf({ total: 100, days }));
    await fillFirstStep(user, 'view');
    const planner = within(within(dialog()).getByRole('region', { name: 'Capacity planner' }));
    await user.type(planner.getByRole('textbox', { name: 'Units per working day' }), '50');
    await user.click(planner.getByRole('button', { name: 'Plan days' }));
    expect(
      await planner.findByRole('listitem', { name: '2031-01-06: 50 planned, 0 already booked (yellow)' }),
    ).toBeTruthy();
    expect(planner.getByRole('listitem', { name: '2031-01-08: 20 planned, 40 already booked (red)' })).toBeTruthy();
    expect(callsTo(rolloutsRoutes.planRollout)[0]?.body).toMatchObject({
      target: { kind: 'view', viewId: 3 },
      perDay: 50,
      workingDays: [1, 2, 3, 4, 5],
    });
    await user.click(planner.getByRole('button', { name: 'Use this plan as the waves' }));
    const d = within(dialog());
    expect(d.getByRole<HTMLInputElement>('textbox', { name: 'Wave 1 units' }).value).toBe('50');
    expect(d.getByRole<HTMLInputElement>('textbox', { name: 'Wave 2 units' }).value).toBe('30');
    expect(d.getByRole('combobox', { name: 'Wave 3 size' }).textContent).toBe('The rest');
    expect(d.getByRole<HTMLInputElement>('textbox', { name: /^Units per day/ }).value).toBe('50');
  });
});
