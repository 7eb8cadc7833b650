import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { healthRoutes } from '@ed/contract/routes/health';
import { injectRoute } from '../support/inject-route.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

/**
 * The probes an orchestrator polls: /livez while the process answers; /readyz only while the
 * database and the broker answer and the database has this build's migrations, naming what failed.
 */
describe('liveness and readiness', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const ready = () => injectRoute(t.app, healthRoutes.ready);

  it('is live and ready, without a token, with each check said', async () => {
    const live = await injectRoute(t.app, healthRoutes.live);
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ status: 'ok' });
    const res = await ready();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ready', checks: { database: 'ok', broker: 'ok', migrations: 'ok' } });
  });

  it('is not ready while the broker connection is down, and ready again once it is back', async () => {
    const { listening } = t.app.fleet.gateway;
    listening.disconnectedFromBroker();
    try {
      const res = await ready();
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ message: 'Not ready: broker: the broker connection is down.' });
      // Liveness is the process's: a broker away is no reason to restart it.
      expect((await injectRoute(t.app, healthRoutes.live)).statusCode).toBe(200);
    } finally {
      listening.connectedToBroker();
    }
    expect((await ready()).statusCode).toBe(200);
  });

  it('is not ready on a database that lacks this build’s newest migration', async () => {
    const { db } = t.app.database;
    const [newest] = (
      await db.execute<{ id: number; hash: string; created_at: string }>(
        sql`select id, hash, created_at::text from drizzle.__drizzle_migrations order by created_at desc limit 1`,
      )
    ).rows;
    expect(newest).toBeDefined();
    await db.execute(sql`delete from drizzle.__drizzle_migrations where id = ${newest!.id}`);
    try {
      const res = await ready();
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({
        message: 'Not ready: migrations: the database lacks migrations of this build.',
      });
    } finally {
      await db.execute(
        sql`insert into drizzle.__drizzle_migrations (id, hash, created_at)
            values (${newest!.id}, ${newest!.hash}, ${newest!.created_at}::bigint)`,
      );
    }
    expect((await ready()).statusCode).toBe(200);
  });
});
