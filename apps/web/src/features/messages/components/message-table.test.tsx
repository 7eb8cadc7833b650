import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { MESSAGE_TABS, type Message } from '@ed/contract/messages';
import type { Role } from '@ed/contract/roles';
import { messagesRoutes } from '@ed/contract/routes/messages';
import { writeToken } from '../../../shared/auth/token-storage';
import { fakeServer, reply } from '../../../testing/fake-server';
import { tokenFor } from '../../../testing/fixtures';
import { renderScreen } from '../../../testing/render';
import { MessageTable } from './message-table';

const messageOf = (id: number, targets: Partial<Message['targets']>): Message => ({
  id,
  schedule: { startDate: '2031-01-01T00:00:00.000Z', endDate: '2031-01-02T23:59:59.999Z' },
  header: `Message ${id}`,
  body: 'Body',
  callToAction: 'Go',
  targets: { market: 'DE', softwareVersion: 'all', serialNumbers: [], viewId: null, viewName: null, ...targets },
  issuerUsername: 'alice',
  issuerEmail: 'a@example.com',
  disposition: 'upcoming',
  deliveredCount: 0,
});

describe('MessageTable', () => {
  it("names the saved view a message goes to in place of its market's", async () => {
    writeToken(tokenFor('admin', 'alice'));
    fakeServer([
      reply(messagesRoutes.getMessages, () => ({
        totalDocs: 2,
        docs: [messageOf(1, {}), messageOf(2, { viewId: 4, viewName: 'Oasis fleet' })],
      })),
    ]);
    const actions = { onPreview: vi.fn(), onEdit: vi.fn(), onDelete: vi.fn() };
    const role: Role = 'admin';
    renderScreen(<MessageTable tab={MESSAGE_TABS[3]} username="alice" role={role} actions={actions} />);
    expect(await screen.findByText('View: Oasis fleet')).toBeTruthy();
    expect(screen.getByText('DE')).toBeTruthy();
  });
});
