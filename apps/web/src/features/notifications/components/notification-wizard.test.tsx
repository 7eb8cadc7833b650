import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { notificationsRoutes } from '@ed/contract/routes/notifications';
import { savedViewsRoutes } from '@ed/contract/routes/saved-views';
import { writeToken } from '../../../shared/auth/token-storage';
import { fakeServer, reply, type FakeHandler } from '../../../testing/fake-server';
import { errorResponse, tokenFor } from '../../../testing/fixtures';
import { renderScreen } from '../../../testing/render';
import { savedViewFixture } from '../../../testing/rollout-fixture';
import { NotificationWizard } from './notification-wizard';

const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

function setup(create: FakeHandler<typeof notificationsRoutes.createNotification>) {
  writeToken(tokenFor('admin', 'ann'));
  const server = fakeServer([
    reply(notificationsRoutes.getCountries, () => [{ countryName: 'Germany', countryCode: 'DE' }]),
    reply(notificationsRoutes.getRegions, () => [{ region: 'Bavaria' }]),
    reply(savedViewsRoutes.listSavedViews, () => ({
      views: [
        savedViewFixture({ id: 5, name: 'Oasis fleet', members: 12 }),
        savedViewFixture({ id: 6, name: 'Shop aligners', members: 8, filter: { family: 'aligner' } }),
        savedViewFixture({ id: 7, name: 'Tru-Points', members: 6, filter: { family: 'gtps' } }),
      ],
    })),
    reply(notificationsRoutes.createNotification, create),
  ]);
  const onClose = vi.fn();
  renderScreen(<NotificationWizard onClose={onClose} />);
  return { ...server, onClose, user: userEvent.setup() };
}

/** Walks the first two steps and chooses the family: Next waits for each step's fields. */
async function fillUpToTarget(user: ReturnType<typeof userEvent.setup>) {
  const next = () => screen.getByRole<HTMLButtonElement>('button', { name: 'Next' });
  expect(next().disabled).toBe(true);
  fireEvent.change(screen.getByLabelText(/^Begins On/), { target: { value: day(1) } });
  fireEvent.change(screen.getByLabelText(/^Ends On/), { target: { value: day(-1) } });
  expect(screen.getByText('Not before the start')).toBeTruthy();
  expect(next().disabled).toBe(true);
  fireEvent.change(screen.getByLabelText(/^Ends On/), { target: { value: day(3) } });
  await user.click(next());

  expect(next().disabled).toBe(true);
  await user.type(screen.getByRole('textbox', { name: /^Name/ }), 'Winter service');
  await user.click(screen.getByRole('combobox', { name: /MIME Type/ }));
  await user.click(screen.getByRole('option', { name: 'text/html' }));
  await user.type(screen.getByRole('textbox', { name: /^Content Path/ }), 'notes/winter.html');
  await user.click(next());

  const create = screen.getByRole<HTMLButtonElement>('button', { name: 'Create' });
  expect(create.disabled).toBe(true);
  await user.click(screen.getByRole('combobox', { name: /Target Family/ }));
  await user.click(screen.getByRole('option', { name: 'aligner' }));
  return create;
}

/** Walks the three steps to a geographic target. */
async function fillIn(user: ReturnType<typeof userEvent.setup>) {
  const create = await fillUpToTarget(user);
  await user.click(screen.getByRole('combobox', { name: /Target Country/ }));
  await user.click(await screen.findByRole('option', { name: 'Germany' }));
  await user.click(screen.getByRole('combobox', { name: /Target Region/ }));
  await user.click(await screen.findByRole('option', { name: 'Bavaria' }));
  expect(create.disabled).toBe(false);
  return create;
}

