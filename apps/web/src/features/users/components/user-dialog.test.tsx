import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { usersRoutes } from '@ed/contract/routes/users';
import { errorResponse, jsonResponse } from '../../../testing/fixtures';
import { renderWithProviders } from '../../../testing/render';
import { UserDialog } from './user-dialog';

const nina = { username: 'nina', email: 'nina@example.com', role: 'engineer' as const, active: true };

describe('UserDialog', () => {
  it('enables Create only when username, password, e-mail and role are set, and shows the server’s refusal', async () => {
    const fetchMock = vi.fn(async () => errorResponse(409, 'A user named nina already exists.'));
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    renderWithProviders(<UserDialog user={null} onClose={() => {}} />);
    const create = screen.getByRole<HTMLButtonElement>('button', { name: 'Create' });
    await user.type(screen.getByLabelText(/^Username/), 'nina');
    await user.type(screen.getByLabelText(/^Password/), 'nina-password-1');
    await user.type(screen.getByLabelText(/^E-mail/), 'nina@example.com');
    expect(create.disabled).toBe(true);
    await user.click(screen.getByRole('combobox', { name: /Role/ }));
    await user.click(screen.getByRole('option', { name: 'Engineer' }));
    expect(create.disabled).toBe(false);
    await user.click(create);
    expect((await screen.findByRole('alert')).textContent).toBe('A user named nina already exists.');
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe(usersRoutes.createUser.path);
    expect(JSON.parse(String(init.body))).toEqual({
      username: 'nina',
      password: 'nina-password-1',
      email: 'nina@example.com',
      role: 'engineer',
      active: true,
    });
  });

  it('explains why a weak password is refused and keeps Create off', async () => {
    const user = userEvent.setup();
    renderWithProviders(<UserDialog user={null} onClose={() => {}} />);
    const create = screen.getByRole<HTMLButtonElement>('button', { name: 'Create' });
    await user.type(screen.getByLabelText(/^Username/), 'olga');
    await user.type(screen.getByLabelText(/^E-mail/), 'olga@example.com');
    await user.click(screen.getByRole('combobox', { name: /Role/ }));
    await user.click(screen.getByRole('option', { name: 'Guest' }));
    await user.type(screen.getByLabelText(/^Password/), 'qwerty123456');
    expect(await screen.findByText('This password is among the most common ones; choose another.')).toBeTruthy();
    expect(create.disabled).toBe(true);
    await user.clear(screen.getByLabelText(/^Password/));
    await user.type(screen.getByLabelText(/^Password/), 'aaaaaaaaaaaa');
    expect(screen.getByText('The password cannot be one character repeated; choose another.')).toBeTruthy();
    expect(create.disabled).toBe(true);
  });

  it('enables Update only after a change, and sends a blank password as no change', async () => {
    const fetchMock = vi.fn(async () => jsonResponse(200, { message: 'User nina was updated.' }));
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    const onClose = vi.fn();
    renderWithProviders(<UserDialog user={nina} onClose={onClose} />);
    const update = screen.getByRole<HTMLButtonElement>('button', { name: 'Update' });
    expect(update.disabled).toBe(true);
    const email = screen.getByLabelText(/^E-mail/);
    await user.clear(email);
    expect(update.disabled).toBe(true);
    await user.type(email, 'n@example.com');
    expect(update.disabled).toBe(false);
    await user.click(update);
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(JSON.parse(String(init.body))).toEqual({
      username: 'nina',
      password: '',
      email: 'n@example.com',
      role: 'engineer',
      active: true,
    });
  });
});
