import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { loadConfig, type Config } from '../../src/config/env.js';
import { users } from '../../src/db/schema.js';
import { passwordGrant } from '../support/test-app.js';
import { createTestDatabase, type TestDatabase } from '../support/test-database.js';

const ROLES = ['engineer', 'support_lvl2', 'support', 'tech', 'ezadas', 'guest'];

/** The accounts a demo start makes sure of, on an empty database and at every restart. */
describe('accounts at start in demo mode', () => {
  let db: TestDatabase;
  let dataDir: string;
  let config: Config;
  let app: FastifyInstance;

  beforeAll(async () => {
    db = await createTestDatabase();
    dataDir = await mkdtemp(path.join(tmpdir(), 'ed-accounts-'));
    config = loadConfig({ DATA_DIR: dataDir, DEMO: 'true', LOG_LEVEL: 'silent', SCHEDULER_TICK_SECONDS: '0' });
    app = await buildApp({ config, database: db.database, logger: false });
  });
  afterAll(async () => {
    await app.close();
    await db.dispose();
    await rm(dataDir, { recursive: true, force: true });
  });

  const signIn = (username: string, password: string) =>
    app.inject({ method: 'POST', url: '/auth/token/v1', ...passwordGrant(username, password) });

  it('creates admin and one account per role, each shown once with a password that signs in', async () => {
    const created = await app.users.bootstrap(config);
    expect(created.map((a) => [a.username, a.role])).toEqual([
      ['admin', 'admin'],
      ...ROLES.map((role) => [role, role]),
    ]);
    for (const account of [created[0]!, created[3]!]) {
      expect((await signIn(account.username, account.generatedPassword!)).statusCode).toBe(200);
    }
  });

  it('creates nothing at a restart, and only what is missing when an account was deleted', async () => {
    expect(await app.users.bootstrap(config)).toEqual([]);
    await app.db.delete(users).where(eq(users.username, 'guest'));
    const again = await app.users.bootstrap(config);
    expect(again.map((a) => a.username)).toEqual(['guest']);
  });
});
