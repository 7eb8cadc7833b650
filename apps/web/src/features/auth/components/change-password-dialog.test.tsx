import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { errorResponse, jsonResponse, tokenFor } from '../../../testing/fixtures';
import { renderWithProviders } from '../../../testing/render';
import { writeToken } from '../../../shared/auth/token-storage';
import { ChangePasswordDialog, EXPIRED_TEXT, PASSWORD_CHANGED_NOTICE } from './change-password-dialog';
import { authRoutes } from '@ed/contract/routes/auth';

function setup(expired = false) {
  const user = userEvent.setup();
  const onClose = vi.fn();
  renderWithProviders(<ChangePasswordDialog open username="alice" expired={expired} onClose={onClose} />);
  const dialog = screen.getByRole('dialog', { name: 'Change Password' });
  const current = screen.getByLabelText('Current Password');
  const next = screen.getByLabelText('New Password');
  const change = screen.getByRole<HTMLButtonElement>('button', { name: 'Change' });
  return { user, onClose, dialog, current, next, change };
}

describe('ChangePasswordDialog', () => {
  it('enables Change only with a current password and a new one of 12+ characters that differs', async () => {
    const { user, current, next, change } = setup();
    expect(change.disabled).toBe(true);

    await user.type(next, 'maple-orbit-lantern');
    expect(change.disabled).toBe(true);

    await user.type(current, 'old-password');
    expect(change.disabled).toBe(false);

    await user.clear(next);
    await user.type(next, 'abcdefghijk');
    expect(change.disabled).toBe(true);

    await user.clear(next);
    await user.type(next, 'old-password');
    expect(change.disabled).toBe(true);
  });

  it('explains why a guessable new password is refused, and keeps Change off', async () => {
    const { user, current, next, change } = setup();
    await user.type(current, 'old-password');
    await user.type(next, 'password1234');
    // The dictionary loads on demand; its verdict follows.
    expect(
      await screen.findByText(/This password is too easy to guess\. This is similar to a commonly used/),
    ).toBeTruthy();
    expect(change.disabled).toBe(true);
    await user.clear(next);
    await user.type(next, 'maple-orbit-lantern');
    await waitFor(() => expect(screen.queryByText(/too easy to guess/)).toBeNull());
    expect(change.disabled).toBe(false);
    await user.clear(next);
    await user.type(next, ' '.repeat(12));
    expect(screen.getByText(/cannot be only spaces/)).toBeTruthy();
    expect(change.disabled).toBe(true);
  });

  it('offers Cancel and closes on Escape when the password has not expired', async () => {
    const { user, onClose } = setup();
    expect(screen.queryByText(EXPIRED_TEXT)).toBeNull();
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it('hides Cancel and cannot be dismissed when the password has expired', async () => {
    const { user, onClose } = setup(true);
    expect(screen.getByText(EXPIRED_TEXT)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Cancel' })).toBeNull();
    await user.keyboard('{Escape}');
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog', { name: 'Change Password' })).toBeTruthy();
  });

  it('sends the change, then closes and notifies', async () => {
    writeToken(tokenFor('admin', 'alice'));
    const fetchMock = vi.fn(async () => jsonResponse(200, { message: 'Password changed.' }));
    vi.stubGlobal('fetch', fetchMock);
    const { user, onClose, current, next } = setup();
    await user.type(current, 'old-password');
    await user.type(next, 'a-brand-new-passphrase{Enter}');
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe(authRoutes.changePassword.path);
    expect(JSON.parse(String(init.body))).toEqual({
      username: 'alice',
      prevPassword: 'old-password',
      newPassword: 'a-brand-new-passphrase',
    });
    expect(await screen.findByText(PASSWORD_CHANGED_NOTICE)).toBeTruthy();
  });

  it("shows the server's message inside the dialog when the change fails", async () => {
    writeToken(tokenFor('admin', 'alice'));
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => errorResponse(400, 'The current password is not correct.', 'prevPassword')),
    );
    const { user, onClose, dialog, current, next, change } = setup();
    await user.type(current, 'wrong-password');
    await user.type(next, 'a-brand-new-passphrase');
    await user.click(change);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The current password is not correct.');
    expect(dialog.contains(alert)).toBe(true);
    expect(onClose).not.toHaveBeenCalled();
  });
});
