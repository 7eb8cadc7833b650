import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Role } from '@ed/contract/roles';
import { writeToken } from '../../../shared/auth/token-storage';
import { easyRoutes } from '@ed/contract/routes/easy';
import { fakeServer, reply, type FakeReply } from '../../../testing/fake-server';
import { errorResponse, jsonResponse, tokenFor } from '../../../testing/fixtures';
import { renderScreen } from '../../../testing/render';
import { EasyPage } from './easy-page';

const target = {
  targetName: 'Front Radar',
  targetId: 12,
  packageIndex: 1,
  packageName: 'Limited',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};
const fixture = {
  serialNumber: 'EZ-0001',
  activationCount: 3,
  subscriptionPackage: 0,
  subscriptionExpires: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

function open(role: Role, path: string, handlers: FakeReply[] = []) {
  writeToken(tokenFor(role));
  const server = fakeServer([
    reply(easyRoutes.getTargets, () => ({ totalDocs: 1, docs: [target] })),
    reply(easyRoutes.getFixtures, () => ({ totalDocs: 1, docs: [fixture] })),
    ...handlers,
  ]);
  renderScreen(<EasyPage />, { path });
  return { ...server, user: userEvent.setup() };
}

describe('EZ ADAS', () => {
  it('enables Create Target only with a package, a name and an id of 0 or more, and says §8 on success', async () => {
    const { user, callsTo } = open('engineer', '/?tab=targets', [
      reply(easyRoutes.createTarget, () => jsonResponse(201, { message: 'EZ ADAS target Rear Camera created' })),
    ]);
    await user.click(await screen.findByRole('button', { name: 'Create New Target' }));
    const dialog = screen.getByRole('dialog', { name: 'Create Target' });
    const create = within(dialog).getByRole<HTMLButtonElement>('button', { name: 'Create Target' });
    await user.click(within(dialog).getByRole('combobox', { name: 'Package' }));
    await user.click(screen.getByRole('option', { name: 'Premium + VAG' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Target Name' }), 'Rear Camera');
    expect(create.disabled).toBe(true);
    await user.type(within(dialog).getByRole('spinbutton', { name: 'Target ID' }), '-1');
    expect(create.disabled).toBe(true);
    await user.clear(within(dialog).getByRole('spinbutton', { name: 'Target ID' }));
    await user.type(within(dialog).getByRole('spinbutton', { name: 'Target ID' }), '0');
    expect(create.disabled).toBe(false);
    await user.click(create);
    expect(await screen.findByText('EZ ADAS target Rear Camera created')).toBeTruthy();
    expect(callsTo(easyRoutes.createTarget)[0]?.body).toEqual({
      packageIndex: 4,
      packageName: 'Premium + VAG',
      targetName: 'Rear Camera',
      targetId: 0,
    });
  });

  it('shows no target controls to the ezadas role', async () => {
    open('ezadas', '/?tab=targets');
    expect(await screen.findByText('Front Radar')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Create New Target' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit Front Radar' })).toBeNull();
  });

  it('says a reset of a fixture without activations in §8 words (204)', async () => {
    const { user } = open('ezadas', '/', [reply(easyRoutes.resetFixture, () => new Response(null, { status: 204 }))]);
    await user.click(await screen.findByRole('button', { name: 'Reset Activation Count of EZ-0001' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Reset Fixture Activations' })).getByRole('button', { name: 'Yes' }),
    );
    expect(await screen.findByText('EZ ADAS fixture EZ-0001 has no activations')).toBeTruthy();
  });

  it('says a subscription change for a fixture that is gone in §8 words (404)', async () => {
    const { user } = open('ezadas', '/', [
      reply(easyRoutes.updateSubscription, () => errorResponse(404, 'EZ ADAS fixture EZ-0001 does not exist')),
    ]);
    await user.click(await screen.findByRole('button', { name: 'Edit Subscription of EZ-0001' }));
    const dialog = screen.getByRole('dialog', { name: 'Modify Subscription' });
    expect(within(dialog).queryByLabelText('Subscription Expiration')).toBeNull();
    await user.click(within(dialog).getByRole('combobox', { name: 'Package' }));
    await user.click(screen.getByRole('option', { name: 'Limited' }));
    expect(within(dialog).getByLabelText('Subscription Expiration')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('EZ ADAS fixture EZ-0001 does not exist')).toBeTruthy();
  });
});
