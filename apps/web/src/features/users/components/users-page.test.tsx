import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { secondFactorRoutes } from '@ed/contract/routes/second-factor';
import { usersRoutes } from '@ed/contract/routes/users';
import { writeToken } from '../../../shared/auth/token-storage';
import { fakeServer, reply } from '../../../testing/fake-server';
import { tokenFor } from '../../../testing/fixtures';
import { renderScreen } from '../../../testing/render';
import { UsersPage } from './users-page';

const nina = { username: 'nina', email: 'nina@example.com', role: 'engineer' as const, active: true };

function setup(path: string) {
  writeToken(tokenFor('admin', 'alice'));
  const server = fakeServer([
    reply(usersRoutes.getUsers, () => ({ docs: [nina], totalDocs: 14 })),
    reply(secondFactorRoutes.resetUserFactors, () => ({ message: 'nina’s second factors were removed (2).' })),
  ]);
  return { ...server, ...renderScreen(<UsersPage />, { path }), user: userEvent.setup() };
}

describe('UsersPage', () => {
  it('opens the filter and page of a deep link, and writes a changed filter from page 1', async () => {
    const { user, router, callsTo } = setup('/Users?username=ni&page=2&serial=V33CP1234');
    expect(await screen.findByText('nina@example.com')).toBeTruthy();
    expect(screen.getByText(/11–14 of 14/)).toBeTruthy();
    expect(Object.fromEntries(callsTo(usersRoutes.getUsers)[0]!.query)).toEqual({
      page: '2',
      filterUsername: 'ni',
    });
    expect(screen.getByRole<HTMLInputElement>('searchbox', { name: 'Username' }).value).toBe('ni');

    await user.type(screen.getByRole('searchbox', { name: 'Username' }), 'n');
    // The equipment detail's parameter stays; the page goes back to the first.
    expect(router.state.location.search).toBe('?serial=V33CP1234&username=nin');
    await vi.waitFor(() =>
      expect(Object.fromEntries(callsTo(usersRoutes.getUsers).at(-1)!.query)).toEqual({
        page: '1',
        filterUsername: 'nin',
      }),
    );
  });

  it('keeps the page in the address', async () => {
    const { user, router, callsTo } = setup('/Users');
    await screen.findByText('nina@example.com');
    await user.click(screen.getByRole('button', { name: /next page/i }));
    expect(router.state.location.search).toBe('?page=2');
    await vi.waitFor(() => expect(callsTo(usersRoutes.getUsers).at(-1)?.query.get('page')).toBe('2'));
  });

  it('resets a user’s second factors once the dialog is confirmed', async () => {
    const { user, callsTo } = setup('/Users');
    await user.click(await screen.findByRole('button', { name: 'Reset second factors of nina' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reset second factors' });
    expect(
      within(dialog).getByText(/Remove every authenticator app, passkey and recovery code of nina\?/),
    ).toBeTruthy();
    expect(callsTo(secondFactorRoutes.resetUserFactors)).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Reset' }));
    expect(await screen.findByText('nina’s second factors were removed (2).')).toBeTruthy();
    expect(callsTo(secondFactorRoutes.resetUserFactors).map((c) => c.body)).toEqual([{ username: 'nina' }]);
  });
});
