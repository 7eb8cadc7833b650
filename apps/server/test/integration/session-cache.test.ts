import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../src/app.js';
import { openPostgres } from '../../src/db/client.js';
import { bearer, createTestApp, USER_PASSWORD, type TestApp } from '../support/test-app.js';
import { onRealPostgres } from '../support/test-database.js';

/** Cached sessions live a minute here: only a revocation notice can end them within the test. */
const LONG_CACHE = { SESSION_CACHE_TTL_MS: '60000' };

describe('session cache', () => {
  let t: TestApp;
  const extra: FastifyInstance[] = [];
  afterEach(async () => {
    for (const app of extra.splice(0)) await app.close();
    await t.close();
  });

  const usersList = (app: FastifyInstance, token: string) =>
    app.inject({ url: '/read/users/v1', headers: bearer(token) });
  const update = (app: FastifyInstance, admin: string, body: Record<string, unknown>) =>
    app.inject({ method: 'POST', url: '/update/user/v1', headers: bearer(admin), payload: body });

  /** Calls until the instance has the session cached (it caches only once it listens for revocations). */
  // Up to 10 s: after a lost listening connection, the cache resumes only once it listens again,
  // and reconnecting takes longer than vi.waitFor's default second on a busy machine.
  const cached = async (app: FastifyInstance, token: string) =>
    vi.waitFor(
      async () => {
        expect((await usersList(app, token)).statusCode).toBe(200);
        expect(app.sessionCache.size).toBeGreaterThan(0);
      },
      { timeout: 10_000, interval: 50 },
    );

  it('applies a role change, a deactivation and a deletion on the next call', async () => {
    t = await createTestApp(LONG_CACHE);
    const admin = (await t.signIn('admin')).access_token;
    for (const name of ['kim', 'lee']) await t.createUser(name, 'admin');
    const kim = (await t.signIn('kim')).access_token;
    const lee = (await t.signIn('lee')).access_token;
    await cached(t.app, kim);
    await cached(t.app, lee);

    expect((await update(t.app, admin, { username: 'kim', role: 'support' })).statusCode).toBe(200);
    const demoted = await usersList(t.app, kim);
    expect(demoted.statusCode).toBe(403);
    expect(demoted.json().message).toMatch(/Your role \(support\)/);

    expect((await update(t.app, admin, { username: 'lee', active: false })).statusCode).toBe(200);
    expect((await usersList(t.app, lee)).statusCode).toBe(401);

    const kimAgain = (await t.signIn('kim')).access_token;
    await update(t.app, admin, { username: 'kim', role: 'admin' });
    await cached(t.app, kimAgain);
    const deleted = await t.app.inject({
      method: 'POST',
      url: '/delete/user/v1',
      headers: bearer(admin),
      payload: { username: 'kim' },
    });
    expect(deleted.statusCode).toBe(200);
    expect((await usersList(t.app, kimAgain)).statusCode).toBe(401);
  });

  describe.skipIf(!onRealPostgres())('across instances (skipped without DATABASE_URL)', () => {
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

      await t.app.inject({ method: 'POST', url: '/auth/logout/v1', headers: bearer(admin) });
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

      const changed = await t.app.inject({
        method: 'POST',
        url: '/update/user_password/v1',
        headers: bearer(kept),
        payload: { username: 'kim', prevPassword: USER_PASSWORD, newPassword: 'a-new-password-for-kim' },
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
      await t.app.inject({ method: 'POST', url: '/auth/logout/v1', headers: bearer(admin) });
      expect((await usersList(b, admin)).statusCode).toBe(401);

      const fresh = (await t.signIn('admin')).access_token;
      await cached(b, fresh);
    });
  });
});
