import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Message } from '@ed/contract/messages';
import type { Role } from '@ed/contract/roles';
import { messagesRoutes } from '@ed/contract/routes/messages';
import { notificationsRoutes } from '@ed/contract/routes/notifications';
import { savedViewsRoutes } from '@ed/contract/routes/saved-views';
import { writeToken } from '../../../shared/auth/token-storage';
import { jsonResponse, tokenFor } from '../../../testing/fixtures';
import { savedViewFixture } from '../../../testing/rollout-fixture';
import { renderWithProviders } from '../../../testing/render';
import { MessageWizard } from './message-wizard';

const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** The markets, the saved views, and a create answered with what was sent (the view named). */
function fakeFetch() {
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    if (url.startsWith(notificationsRoutes.getCountries.path))
      return jsonResponse(200, [{ countryName: 'Germany', countryCode: 'DE' }]);
    if (url.startsWith(savedViewsRoutes.listSavedViews.path))
      return jsonResponse(200, { views: [savedViewFixture({ id: 4, name: 'Oasis fleet', members: 12 })] });
    const sent = JSON.parse(String(init?.body)) as { targets: { viewId: number | null } };
    return jsonResponse(200, {
      ...sent,
      targets: { ...sent.targets, viewName: sent.targets.viewId === null ? null : 'Oasis fleet' },
      id: 7,
      issuerUsername: 'alice',
      issuerEmail: 'a@example.com',
      deliveredCount: 0,
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** The body the wizard sent to create the message. */
function createdBody(fetchMock: ReturnType<typeof fakeFetch>) {
  const [, init] = fetchMock.mock.calls.find(([u]) => u === messagesRoutes.createMessage.path) as unknown as [
    string,
    RequestInit,
  ];
  return JSON.parse(String(init.body)) as unknown;
}

/** Fills the first two steps and moves to the target step. */
async function fillTexts(user: ReturnType<typeof userEvent.setup>) {
  const next = () => screen.getByRole<HTMLButtonElement>('button', { name: 'Next' });
  fireEvent.change(screen.getByLabelText(/^Start Date/), { target: { value: day(1) } });
  fireEvent.change(screen.getByLabelText(/^End Date/), { target: { value: day(2) } });
  await user.click(next());
  await user.type(screen.getByRole('textbox', { name: /^Header/ }), 'Hello');
  await user.type(screen.getByRole('textbox', { name: /^Body/ }), 'Body');
  await user.type(screen.getByRole('textbox', { name: /^Call to Action/ }), 'Go');
  await user.click(next());
}

describe('MessageWizard', () => {
  it('walks the three steps, counts characters, and saves a draft from the start to the end of the days in UTC', async () => {
    const fetchMock = fakeFetch();
    const user = userEvent.setup();
    const onClose = vi.fn();
    renderWithProviders(<MessageWizard message={null} onClose={onClose} />);
    const next = () => screen.getByRole<HTMLButtonElement>('button', { name: 'Next' });

    expect(next().disabled).toBe(true);
    fireEvent.change(screen.getByLabelText(/^Start Date/), { target: { value: day(1) } });
    fireEvent.change(screen.getByLabelText(/^End Date/), { target: { value: day(2) } });
    await user.click(next());

    expect(screen.getAllByText('Required')).toHaveLength(3);
    await user.type(screen.getByRole('textbox', { name: /^Header/ }), 'Hello');
    expect(screen.getByText('5/75')).toBeTruthy();
    await user.type(screen.getByRole('textbox', { name: /^Body/ }), 'Body');
    await user.type(screen.getByRole('textbox', { name: /^Call to Action/ }), 'Go');
    await user.click(next());

    const save = screen.getByRole<HTMLButtonElement>('button', { name: 'Save' });
    expect(save.disabled).toBe(true);
    await user.click(screen.getByRole('combobox', { name: /Market/ }));
    await user.click(await screen.findByRole('option', { name: 'Germany (DE)' }));
    expect(screen.getByRole('status').textContent).toBe('0 serial numbers');
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Upload' }).disabled).toBe(true);
    await user.click(save);
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(screen.getByText('Message 7 was saved as a draft.')).toBeTruthy();

    expect(createdBody(fetchMock)).toEqual({
      schedule: { startDate: `${day(1)}T00:00:00.000Z`, endDate: `${day(2)}T23:59:59.999Z` },
      header: 'Hello',
      body: 'Body',
      callToAction: 'Go',
      targets: { market: 'DE', softwareVersion: 'all', serialNumbers: [], viewId: null },
      disposition: 'draft',
    });
  });

  it("sends a saved view chosen as the target: its units instead of the market's", async () => {
    const fetchMock = fakeFetch();
    const user = userEvent.setup();
    const onClose = vi.fn();
    renderWithProviders(<MessageWizard message={null} onClose={onClose} />);
    await fillTexts(user);

    await user.click(screen.getByRole('combobox', { name: /Market/ }));
    await user.click(await screen.findByRole('option', { name: 'Germany (DE)' }));
    expect(screen.getByText("Optional: its units instead of the market's")).toBeTruthy();
    await user.click(screen.getByRole('combobox', { name: 'Saved view' }));
    expect(screen.getByRole('option', { name: 'None' })).toBeTruthy();
    await user.click(await screen.findByRole('option', { name: 'Oasis fleet (12 units)' }));
    expect(screen.getByRole('combobox', { name: 'Saved view' }).textContent).toBe('Oasis fleet (12 units)');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());

    expect(createdBody(fetchMock)).toMatchObject({
      targets: { market: 'DE', softwareVersion: 'all', serialNumbers: [], viewId: 4 },
      disposition: 'draft',
    });
  });

  it('needs no market when a saved view is the target, and sends none', async () => {
    const fetchMock = fakeFetch();
    const user = userEvent.setup();
    const onClose = vi.fn();
    renderWithProviders(<MessageWizard message={null} onClose={onClose} />);
    await fillTexts(user);
    const market = () => screen.getByRole('combobox', { name: /Market/ });
    const save = screen.getByRole<HTMLButtonElement>('button', { name: 'Save' });
    expect(market().getAttribute('aria-required')).toBe('true');
    expect(screen.getByText('Required')).toBeTruthy();

    await user.click(screen.getByRole('combobox', { name: 'Saved view' }));
    await user.click(await screen.findByRole('option', { name: 'Oasis fleet (12 units)' }));
    expect(market().getAttribute('aria-required')).toBeNull();
    expect(screen.queryByText('Required')).toBeNull();
    expect(screen.getByText('Optional: the saved view is the target')).toBeTruthy();
    expect(save.disabled).toBe(false);
    await user.click(save);
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(createdBody(fetchMock)).toMatchObject({ targets: { market: '', serialNumbers: [], viewId: 4 } });
  });

  const pending: Message = {
    id: 9,
    schedule: { startDate: `${day(1)}T00:00:00.000Z`, endDate: `${day(2)}T23:59:59.999Z` },
    header: 'Winter service',
    body: 'Book a check.',
    callToAction: 'Call us',
    targets: { market: 'DE', softwareVersion: 'all', serialNumbers: [], viewId: null, viewName: null },
    issuerUsername: 'alice',
    issuerEmail: 'a@example.com',
    disposition: 'pending approval',
    deliveredCount: 0,
  };
  const approveAs = async (role: Role, username: string) => {
    writeToken(tokenFor(role, username));
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(200, [{ countryName: 'Germany', countryCode: 'DE' }])),
    );
    const user = userEvent.setup();
    renderWithProviders(<MessageWizard message={pending} onClose={vi.fn()} />);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    return screen.getByRole<HTMLButtonElement>('button', { name: 'Save and Approve' });
  };

  it('keeps Save and Approve off for the author, and says why (four eyes)', async () => {
    expect((await approveAs('engineer', 'alice')).disabled).toBe(true);
    expect(screen.getByText('You wrote this message: someone else must approve it.')).toBeTruthy();
  });

  it('offers Save and Approve to another approver', async () => {
    expect((await approveAs('engineer', 'bob')).disabled).toBe(false);
  });

  it('lets an admin approve their own message', async () => {
    expect((await approveAs('admin', 'alice')).disabled).toBe(false);
    expect(screen.queryByText('You wrote this message: someone else must approve it.')).toBeNull();
  });
});
