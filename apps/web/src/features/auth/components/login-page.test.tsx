import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { errorResponse, jsonResponse, tokenFor } from '../../../testing/fixtures';
import { renderRoutes } from '../../../testing/render';
import { readToken } from '../../../shared/auth/token-storage';
import { LoginPage } from './login-page';
import { authRoutes } from '@ed/contract/routes/auth';

function setup() {
  const user = userEvent.setup();
  const { router } = renderRoutes(
    [
      { path: '/login', element: <LoginPage /> },
      { path: '/', element: <h1>Home</h1> },
      { path: '/request_password_reset', element: <h1>Reset</h1> },
    ],
    '/login',
  );
  return { user, router };
}

describe('LoginPage', () => {
  it('shows the sign-in form and the reset link', () => {
    setup();
    expect(screen.getByText('You need to sign in...')).toBeTruthy();
    expect(screen.getByLabelText('Username')).toBeTruthy();
    expect(screen.getByLabelText('Password')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'LOGIN' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'request password reset' }).getAttribute('href')).toBe(
      '/request_password_reset',
    );
  });

  it('signs in with the password grant on Enter, stores the token and goes to /', async () => {
    const token = tokenFor('support', 'carol');
    const fetchMock = vi.fn(async () => jsonResponse(200, token));
    vi.stubGlobal('fetch', fetchMock);
    const { user, router } = setup();
    await user.type(screen.getByLabelText('Username'), 'carol');
    await user.type(screen.getByLabelText('Password'), 'secret{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(readToken()).toEqual(token);
    // The page also asks whether single sign-on is offered.
    const calls = fetchMock.mock.calls as unknown as [string, RequestInit][];
    const [, init] = calls.find(([url]) => url === authRoutes.signIn.path)!;
    expect(Object.fromEntries(new URLSearchParams(String(init.body)))).toEqual({
      grant_type: 'password',
      username: 'carol',
      password: 'secret',
      client_id: 'equipment-dashboard',
    });
  });

  it("stays on /login and shows the server's message when sign-in fails", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => errorResponse(401, 'Invalid username or password.')),
    );
    const { user, router } = setup();
    await user.type(screen.getByLabelText('Username'), 'carol');
    await user.type(screen.getByLabelText('Password'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'LOGIN' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Invalid username or password.');
    expect(router.state.location.pathname).toBe('/login');
    expect(readToken()).toBeNull();
  });

  it('asks for both fields before calling the server', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    const { user } = setup();
    await user.type(screen.getByLabelText('Username'), 'carol{Enter}');
    expect(screen.getByRole('alert').textContent).toContain('Enter your username and password.');
    const calls = fetchMock.mock.calls as unknown as [string][];
    expect(calls.filter(([url]) => url === authRoutes.signIn.path)).toEqual([]);
  });
});
