import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { io as connect, type Socket } from 'socket.io-client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dashboardRoutes } from '@ed/contract/routes/dashboard';
import { SOCKET_PATH } from '@ed/contract/constants';
import type { ConnectionCounters } from '@ed/contract/dashboard';
import { buildApp } from '../../src/app.js';
import { SILENT_MS } from '../../src/areas/live/console-users.js';
import { openPostgres } from '../../src/db/client.js';
import { injectRoute } from '../support/inject-route.js';
import { bearer, createTestApp, type TestApp } from '../support/test-app.js';
import { testDouble } from '../../src/shared/type-adapters.js';
import { liveHub } from '../support/live-hub.js';

/**
 * An instance killed without warning stays in the live-event adapter's view until its heartbeats
 * are missed. Meanwhile the others must keep answering, and its consoles drop out of the count
 * within a bound.
 */
describe('live events while another instance lies dead (skipped without DATABASE_URL: the adapter needs PostgreSQL)', () => {
  let t: TestApp;
  let b: FastifyInstance;
  const sockets: Socket[] = [];
  afterEach(async () => {
    for (const s of sockets.splice(0)) s.close();
    await b.close();
    await t.close();
  });

  const dashboard = async (app: FastifyInstance, token: string) => {
    const port = (app.server.address() as AddressInfo).port;
    const socket = connect(`http://127.0.0.1:${port}`, {
      path: SOCKET_PATH,
      transports: ['websocket'],
      reconnection: false,
      auth: { token },
    });
    sockets.push(socket);
    const counters = new Promise<ConnectionCounters>((resolve) => socket.once('CONNECTION_COUNTERS', resolve));
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    return { socket, counters };
  };

  it('answers the connection counters with 200 and the living instances’ consoles', async () => {
    t = await createTestApp();
    b = await buildApp({ config: t.config, database: openPostgres(t.db.url!), logger: false });
    for (const app of [t.app, b]) await app.listen({ port: 0, host: '127.0.0.1' });
    await t.createUser('engineer', 'engineer');
    const admin = (await t.signIn('admin')).access_token;
    const engineer = (await t.signIn('engineer')).access_token;
    const counters = () => injectRoute(b, dashboardRoutes.getConnectionCounters, { headers: bearer(admin) });

    await dashboard(t.app, admin);
    await dashboard(b, engineer);
    await vi.waitFor(async () => expect((await counters()).json()).toMatchObject({ connectedUsers: 2 }));

    // A dies abruptly: its adapter falls silent (no heartbeat, no answer, no goodbye).
    const adapter = testDouble<{
      doPublish(): Promise<string>;
      doPublishResponse(): Promise<void>;
    }>(liveHub(t.app).io.of('/').adapter);
    adapter.doPublish = async () => '';
    adapter.doPublishResponse = async () => undefined;

    const res = await counters();
    expect(res.statusCode, res.body).toBe(200);
    // A's consoles stop being counted once it has been silent for SILENT_MS.
    await vi.waitFor(
      async () =>
        expect((await counters()).json()).toEqual({ connectedAligners: 0, totalAligners: 0, connectedUsers: 1 }),
      { timeout: SILENT_MS + 3_000, interval: 250 },
    );

    // A dashboard connecting to B meanwhile gets its counters pushed: B's two consoles.
    const late = await dashboard(b, admin);
    expect(await late.counters).toEqual({ connectedAligners: 0, totalAligners: 0, connectedUsers: 2 });

    // Once A's beats are missed it is dropped, and B answers the same.
    await vi.waitFor(async () => expect(await liveHub(b).io.of('/').adapter.serverCount()).toBe(1), {
      timeout: 15_000,
      interval: 500,
    });
    const after = await counters();
    expect(after.statusCode).toBe(200);
    expect(after.json()).toMatchObject({ connectedUsers: 2 });
  }, 30_000);
});
