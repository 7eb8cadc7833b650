import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { writeToken } from '../../../shared/auth/token-storage';
import { trendRoutes } from '@ed/contract/routes/trend';
import { fakeServer, reply, type FakeRequest } from '../../../testing/fake-server';
import { tokenFor } from '../../../testing/fixtures';
import { renderScreen } from '../../../testing/render';
import { GraphPage } from './graph-page';

const spanOf = (call: FakeRequest | undefined) =>
  call ? Date.parse(call.query.get('to')!) - Date.parse(call.query.get('from')!) : 0;

describe('the trend graph page', () => {
  it('follows live: a pushed count becomes the newest point and the window is read again', async () => {
    writeToken(tokenFor('support'));
    const { callsTo } = fakeServer([
      reply(trendRoutes.connectionHistory, (request) => ({
        resolution: 'minute',
        points: [{ at: request.query.get('from') ?? '', min: 3, max: 3, avg: 3, total: 20 }],
      })),
    ]);
    const { socket } = renderScreen(<GraphPage />, { path: '/graph?span=6h' });
    expect(await screen.findByText(/one point per minute, 1 point$/)).toBeTruthy();
    act(() => socket.serverEmit('CONNECTION_COUNTERS', { connectedAligners: 7, totalAligners: 20, connectedUsers: 1 }));
    expect(await screen.findByText(/one point per minute, 2 points$/)).toBeTruthy();
    await waitFor(() => expect(callsTo(trendRoutes.connectionHistory)).toHaveLength(2));
    expect(screen.getByRole('button', { name: 'Following live' })).toBeTruthy();
  });

  it('reads the span in the address and zooms to other spans', async () => {
    writeToken(tokenFor('support'));
    const { callsTo } = fakeServer([
      reply(trendRoutes.connectionHistory, (request) => ({
        resolution: spanOf(request) > 400 * 3_600_000 ? 'day' : 'hour',
        points: [{ at: request.query.get('from') ?? '', min: 3, max: 9, avg: 6.5, total: 20 }],
      })),
    ]);
    const { router } = renderScreen(<GraphPage />, { path: '/graph?span=1w' });
    expect(await screen.findByText(/one point per hour, 1 point$/)).toBeTruthy();
    const reads = () => callsTo(trendRoutes.connectionHistory);
    expect(spanOf(reads()[0])).toBe(7 * 86_400_000);

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Zoom out' }));
    await waitFor(() => expect(spanOf(reads().at(-1))).toBe(30 * 86_400_000));
    expect(router.state.location.search).toBe('?span=1m');
    expect(await screen.findByText(/one point per day/)).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Earlier' }));
    await waitFor(() => expect(router.state.location.search).toMatch(/^\?span=1m&end=\d+$/));
    expect(screen.getByRole('button', { name: 'Follow live' })).toBeTruthy();
  });
});
