import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authRoutes } from '@ed/contract/routes/auth';
import { buildApp } from '../../src/app.js';
import { openPostgres } from '../../src/db/client.js';
import { injectRoute } from '../support/inject-route.js';
import { cached, LONG_CACHE, update, usersList } from '../support/session-cache-calls.js';
import { bearer, createTestApp, USER_PASSWORD, type TestApp } from '../support/test-app.js';

/** Revocations reach the other instances' caches through PostgreSQL's notifications. */
describe('session cache across instances', () => {
  let t: TestApp;
  const extra: FastifyInstance[] = [];
  afterEach(async () => {
    for (const app of extra.splice(0)) await app.close();
    await t.close();
  });

  const second = async () => {
    const b = await buildApp({ config: t.config, database: openPostgres(t.db.url!), logger: false });
    extra.push(b);
    return b;
  };
  // The notice travels through PostgreSQL; well under the cache's minute.
  const soon = { timeout: 2_000, interval: 20 };

  it('refuses on B a token signed out through A, and applies a role change made through A', async () => {
    t = await createTestApp(LONG_CACHE);
    const b = await second();
    await t.createUser('kim', 'admin');
    const admin = (await t.signIn('admin')).access_token;
    const kim = (await t.signIn('kim')).access_token;
    await cached(b, admin);
    await cached(b, kim);

    await injectRoute(t.app, authRoutes.signOut, { headers: bearer(admin) });
    await vi.waitFor(async () => expect((await usersList(b, admin)).statusCode).toBe(401), soon);

    const fresh = (await t.signIn('admin')).access_token;
    expect((await update(t.app, fresh, { username: 'kim', role: 'support' })).statusCode).toBe(200);
    await vi.waitFor(async () => expect((await usersList(b, kim)).statusCode).toBe(403), soon);
  });

  it('refuses on B the other sessions of a user who changed their password through A', async () => {
    t = await createTestApp(LONG_CACHE);
    const b = await second();
    await t.createUser('kim', 'admin');
    const kept = (await t.signIn('kim')).access_token;
    const other = (await t.signIn('kim')).access_token;
    await cached(b, kept);
    await cached(b, other);

    const changed = await injectRoute(t.app, authRoutes.changePassword, {
      headers: bearer(kept),
      body: { username: 'kim', prevPassword: USER_PASSWORD, newPassword: 'a-new-password-for-kim' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    await vi.waitFor(async () => expect((await usersList(b, other)).statusCode).toBe(401), soon);
    expect((await usersList(b, kept)).statusCode).toBe(200);
  });

  it('caches nothing while it cannot hear the others, and again once it listens', async () => {
    t = await createTestApp(LONG_CACHE);
    const b = await second();
    const admin = (await t.signIn('admin')).access_token;
    await cached(b, admin);

    // B's listening connection dies, as in a network cut or a database restart.
    await t.app.db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity
            where datname = current_database() and query = 'LISTEN ed_sessions_revoked' and pid <> pg_backend_pid()`,
    );
    await vi.waitFor(() => expect(b.sessionCache.size).toBe(0));
    await injectRoute(t.app, authRoutes.signOut, { headers: bearer(admin) });
    expect((await usersList(b, admin)).statusCode).toBe(401);

    const fresh = (await t.signIn('admin')).access_token;
    await cached(b, fresh);
  });
});
