import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { secondFactorRoutes } from '@ed/contract/routes/second-factor';
import type { SecondFactorsResponse } from '@ed/contract/second-factor';
import { writeToken } from '../../../shared/auth/token-storage';
import { fakeServer, reply, type FakeReply } from '../../../testing/fake-server';
import { tokenFor } from '../../../testing/fixtures';
import { renderScreen } from '../../../testing/render';
import { TwoStepPage } from './two-step-page';

const local: SecondFactorsResponse = {
  required: false,
  enrolmentPending: false,
  singleSignOn: false,
  amr: ['pwd', 'otp'],
  acr: null,
  factors: [
    { id: 1, kind: 'totp', name: 'Phone', createdAt: '2026-11-01T10:00:00.000Z', lastUsedAt: null },
    {
      id: 2,
      kind: 'passkey',
      name: 'Work laptop',
      createdAt: '2026-11-02T10:00:00.000Z',
      lastUsedAt: '2026-11-03T10:00:00.000Z',
    },
  ],
  recoveryCodesLeft: 7,
};

function setup(answer: SecondFactorsResponse, handlers: FakeReply[] = []) {
  writeToken(tokenFor('engineer', 'erin'));
  const server = fakeServer([reply(secondFactorRoutes.getSecondFactors, () => answer), ...handlers]);
  renderScreen(<TwoStepPage />);
  return { ...server, user: userEvent.setup() };
}

describe('TwoStepPage', () => {
  it('lists the factors with their kind, name and dates, and the recovery codes left', async () => {
    setup(local);
    const table = await screen.findByRole('table', { name: 'Second factors' });
    const rows = within(table)
      .getAllByRole('row')
      .map((row) =>
        within(row)
          .queryAllByRole('cell')
          .slice(0, 2)
          .map((cell) => cell.textContent),
      );
    expect(rows.slice(1)).toEqual([
      ['Authenticator app', 'Phone'],
      ['Passkey', 'Work laptop'],
    ]);
    expect(within(table).getByText('Never')).toBeTruthy();
    expect(screen.getByText(/Recovery codes left: 7\./)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add authenticator app' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add passkey' })).toBeTruthy();
  });

  it('removes a factor after asking', async () => {
    const { user, callsTo } = setup(local, [
      reply(secondFactorRoutes.deleteFactor, () => ({ message: 'Second factor removed.' })),
    ]);
    await user.click(await screen.findByRole('button', { name: 'Remove Work laptop' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove passkey' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Second factor removed.')).toBeTruthy();
    expect(callsTo(secondFactorRoutes.deleteFactor).map((c) => c.body)).toEqual([{ id: 2 }]);
  });

  it('makes new recovery codes only once confirmed, and shows them once', async () => {
    const { user, callsTo } = setup(local, [
      reply(secondFactorRoutes.newRecoveryCodes, () => ({ recoveryCodes: ['aaaaa-bbbbb', 'ccccc-ddddd'] })),
    ]);
    await user.click(await screen.findByRole('button', { name: 'New recovery codes' }));
    const confirm = await screen.findByRole('dialog', { name: 'New recovery codes' });
    expect(callsTo(secondFactorRoutes.newRecoveryCodes)).toEqual([]);
    await user.click(within(confirm).getByRole('button', { name: 'Make new codes' }));
    const shown = await screen.findByRole('dialog', { name: 'Your recovery codes' });
    expect(within(shown).getByText('aaaaa-bbbbb')).toBeTruthy();
    await user.click(within(shown).getByRole('button', { name: 'Done' }));
    expect(screen.queryByText('aaaaa-bbbbb')).toBeNull();
  });

  it("shows a single sign-on account the provider's amr and acr instead of factors", async () => {
    setup({ ...local, singleSignOn: true, factors: [], recoveryCodesLeft: 0, acr: 'urn:mace:incommon:iap:silver' });
    expect(await screen.findByText('Signed in with: pwd, otp')).toBeTruthy();
    expect(screen.getByText('Assurance level: urn:mace:incommon:iap:silver')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add authenticator app' })).toBeNull();
  });
});
