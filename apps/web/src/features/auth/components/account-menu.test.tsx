import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { authRoutes } from '@ed/contract/routes/auth';
import { fakeServer, reply } from '../../../testing/fake-server';
import { renderScreen } from '../../../testing/render';
import { AccountMenu } from './account-menu';

const expiry = (localPassword?: boolean) => ({
  expired: false,
  passwordChangedAt: '2026-11-01T00:00:00.000Z',
  expiresAt: '2027-01-30T00:00:00.000Z',
  ...(localPassword !== undefined && { localPassword }),
});

async function openMenu(localPassword?: boolean) {
  const server = fakeServer([reply(authRoutes.passwordExpiry, () => expiry(localPassword))]);
  const user = userEvent.setup();
  renderScreen(<AccountMenu user={{ username: 'sso.engineer', email: 'e@example.com', role: 'engineer' }} />);
  await screen.findByText('sso.engineer');
  await user.click(screen.getByRole('button', { name: 'Account' }));
  await screen.findByRole('menuitem', { name: 'Logout' });
  return server;
}

describe('AccountMenu', () => {
  it('offers Change Password to a user with a password here', async () => {
    await openMenu(true);
    expect(screen.getByRole('menuitem', { name: 'Change Password' })).toBeTruthy();
  });

  it('offers no Change Password to a single sign-on user, whose password is the provider’s', async () => {
    const server = await openMenu(false);
    expect(server.callsTo(authRoutes.passwordExpiry)).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole('menuitem', { name: 'Change Password' })).toBeNull());
    expect(screen.getByRole('menuitem', { name: 'Logout' })).toBeTruthy();
  });
});
