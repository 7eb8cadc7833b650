import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { io as connect, type Socket } from 'socket.io-client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SOCKET_PATH } from '@ed/contract/constants';
import { authRoutes } from '@ed/contract/routes/auth';
import { dashboardRoutes } from '@ed/contract/routes/dashboard';
import { healthRoutes } from '@ed/contract/routes/health';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config/env.js';
import { openPostgres } from '../../src/db/client.js';
import { users } from '../../src/db/schema.js';
import { injectRoute } from '../support/inject-route.js';
import { bearer, createTestApp, passwordGrant, ADMIN_PASSWORD, type TestApp } from '../support/test-app.js';
import { createTestDatabase } from '../support/test-database.js';
import { testDouble } from '../../src/shared/type-adapters.js';
import { liveHub } from '../support/live-hub.js';

/** socket.io's cluster message types up to a heartbeat (socket.io-adapter's MessageType: 1 initial, 2 heartbeat). */
const HEARTBEAT = 2;

/** What only a real PostgreSQL can show: restarts, outages and several server instances. */
describe('on a real PostgreSQL', () => {
  let t: TestApp;
  const extra: FastifyInstance[] = [];
  const sockets: Socket[] = [];
  afterEach(async () => {
    for (const s of sockets.splice(0)) s.close();
    for (const app of extra.splice(0)) await app.close();
    await t.close();
  });

  const terminateConnections = async (url: string) => {
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    const name = new URL(url).pathname.slice(1);
    await admin.query(
      'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
      [name],
    );
    await admin.end();
  };

  it('keeps serving after its connections are killed, as in a database restart', async () => {
    t = await createTestApp();
    expect((await injectRoute(t.app, healthRoutes.health)).statusCode).toBe(200);
    await terminateConnections(t.db.url!);
    const statuses: number[] = [];
    await vi.waitFor(async () => {
      const res = await injectRoute(t.app, healthRoutes.health);
      statuses.push(res.statusCode);
      expect(res.statusCode).toBe(200);
    });
    expect(statuses.every((s) => s === 200 || s === 503)).toBe(true);
  });

  it('answers 503 with a clear message while the database is away, never a crash', async () => {
    t = await createTestApp();
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    const name = new URL(t.db.url!).pathname.slice(1);
    await admin.query(`alter database ${name} allow_connections false`);
    await terminateConnections(t.db.url!);
    try {
      const health = await injectRoute(t.app, healthRoutes.health);
      expect(health.statusCode).toBe(503);
      // The sign-in takes a form: injected by hand, with its encoding.
      const signIn = await t.app.inject({
        method: 'POST',
        url: '/auth/token/v1',
        ...passwordGrant('admin', ADMIN_PASSWORD),
      });
      expect(signIn.statusCode, signIn.body).toBe(503);
      expect(signIn.json().message).toBe('The database is unavailable. Try again in a moment.');
    } finally {
      await admin.query(`alter database ${name} allow_connections true`);
      await admin.end();
    }
    await vi.waitFor(async () => expect((await injectRoute(t.app, healthRoutes.health)).statusCode).toBe(200));
  });

  it('carries live events and revocations between two server instances', async () => {
    t = await createTestApp();
    const second = await buildApp({ config: t.config, database: openPostgres(t.db.url!), logger: false });
    extra.push(second);
    await second.listen({ port: 0, host: '127.0.0.1' });
    const port = (second.server.address() as AddressInfo).port;

    const { access_token } = await t.signIn('admin');
    const socket = connect(`http://127.0.0.1:${port}`, {
      path: SOCKET_PATH,
      transports: ['polling'],
      reconnection: false,
      auth: { token: access_token },
    });
    sockets.push(socket);
    await new Promise<void>((resolve) => socket.on('connect', () => resolve()));

    // Emitted by the first instance, received through the second.
    const received = new Promise((resolve) => socket.on('REPORT_SUPPORT_TICKET_CREATED', resolve));
    await vi.waitFor(() => expect(liveHub(t.app).connectedUsers()).toBe(1));
    t.app.live.broadcast('REPORT_SUPPORT_TICKET_CREATED', { id: 7, serialNumber: 'ABCDEFGH', username: 'admin' });
    expect(await received).toEqual({ id: 7, serialNumber: 'ABCDEFGH', username: 'admin' });

    // Signed out on the first instance, dropped by the second.
    const dropped = new Promise((resolve) => socket.on('disconnect', resolve));
    await injectRoute(t.app, authRoutes.signOut, { headers: bearer(access_token) });
    expect(await dropped).toBe('io server disconnect');
  });

  it('answers the connection counters while another instance hangs, still beating but not answering', async () => {
    t = await createTestApp();
    const second = await buildApp({ config: t.config, database: openPostgres(t.db.url!), logger: false });
    extra.push(second);
    // The first instance has heard the second one's heartbeat: it waits for its answers.
    const known = () => testDouble<{ nodesMap: Map<string, number> }>(liveHub(t.app).io.of('/').adapter).nodesMap.size;
    await vi.waitFor(() => expect(known()).toBe(1), { timeout: 8_000 });
    // The second instance goes on beating but answers no request, as a hung or dying process may.
    const adapter = testDouble<{ onMessage(message: { type: number }): unknown }>(liveHub(second).io.of('/').adapter);
    const onMessage = adapter.onMessage.bind(adapter);
    adapter.onMessage = (message) => (message.type <= HEARTBEAT ? onMessage(message) : undefined);
    const { access_token } = await t.signIn('admin');
    const res = await injectRoute(t.app, dashboardRoutes.getConnectionCounters, { headers: bearer(access_token) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ connectedAligners: 0, totalAligners: 0, connectedUsers: 0 });
  });

  it('lets three instances set up an empty database at once: one admin, one of each demo account', async () => {
    for (let round = 0; round < 3; round += 1) {
      const db = await createTestDatabase();
      const config = loadConfig({ DATA_DIR: '/tmp/ed-bootstrap-test', DEMO: 'true', LOG_LEVEL: 'silent' });
      const apps = await Promise.all(
        [1, 2, 3].map(() => buildApp({ config, database: openPostgres(db.url!), logger: false })),
      );
      try {
        const created = await Promise.all(apps.map((app) => app.users.bootstrap(config)));
        const rows = await apps[0]!.db.select({ username: users.username }).from(users);
        expect(rows.map((r) => r.username).sort()).toEqual([
          'admin',
          'engineer',
          'ezadas',
          'guest',
          'support',
          'support_lvl2',
          'tech',
        ]);
        // Each account was reported created (with its generated password) by exactly one instance.
        expect(
          created
            .flat()
            .map((a) => a.username)
            .sort(),
        ).toEqual(rows.map((r) => r.username).sort());
      } finally {
        for (const app of apps) await app.close();
        await db.dispose();
      }
    }
  });
});
