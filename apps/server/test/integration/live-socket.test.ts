import type { AddressInfo } from 'node:net';
import { io as connect, type Socket } from 'socket.io-client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { authRoutes } from '@ed/contract/routes/auth';
import { SOCKET_PATH } from '@ed/contract/constants';
import type { ConnectionCounters } from '@ed/contract/dashboard';
import { injectRoute } from '../support/inject-route.js';
import { bearer, createTestApp, type TestApp } from '../support/test-app.js';
import { liveHub } from '../support/live-hub.js';

describe('live-event socket on /dashboard', () => {
  let t: TestApp;
  let url: string;
  const sockets: Socket[] = [];

  beforeEach(async () => {
    t = await createTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterEach(async () => {
    for (const s of sockets.splice(0)) s.close();
    await t.close();
  });

  const open = (options: Parameters<typeof connect>[1]) => {
    const socket = connect(url, { path: SOCKET_PATH, transports: ['polling'], reconnection: false, ...options });
    sockets.push(socket);
    return socket;
  };
  const refusal = (socket: Socket) =>
    new Promise<string>((resolve, reject) => {
      socket.on('connect', () => reject(new Error('connected without a valid token')));
      socket.on('connect_error', (err) => resolve(err.message));
    });

  it('refuses a client without a token, with a bad one, or with the token only in the URL', async () => {
    expect(await refusal(open({}))).toBe('unauthorized');
    expect(await refusal(open({ auth: { token: 'forged' } }))).toBe('unauthorized');
    const { access_token } = await t.signIn('admin');
    expect(await refusal(open({ query: { token: access_token } }))).toBe('unauthorized');
  });

  it('accepts a signed-in client, counts its user once, and pushes the counters', async () => {
    const { access_token, user } = await t.signIn('admin');
    const first = open({ auth: { token: access_token } });
    const counters = new Promise<ConnectionCounters>((resolve) => first.on('CONNECTION_COUNTERS', resolve));
    first.on('connect', () => first.emit('dashboard/identity', user));
    expect((await counters).connectedUsers).toBe(1);

    const second = open({ auth: { token: access_token } });
    await new Promise<void>((resolve) => second.on('connect', () => resolve()));
    expect(liveHub(t.app).connectedUsers()).toBe(1);
  });

  it('drops the socket when its token is revoked by sign-out', async () => {
    const { access_token } = await t.signIn('admin');
    const socket = open({ auth: { token: access_token } });
    await new Promise<void>((resolve) => socket.on('connect', () => resolve()));
    const dropped = new Promise<string>((resolve) => socket.on('disconnect', resolve));
    await injectRoute(t.app, authRoutes.signOut, { headers: bearer(access_token) });
    expect(await dropped).toBe('io server disconnect');
  });

  it('drops a client whose identity is not its token’s user', async () => {
    const { access_token } = await t.signIn('admin');
    const socket = open({ auth: { token: access_token } });
    await new Promise<void>((resolve) => socket.on('connect', () => resolve()));
    const dropped = new Promise<string>((resolve) => socket.on('disconnect', resolve));
    socket.emit('dashboard/identity', { username: 'someone-else', email: 'x@example.com', role: 'admin' });
    expect(await dropped).toBe('io server disconnect');
  });
});