describe('NotificationWizard', () => {
  it('walks the steps and creates the notification over whole UTC days, for the chosen target', async () => {
    const { user, callsTo, onClose } = setup(() => ({
      id: 3,
      name: 'Winter service',
      resourcePath: 'notes/winter.html',
      mimeType: 'text/html',
      beginsOn: `${day(1)}T00:00:00.000Z`,
      endsOn: `${day(3)}T23:59:59.999Z`,
      targetType: 'geographic',
      target: { family: 'aligner', country: 'Germany', region: 'Bavaria', city: null, viewId: null, viewName: null },
      deliveredCount: 0,
    }));
    await user.click(await fillIn(user));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(callsTo(notificationsRoutes.createNotification)[0]?.body).toEqual({
      name: 'Winter service',
      resourcePath: 'notes/winter.html',
      mimeType: 'text/html',
      beginsOn: `${day(1)}T00:00:00.000Z`,
      endsOn: `${day(3)}T23:59:59.999Z`,
      targetType: 'geographic',
      target: { family: 'aligner', country: 'Germany', region: 'Bavaria', city: null, viewId: null },
    });
    expect(await screen.findByText('Notification Winter service was created.')).toBeTruthy();
  });

  it('targets a saved view with no country: the place is cleared and off while a view is chosen', async () => {
    const { user, callsTo, onClose } = setup(() => ({
      id: 4,
      name: 'Winter service',
      resourcePath: 'notes/winter.html',
      mimeType: 'text/html',
      beginsOn: `${day(1)}T00:00:00.000Z`,
      endsOn: `${day(3)}T23:59:59.999Z`,
      targetType: 'view',
      target: { family: 'aligner', country: '', region: null, city: null, viewId: 5, viewName: 'Oasis fleet' },
      deliveredCount: 0,
    }));
    const create = await fillUpToTarget(user);
    const country = () => screen.getByRole('combobox', { name: /Target Country/ });
    await user.click(country());
    await user.click(await screen.findByRole('option', { name: 'Germany' }));
    expect(country().getAttribute('aria-disabled')).toBeNull();

    await user.click(screen.getByRole('combobox', { name: 'Saved view' }));
    await user.click(await screen.findByRole('option', { name: 'Oasis fleet (12 units)' }));
    expect(country().getAttribute('aria-disabled')).toBe('true');
    expect(country().textContent).not.toContain('Germany');
    expect(screen.getByRole('combobox', { name: /Target Region/ }).getAttribute('aria-disabled')).toBe('true');
    expect(create.disabled).toBe(false);
    await user.click(create);
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(callsTo(notificationsRoutes.createNotification)[0]?.body).toMatchObject({
      targetType: 'view',
      target: { family: 'aligner', country: '', region: null, city: null, viewId: 5 },
    });
  });

  it('asks for a country again once the view is cleared', async () => {
    const { user } = setup(() => errorResponse(500, 'not called'));
    const create = await fillUpToTarget(user);
    await user.click(screen.getByRole('combobox', { name: 'Saved view' }));
    await user.click(await screen.findByRole('option', { name: 'Oasis fleet (12 units)' }));
    expect(create.disabled).toBe(false);
    await user.click(screen.getByRole('combobox', { name: 'Saved view' }));
    await user.click(screen.getByRole('option', { name: 'None' }));
    expect(screen.getByRole('combobox', { name: /Target Country/ }).getAttribute('aria-disabled')).toBeNull();
    expect(create.disabled).toBe(true);
  });

  it('offers the views of the target family only, and clears one the family no longer fits, saying so', async () => {
    const { user } = setup(() => errorResponse(500, 'not called'));
    await fillUpToTarget(user);
    const views = () => screen.getByRole('combobox', { name: 'Saved view' });
    const offered = async () => {
      await user.click(views());
      return within(await screen.findByRole('listbox'))
        .getAllByRole('option')
        .map((o) => o.textContent);
    };
    // A view with no family (Oasis fleet) fits any.
    expect(await offered()).toEqual(['None', 'Oasis fleet (12 units)', 'Shop aligners (8 units)']);
    await user.click(screen.getByRole('option', { name: 'Shop aligners (8 units)' }));
    await user.click(screen.getByRole('combobox', { name: /Target Family/ }));
    await user.click(await screen.findByRole('option', { name: 'gtps' }));
    expect((await screen.findByRole('status')).textContent).toBe(
      'The saved view Shop aligners was cleared: it is for Aligners, not this family.',
    );
    expect(views().textContent).not.toContain('Shop aligners');
    expect(await offered()).toEqual(['None', 'Oasis fleet (12 units)', 'Tru-Points (6 units)']);
    await user.click(screen.getByRole('option', { name: 'Tru-Points (6 units)' }));
    expect(screen.queryByRole('status')).toBeNull();
  });

  it("shows the server's refusal in the wizard and stays open", async () => {
    const { user, onClose } = setup(() => errorResponse(400, 'beginsOn must be a date'));
    await user.click(await fillIn(user));
    expect((await screen.findByRole('alert')).textContent).toBe('beginsOn must be a date');
    expect(onClose).not.toHaveBeenCalled();
  });
});
