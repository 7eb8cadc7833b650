import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Role } from '@ed/contract/roles';
import { alignersRoutes } from '@ed/contract/routes/aligners';
import { authRoutes } from '@ed/contract/routes/auth';
import { equipmentFixture, errorResponse, jsonResponse, tokenFor } from '../testing/fixtures';
import { FakeSocket } from '../testing/fake-socket';
import { readToken, writeToken } from '../shared/auth/token-storage';
import { AppProvider } from './provider';
import { routes } from './router';

const sockets: FakeSocket[] = [];
vi.mock('socket.io-client', () => ({
  io: (options: Record<string, unknown>) => {
    const socket = new FakeSocket(options);
    sockets.push(socket);
    return socket;
  },
}));

beforeEach(() => {
  sockets.length = 0;
});

const notExpired = {
  expired: false,
  passwordChangedAt: '2025-01-01T00:00:00.000Z',
  expiresAt: '2026-01-01T00:00:00.000Z',
};

function start(
  path: string,
  { role, expiry = jsonResponse(200, notExpired) }: { role?: Role; expiry?: Response } = {},
) {
  if (role) writeToken(tokenFor(role, 'alice'));
  const fetchMock = vi.fn(async (url: string) => {
    const { pathname, searchParams } = new URL(url, 'http://localhost');
    if (pathname === authRoutes.passwordExpiry.path) return expiry.clone();
    if (pathname === alignersRoutes.getAligner.path) {
      if (searchParams.get('serialNumber') === 'V33CP1234') return jsonResponse(200, equipmentFixture());
      return errorResponse(404, 'There is no unit with that serial number.');
    }
    return errorResponse(404, 'Not found');
  });
  vi.stubGlobal('fetch', fetchMock);
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { router, fetchMock, user: userEvent.setup() };
}

const heading = () => screen.getByRole('heading', { level: 1 });

