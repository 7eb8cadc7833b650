import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Alarm, AlarmRule } from '@ed/contract/alarms';
import type { Role } from '@ed/contract/roles';
import { alarmsRoutes } from '@ed/contract/routes/alarms';
import { writeToken } from '../../../shared/auth/token-storage';
import { fakeServer, reply } from '../../../testing/fake-server';
import { tokenFor } from '../../../testing/fixtures';
import { renderScreen } from '../../../testing/render';
import { AlarmsPage } from './alarms-page';

const alarm = (overrides: Partial<Alarm> = {}): Alarm => ({
  id: 1,
  ruleId: 3,
  ruleName: 'Offline 4 h',
  kind: 'offline',
  severity: 'major',
  serialNumber: 'V33CP1001',
  status: 'active',
  details: 'Offline since 2031-01-02T08:00:00.000Z',
  raisedAt: '2031-01-02T12:00:00.000Z',
  acknowledgedBy: null,
  acknowledgedAt: null,
  clearedAt: null,
  clearedBy: null,
  ...overrides,
});
const rule: AlarmRule = {
  id: 3,
  name: 'Offline 4 h',
  severity: 'major',
  enabled: true,
  condition: { kind: 'offline', hours: 4 },
  description: 'Offline longer than 4 h',
  subscribers: ['alice'],
  createdBy: 'alice',
  activeAlarms: 1,
};

function setup(role: Role, path = '/Alarms') {
  writeToken(tokenFor(role, 'alice'));
  const server = fakeServer([
    reply(alarmsRoutes.listAlarms, () => ({
      docs: [
        alarm(),
        alarm({ id: 2, serialNumber: 'V33CP1002', acknowledgedBy: 'bob', acknowledgedAt: '2031-01-02T13:00:00.000Z' }),
      ],
      totalDocs: 2,
    })),
    reply(alarmsRoutes.listAlarmRules, () => ({ rules: [rule] })),
    reply(alarmsRoutes.acknowledgeAlarms, () => ({ changed: 1 })),
    reply(alarmsRoutes.createAlarmRule, (req) => ({ ...rule, id: 4, ...(req.body as object) })),
  ]);
  return { ...renderScreen(<AlarmsPage />, { path }), ...server, user: userEvent.setup() };
}

describe('AlarmsPage', { timeout: 15_000 }, () => {
  it('lists the active alarms and acknowledges one', async () => {
    const { user, callsTo } = setup('support');
    const grid = await screen.findByRole('grid', { name: 'Alarms' });
    expect(await within(grid).findAllByText('Offline since 2031-01-02T08:00:00.000Z')).toHaveLength(2);
    expect(within(grid).getByText('Active, acknowledged by bob')).toBeTruthy();
    expect(callsTo(alarmsRoutes.listAlarms)[0]?.query.get('status')).toBe('active');
    await user.click(within(grid).getByRole('button', { name: 'Acknowledge the alarm on V33CP1001' }));
    await waitFor(() => expect(callsTo(alarmsRoutes.acknowledgeAlarms)[0]?.body).toEqual({ ids: [1] }));
    // The second alarm is acknowledged already: no button for it.
    expect(within(grid).queryByRole('button', { name: 'Acknowledge the alarm on V33CP1002' })).toBeNull();
  });

  it('opens one rule’s alarms from the address, as the mail links them', async () => {
    const { callsTo } = setup('support', '/Alarms?ruleId=3&status=');
    await screen.findByRole('grid', { name: 'Alarms' });
    await waitFor(() => expect(callsTo(alarmsRoutes.listAlarms).at(-1)?.query.get('ruleId')).toBe('3'));
    expect(callsTo(alarmsRoutes.listAlarms).at(-1)?.query.get('status')).toBeNull();
  });

  it('shows the rules to support without the controls to change them', async () => {
    setup('support', '/Alarms?tab=rules');
    const grid = await screen.findByRole('grid', { name: 'Alarm Rules' });
    expect(await within(grid).findByText('Offline longer than 4 h')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'New rule' })).toBeNull();
    expect(within(grid).queryByRole('button', { name: 'Delete the rule Offline 4 h' })).toBeNull();
  });

  it('lets an engineer create a rule whose field follows the condition chosen', async () => {
    const { user, callsTo } = setup('engineer', '/Alarms?tab=rules');
    await user.click(await screen.findByRole('button', { name: 'New rule' }));
    const dialog = await screen.findByRole('dialog', { name: 'New Alarm Rule' });
    await user.type(within(dialog).getByRole('textbox', { name: /Name/ }), 'Specs soon');
    await user.click(within(dialog).getByRole('combobox', { name: /Condition/ }));
    await user.click(await screen.findByRole('option', { name: 'Specs expiring' }));
    const days = within(dialog).getByRole('spinbutton', { name: /Days before the specs expire/ });
    expect((days as HTMLInputElement).value).toBe('30');
    await user.clear(days);
    await user.type(days, '0');
    expect(await within(dialog).findByText('Must be at least 1')).toBeTruthy();
    await user.clear(days);
    await user.type(days, '14');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() =>
      expect(callsTo(alarmsRoutes.createAlarmRule)[0]?.body).toEqual({
        name: 'Specs soon',
        severity: 'major',
        enabled: true,
        condition: { kind: 'specsExpiring', days: 14 },
        subscribers: ['alice'],
      }),
    );
  });
});
