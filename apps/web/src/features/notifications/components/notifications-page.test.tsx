import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Notification } from '@ed/contract/notifications';
import { notificationsRoutes } from '@ed/contract/routes/notifications';
import { writeToken } from '../../../shared/auth/token-storage';
import { fakeServer, reply } from '../../../testing/fake-server';
import { tokenFor } from '../../../testing/fixtures';
import { renderScreen } from '../../../testing/render';
import { NotificationsPage } from './notifications-page';

const notificationOf = (id: number, overrides: Partial<Notification>): Notification => ({
  id,
  name: `Notice ${id}`,
  resourcePath: 'notes/winter.html',
  mimeType: 'text/html',
  beginsOn: '2031-01-01T00:00:00.000Z',
  endsOn: '2031-01-02T23:59:59.999Z',
  targetType: 'geographic',
  target: { family: 'aligner', country: 'Germany', region: 'Bavaria', city: null, viewId: null, viewName: null },
  deliveredCount: 0,
  ...overrides,
});

describe('NotificationsPage', () => {
  it('shows the saved view of a view target in place of the place', async () => {
    writeToken(tokenFor('admin', 'ann'));
    const view = { family: 'gtps', country: '', region: null, city: null } as const;
    fakeServer([
      reply(notificationsRoutes.getNotifications, () => ({
        totalDocs: 3,
        docs: [
          notificationOf(1, {}),
          notificationOf(2, { targetType: 'view', target: { ...view, viewId: 5, viewName: 'Oasis fleet' } }),
          notificationOf(3, { targetType: 'view', target: { ...view, viewId: null, viewName: null } }),
        ],
      })),
    ]);
    renderScreen(<NotificationsPage />);
    expect(await screen.findByText('aligner: Bavaria, Germany')).toBeTruthy();
    expect(screen.getByText('gtps: View: Oasis fleet')).toBeTruthy();
    expect(screen.getByText('gtps: View: (deleted)')).toBeTruthy();
    // The list has no filter: Export CSV beside Create Notification exports it all.
    expect(screen.getByRole('button', { name: 'Create Notification' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeTruthy();
  });
});