describe('routes', () => {
  it('sends a signed-out user from a protected route to /login', async () => {
    const { router } = start('/Users');
    expect(await screen.findByRole('button', { name: 'LOGIN' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
    expect(screen.queryByRole('navigation', { name: 'Main menu' })).toBeNull();
  });

  it('sends a signed-in user from a public route to /', async () => {
    const { router } = start('/request_password_reset', { role: 'admin' });
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Dashboard');
    expect(router.state.location.pathname).toBe('/');
  });

  it('shows the top bar and the menu of the role', async () => {
    start('/', { role: 'support' });
    const banner = await screen.findByRole('banner');
    expect(within(banner).getByText('Equipment Dashboard')).toBeTruthy();
    expect(within(banner).getByText('2.0.0')).toBeTruthy();
    expect(within(banner).getByRole('textbox', { name: 'Serial number search' })).toBeTruthy();
    expect(within(banner).getByRole('button', { name: 'Account' })).toBeTruthy();
    const links = within(screen.getByRole('navigation', { name: 'Main menu' })).getAllByRole('link');
    const titles = links.map((link) => link.textContent);
    expect(titles).toContain('Tru-Point');
    expect(titles).not.toContain('Users');
    expect(titles).not.toContain('Update Scheduler');
  });

  it('shows a screen the role may not see as no access', async () => {
    start('/Users', { role: 'support' });
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Users');
    expect(screen.getByText('You do not have access to this screen.')).toBeTruthy();
    expect(screen.queryByText('Not available yet')).toBeNull();
  });

  it('shows every screen of the route table to an admin', async () => {
    const { router } = start('/Aligners', { role: 'admin' });
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Equipment');
    await act(() => router.navigate('/Audits'));
    expect(heading().textContent).toBe('Audits');
    expect(screen.queryByText('You do not have access to this screen.')).toBeNull();
  });

  it('says Page not found for an unknown path', async () => {
    start('/no/such/page', { role: 'admin' });
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Page not found');
  });

  it('says Page not found for a screen written in the wrong case, as the server does', async () => {
    start('/users', { role: 'admin' });
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Page not found');
  });

  it('opens the equipment detail of a serial the search finds, upper-cased, over the screen the user is on', async () => {
    const { router, user } = start('/Radar', { role: 'admin' });
    await user.type(await screen.findByRole('textbox', { name: 'Serial number search' }), 'v33cp1234{Enter}');
    await vi.waitFor(() => expect(router.state.location.search).toBe('?serial=V33CP1234'));
    expect(router.state.location.pathname).toBe('/Radar');
    // The detail loads on demand; its first import here takes a moment.
    const dialog = await screen.findByRole('dialog', { name: /V33CP1234/ }, { timeout: 10_000 });
    expect(screen.getByRole('heading', { level: 1, hidden: true }).textContent).toBe('My Radar');
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await vi.waitFor(() => expect(router.state.location.search).toBe(''));
    expect(router.state.location.pathname).toBe('/Radar');
  });

  it('says the serial was not found when the search has no match, and stays put', async () => {
    const { router, user } = start('/Radar', { role: 'support' });
    await user.type(await screen.findByRole('textbox', { name: 'Serial number search' }), 'abc12345{Enter}');
    expect(await screen.findByText('Serial number ABC12345 not found.')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/Radar');
  });

  it('opens the Change Password dialog by itself when the password has expired', async () => {
    start('/', { role: 'admin', expiry: jsonResponse(200, { ...notExpired, expired: true }) });
    const dialog = await screen.findByRole('dialog', { name: 'Change Password' });
    expect(within(dialog).getByText('Your password has expired. Please choose a new one.')).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Cancel' })).toBeNull();
  });

  it('signs out and goes to /login when the server answers 401', async () => {
    const { router } = start('/Radar', { role: 'admin', expiry: errorResponse(401, 'The token was revoked.') });
    expect(await screen.findByRole('button', { name: 'LOGIN' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
    expect(readToken()).toBeNull();
  });

  it('shows a session that must enrol a second factor only the enrolment, at every address, with no live socket', async () => {
    writeToken({ ...tokenFor('admin', 'alice'), mfa_enrolment_required: true });
    const { router, fetchMock } = start('/Users');
    expect(await screen.findByRole('heading', { name: 'Set up two-step sign-in' })).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Main menu' })).toBeNull();
    expect(screen.queryByRole('banner')).toBeNull();
    await act(() => router.navigate('/no/such/page'));
    expect(await screen.findByRole('heading', { name: 'Set up two-step sign-in' })).toBeTruthy();
    expect(sockets).toEqual([]);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('turns to the enrolment when a call answers 403 MFA_ENROLMENT_REQUIRED', async () => {
    const refused = jsonResponse(403, {
      statusCode: 403,
      error: 'Forbidden',
      code: 'MFA_ENROLMENT_REQUIRED',
      message: 'Your role needs a second factor.',
    });
    start('/', { role: 'admin', expiry: refused });
    expect(await screen.findByRole('heading', { name: 'Set up two-step sign-in' })).toBeTruthy();
    expect(readToken()?.mfa_enrolment_required).toBe(true);
    expect(screen.queryByRole('navigation', { name: 'Main menu' })).toBeNull();
  });

  it('opens Two-step sign-in from the account menu', async () => {
    const { router, user } = start('/', { role: 'engineer' });
    await user.click(await screen.findByRole('button', { name: 'Account' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Two-step sign-in' }));
    expect(router.state.location.pathname).toBe('/Account/TwoStep');
    expect(await screen.findByRole('heading', { level: 1, name: 'Two-step sign-in' })).toBeTruthy();
  });

  it("lists this session's alerts under Notifications", async () => {
    const { user } = start('/', { role: 'admin' });
    await user.click(await screen.findByRole('button', { name: 'Notifications' }));
    expect(await screen.findByText('No notifications')).toBeTruthy();
  });
});
