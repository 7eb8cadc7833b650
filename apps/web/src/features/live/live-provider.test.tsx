import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SOCKET_PATH } from '@ed/contract/constants';
import { FakeSocket } from '../../testing/fake-socket';
import { tokenFor } from '../../testing/fixtures';
import { Providers } from '../../testing/render';
import { readToken, removeToken, writeToken } from '../../shared/auth/token-storage';
import { useSessionAlerts } from '../../shared/components/notice-context';
import { LiveAlerts } from './live-alerts';
import { useLiveStatus } from '../../shared/live/live-context';
import { LiveProvider } from './live-provider';

const sockets: FakeSocket[] = [];
vi.mock('socket.io-client', () => ({
  io: (options: Record<string, unknown>) => {
    const socket = new FakeSocket(options);
    sockets.push(socket);
    return socket;
  },
}));

afterEach(() => {
  sockets.length = 0;
});

function Probe() {
  const connected = useLiveStatus();
  const alerts = useSessionAlerts();
  return (
    <>
      <output aria-label="status">{connected ? 'connected' : 'disconnected'}</output>
      <ul aria-label="alerts">
        {alerts.map((a) => (
          <li key={a.id}>{a.text}</li>
        ))}
      </ul>
    </>
  );
}

function setup() {
  render(
    <Providers>
      <LiveProvider>
        <LiveAlerts />
        <Probe />
      </LiveProvider>
    </Providers>,
  );
  const connecting = sockets.filter((s) => s.active);
  return connecting[connecting.length - 1];
}

const status = () => screen.getByLabelText('status').textContent;
const alertTexts = () => Array.from(screen.getByLabelText('alerts').querySelectorAll('li'), (li) => li.textContent);

describe('LiveProvider', () => {
  it('does not connect without a token', () => {
    expect(setup()).toBeUndefined();
    expect(status()).toBe('disconnected');
  });

  it('connects over polling with the token in auth and sends the identity on every connect', () => {
    const token = tokenFor('engineer', 'erin');
    writeToken(token);
    const socket = setup()!;
    expect(socket.options).toMatchObject({
      path: SOCKET_PATH,
      transports: ['polling'],
      auth: { token: token.access_token },
    });
    act(() => socket.accept());
    expect(status()).toBe('connected');
    void act(() => socket.disconnect());
    act(() => socket.accept());
    expect(socket.sent).toEqual([
      { event: 'dashboard/identity', args: [token.user] },
      { event: 'dashboard/identity', args: [token.user] },
    ]);
  });

  it('shows the ticket and latest-software alerts, and skips updates that are not the latest', () => {
    writeToken(tokenFor());
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const socket = setup()!;
    act(() => {
      socket.accept();
      socket.serverEmit('REPORT_SUPPORT_TICKET_CLOSED', { id: 4, serialNumber: 'ABC123', username: 'bob' });
      socket.serverEmit('REPORT_SUPPORT_TICKET_COMMENT_CREATED', { id: 4, serialNumber: 'ABC123', username: 'bob' });
      socket.serverEmit('REPORT_SUPPORT_TICKET_CREATED', { id: 5, serialNumber: 'ABC124', username: 'carol' });
      const update = {
        family: 'aligner',
        version: { semantic: '5.2.0', meta: null },
        path: '/u/5.2.0',
        username: 'dave',
      };
      socket.serverEmit('NEW_SOFTWARE_UPDATE_CREATED', { ...update, isLatest: false });
      socket.serverEmit('NEW_SOFTWARE_UPDATE_CREATED', { ...update, isLatest: true });
      socket.serverEmit('REPORT_SUPPORT_TICKET_CREATED', { id: 'not a number' });
    });
    expect(alertTexts()).toEqual([
      'The latest software available is now version 5.2.0.',
      'New ticket 5 for aligner ABC124 created by carol.',
      'Comment on ticket 4 for aligner ABC123 created by bob.',
      'Support ticket 4 for aligner ABC123 closed by bob.',
    ]);
    expect(warn).toHaveBeenCalledTimes(1);
  });

  it('does not announce again what the signed-in user did: their console confirmed it already', () => {
    writeToken(tokenFor('admin', 'alice'));
    const socket = setup()!;
    act(() => {
      socket.accept();
      socket.serverEmit('REPORT_SUPPORT_TICKET_CREATED', { id: 6, serialNumber: 'ABC125', username: 'alice' });
      socket.serverEmit('REPORT_SUPPORT_TICKET_CLOSED', { id: 6, serialNumber: 'ABC125', username: 'bob' });
      socket.serverEmit('NEW_SOFTWARE_UPDATE_CREATED', {
        family: 'aligner',
        version: { semantic: '5.3.0', meta: null },
        path: '/u/5.3.0',
        isLatest: true,
        username: 'alice',
      });
    });
    expect(alertTexts()).toEqual(['Support ticket 6 for aligner ABC125 closed by bob.']);
  });

  it('opens no socket while the session waits for a second factor, and connects with the token that follows', () => {
    writeToken({ ...tokenFor('admin', 'alice'), mfa_enrolment_required: true });
    expect(setup()).toBeUndefined();
    act(() => writeToken(tokenFor('admin', 'alice')));
    expect(sockets.filter((s) => s.active)).toHaveLength(1);
  });

  it('signs out when the server refuses the token', () => {
    writeToken(tokenFor());
    const socket = setup()!;
    act(() => socket.refuse('unauthorized'));
    expect(readToken()).toBeNull();
  });

  it('keeps the token when the handshake fails for another reason', () => {
    writeToken(tokenFor());
    const socket = setup()!;
    act(() => socket.refuse('xhr poll error'));
    expect(readToken()).not.toBeNull();
  });

  it('disconnects on sign-out', () => {
    writeToken(tokenFor());
    const socket = setup()!;
    act(() => socket.accept());
    act(() => removeToken());
    expect(socket.connected).toBe(false);
    expect(socket.active).toBe(false);
    expect(status()).toBe('disconnected');
  });
});
