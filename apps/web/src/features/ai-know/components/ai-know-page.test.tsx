import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { writeToken } from '../../../shared/auth/token-storage';
import { assistantRoutes } from '@ed/contract/routes/assistant';
import { assistantServiceRoutes } from '@ed/contract/routes/assistant-service';
import { fakeServer, reply, under } from '../../../testing/fake-server';
import { tokenFor } from '../../../testing/fixtures';
import { renderScreen } from '../../../testing/render';
import { AiKnowPage } from './ai-know-page';

const session = (sessionId: string, conversation: { query: string; response: string }[]) => ({
  sessionId,
  serialNumber: 'V33CP1234',
  isOpen: conversation.length === 0,
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-01T10:05:00.000Z',
  conversation,
});

function open() {
  writeToken(tokenFor('support'));
  return fakeServer([
    reply(assistantRoutes.assistantLocation, () => ({ aiUrl: '/assistant' })),
    reply(under('/assistant', assistantServiceRoutes.statistics), () => ({
      sessionCount: 12,
      openSessionCount: 3,
      averageConversationLength: 1.6666666,
      queueAverage: 0.00042,
      inFlightAverage: 0.0123456,
    })),
    reply(under('/assistant', assistantServiceRoutes.chatSessions), () => ({
      totalDocs: 2,
      docs: [
        session('7b0e6d8a-8a3f-4c55-9a1e-0d6f2a8b9c10', []),
        session('0f5c3a2e-1b4d-4e6f-8a9b-2c3d4e5f6a7b', [{ query: 'Printer?', response: 'Check the cable.' }]),
      ],
    })),
  ]);
}

describe('AI assistant', () => {
  it('shows the statistics with three decimals, read from AI_URL', async () => {
    const { callsTo } = open();
    renderScreen(<AiKnowPage />, { path: '/AIKnow' });
    const figures = await screen.findByLabelText('Assistant statistics');
    expect(await within(figures).findByText('12')).toBeTruthy();
    expect(within(figures).getByText('1.667')).toBeTruthy();
    expect(within(figures).getByText('0.000 s')).toBeTruthy();
    expect(within(figures).getByText('0.012 s')).toBeTruthy();
    expect(callsTo(under('/assistant', assistantServiceRoutes.statistics))).toHaveLength(1);
  });

  it('lists chats and shows their exchanges or NO EXCHANGES', async () => {
    open();
    renderScreen(<AiKnowPage />, { path: '/AIKnow?tab=chats' });
    const grid = await screen.findByRole('grid', { name: 'Chat sessions' });
    const user = userEvent.setup();
    await user.click(await within(grid).findByRole('button', { name: /7b0e6d8a/ }));
    expect(await screen.findByText('NO EXCHANGES')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await user.click(within(grid).getByRole('button', { name: /0f5c3a2e/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Chat session of V33CP1234' });
    expect(within(dialog).getByText('Query: Printer?')).toBeTruthy();
    expect(within(dialog).getByText('Response: Check the cable.')).toBeTruthy();
    expect(within(grid).getAllByText('yes')).toHaveLength(1);
  });
});
