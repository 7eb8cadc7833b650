import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { errorResponse, jsonResponse } from '../../../testing/fixtures';
import { renderRoutes } from '../../../testing/render';
import { RequestResetPage, RESET_REQUESTED_TEXT } from './request-reset-page';
import { authRoutes } from '@ed/contract/routes/auth';

function setup() {
  const user = userEvent.setup();
  renderRoutes([{ path: '/request_password_reset', element: <RequestResetPage /> }], '/request_password_reset');
  const button = screen.getByRole<HTMLButtonElement>('button', { name: 'REQUEST RESET' });
  return { user, button, input: screen.getByLabelText('Username') };
}

describe('RequestResetPage', () => {
  it('enables REQUEST RESET only with a username, and disables it once requested', async () => {
    const fetchMock = vi.fn(async () => jsonResponse(200, { message: 'sent' }));
    vi.stubGlobal('fetch', fetchMock);
    const { user, button, input } = setup();
    expect(button.disabled).toBe(true);
    await user.type(input, 'dave');
    expect(button.disabled).toBe(false);
    await user.click(button);
    expect(await screen.findByText(RESET_REQUESTED_TEXT)).toBeTruthy();
    expect(button.disabled).toBe(true);
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe(authRoutes.requestReset.path);
    expect(JSON.parse(String(init.body))).toEqual({ username: 'dave' });
    expect(screen.getByRole('link', { name: 'Back to sign in' }).getAttribute('href')).toBe('/login');
  });

  it("shows the server's message when requests come too fast", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => errorResponse(429, 'Too many requests. Try again in 5 minutes.')),
    );
    const { user, button, input } = setup();
    await user.type(input, 'dave{Enter}');
    expect((await screen.findByRole('alert')).textContent).toContain('Try again in 5 minutes.');
    expect(screen.queryByText(RESET_REQUESTED_TEXT)).toBeNull();
    expect(button.disabled).toBe(false);
  });
});
