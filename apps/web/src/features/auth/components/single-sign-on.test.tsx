import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ssoRoutes } from '@ed/contract/routes/sso';
import { errorResponse, tokenFor } from '../../../testing/fixtures';
import { fakeServer, reply } from '../../../testing/fake-server';
import { renderRoutes } from '../../../testing/render';
import { readToken } from '../../../shared/auth/token-storage';
import { browserNavigation } from '../api/single-sign-on';
import { LoginPage } from './login-page';

const PROVIDER_URL = 'https://login.example.com/auth?client_id=dashboard&state=s1';

function setup(path = '/login') {
  const { router } = renderRoutes(
    [
      { path: '/login', element: <LoginPage /> },
      { path: '/', element: <h1>Home</h1> },
    ],
    path,
  );
  return { user: userEvent.setup(), router };
}

describe('single sign-on on the login page', () => {
  it('offers "Sign in with <label>" when configured, and sends the browser to the provider', async () => {
    const assign = vi.spyOn(browserNavigation, 'assign').mockImplementation(() => undefined);
    fakeServer([
      reply(ssoRoutes.ssoConfig, () => ({ enabled: true, label: 'Contoso' })),
      reply(ssoRoutes.ssoStart, () => ({ authorizationUrl: PROVIDER_URL })),
    ]);
    const { user } = setup();
    await user.click(await screen.findByRole('button', { name: 'Sign in with Contoso' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(PROVIDER_URL));
    // The local form stays.
    expect(screen.getByRole('button', { name: 'LOGIN' })).toBeTruthy();
  });

  it('offers no SSO button when the server does not', async () => {
    const server = fakeServer([reply(ssoRoutes.ssoConfig, () => ({ enabled: false }))]);
    setup();
    await waitFor(() => expect(server.callsTo(ssoRoutes.ssoConfig)).toHaveLength(1));
    expect(screen.queryByRole('button', { name: /Sign in with/ })).toBeNull();
  });

  it('shows why the provider could not be reached', async () => {
    fakeServer([
      reply(ssoRoutes.ssoConfig, () => ({ enabled: true, label: 'Contoso' })),
      reply(ssoRoutes.ssoStart, () =>
        errorResponse(503, 'The sign-in provider (login.example.com) cannot be reached.'),
      ),
    ]);
    const { user } = setup();
    await user.click(await screen.findByRole('button', { name: 'Sign in with Contoso' }));
    expect((await screen.findByRole('alert')).textContent).toContain('cannot be reached');
  });

  it('finishes the sign-in with what the provider sent back, once, stores the token and goes home', async () => {
    const token = tokenFor('engineer', 'sso.engineer');
    const server = fakeServer([
      reply(ssoRoutes.ssoConfig, () => ({ enabled: true, label: 'Contoso' })),
      reply(ssoRoutes.ssoCallback, () => token),
    ]);
    const { router } = setup('/login?code=c1&state=s1&iss=https%3A%2F%2Flogin.example.com');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(readToken()).toEqual(token);
    expect(server.callsTo(ssoRoutes.ssoCallback).map((c) => c.body)).toEqual([
      { state: 's1', code: 'c1', iss: 'https://login.example.com' },
    ]);
  });

  it("shows the server's refusal on the login page, with the provider's answer gone from the address", async () => {
    const refusal = 'The sign-in was refused: the ID token has expired.';
    fakeServer([
      reply(ssoRoutes.ssoConfig, () => ({ enabled: true, label: 'Contoso' })),
      reply(ssoRoutes.ssoCallback, () => errorResponse(401, refusal)),
    ]);
    const { router } = setup('/login?code=c1&state=s1');
    expect((await screen.findByRole('alert')).textContent).toBe(refusal);
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.search).toBe('');
    expect(readToken()).toBeNull();
  });
});
