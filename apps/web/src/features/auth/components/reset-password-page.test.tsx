import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { errorResponse, jsonResponse } from '../../../testing/fixtures';
import { renderRoutes } from '../../../testing/render';
import { PASSWORD_SET_NOTICE, RESET_FAILED, RESET_INSTRUCTIONS, ResetPasswordPage } from './reset-password-page';
import { authRoutes } from '@ed/contract/routes/auth';

function setup(path: string) {
  const user = userEvent.setup();
  const { router } = renderRoutes(
    [
      { path: '/reset_password', element: <ResetPasswordPage /> },
      { path: '/login', element: <h1>Sign in</h1> },
    ],
    path,
  );
  return { user, router };
}

async function fillIn(user: ReturnType<typeof userEvent.setup>, password: string, verify: string) {
  await user.type(screen.getByLabelText('New Password'), password);
  await user.type(screen.getByLabelText('Verify New Password'), verify);
  return screen.getByRole<HTMLButtonElement>('button', { name: 'SET PASSWORD' });
}

describe('ResetPasswordPage', () => {
  it('says the link is broken when it has no token', () => {
    setup('/reset_password');
    expect(screen.getByText(RESET_FAILED)).toBeTruthy();
    expect(screen.getByText('This link has no reset token.')).toBeTruthy();
    expect(screen.queryByLabelText('New Password')).toBeNull();
  });

  it('enables SET PASSWORD only for matching passwords of 12+ characters', async () => {
    const { user } = setup('/reset_password?token=abc');
    expect(screen.getByText(RESET_INSTRUCTIONS)).toBeTruthy();
    const button = await fillIn(user, 'short', 'short');
    expect(button.disabled).toBe(true);
    await user.clear(screen.getByLabelText('New Password'));
    await user.type(screen.getByLabelText('New Password'), 'long-enough-pass');
    expect(button.disabled).toBe(true);
    await user.clear(screen.getByLabelText('Verify New Password'));
    await user.type(screen.getByLabelText('Verify New Password'), 'long-enough-pass');
    expect(button.disabled).toBe(false);
  });

  it('explains why a common password is refused', async () => {
    const { user } = setup('/reset_password?token=abc');
    const button = await fillIn(user, '1qaz2wsx3edc', '1qaz2wsx3edc');
    expect(await screen.findByText('This password is among the most common ones; choose another.')).toBeTruthy();
    expect(button.disabled).toBe(true);
  });

  it('sets the password with the token, then goes to /login with a notice', async () => {
    const fetchMock = vi.fn(async () => jsonResponse(200, { message: 'Password set.' }));
    vi.stubGlobal('fetch', fetchMock);
    const { user, router } = setup('/reset_password?token=tok-123');
    const button = await fillIn(user, 'long-enough-pass', 'long-enough-pass');
    await user.click(button);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(await screen.findByText(PASSWORD_SET_NOTICE)).toBeTruthy();
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe(authRoutes.resetPassword.path);
    expect(JSON.parse(String(init.body))).toEqual({ token: 'tok-123', newPassword: 'long-enough-pass' });
  });

  it("shows 'Something went wrong...' and the server's reason on failure", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => errorResponse(400, 'This reset link has expired.')),
    );
    const { user, router } = setup('/reset_password?token=old');
    const button = await fillIn(user, 'long-enough-pass', 'long-enough-pass');
    await user.click(button);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(RESET_FAILED);
    expect(alert.textContent).toContain('This reset link has expired.');
    expect(router.state.location.pathname).toBe('/reset_password');
  });
});
