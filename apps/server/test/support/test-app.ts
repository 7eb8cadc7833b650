import type { SpanExporter } from '@opentelemetry/sdk-trace-base';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import { like } from 'drizzle-orm';
import type { TokenResponse } from '@ed/contract/auth';
import type { Role } from '@ed/contract/roles';
import { buildApp } from '../../src/app.js';
import { loadConfig, type Config } from '../../src/config/env.js';
import { storedFiles } from '../../src/db/schema.js';
import type { KeySpace } from '../../src/shared/file-store/file-keys.js';
import { createTestDatabase, type TestDatabase } from './test-database.js';

export const ADMIN_PASSWORD = 'admin-password-for-tests';
export const USER_PASSWORD = 'user-password-for-tests';

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  db: TestDatabase;
  signIn(username: string, password?: string): Promise<TokenResponse>;
  createUser(username: string, role: Role, password?: string): Promise<void>;
  /** The mails in the outbox, oldest first, whichever back end holds them. */
  outbox(): Promise<string[]>;
  /** Another server instance on the same database, as behind a load balancer; closed by `close`. */
  anotherInstance(spanExporter?: SpanExporter): Promise<FastifyInstance>;
  /** Keys registered under `space`, and the files this instance's disk holds there. */
  storedFiles(space: KeySpace): Promise<{ registered: string[]; onDisk: string[] }>;
  close(): Promise<void>;
}

/** A server on a fresh database clone and a temporary DATA_DIR, with `admin` created. */
export async function createTestApp(
  env: Record<string, string> = {},
  logger: FastifyServerOptions['logger'] = false,
  /** Spans go here (the SDK's in-memory exporter): tracing on. */
  spanExporter?: SpanExporter,
): Promise<TestApp> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'ed-test-'));
  // The update scheduler's timer stays off: a test runs its rounds with the clock it sets.
  const config = loadConfig({
    DATA_DIR: dataDir,
    ADMIN_PASSWORD,
    LOG_LEVEL: 'silent',
    SCHEDULER_TICK_SECONDS: '0',
    ROLLOUT_TICK_SECONDS: '0',
    // On the real PostgreSQL, files go where several instances would keep them.
    FILE_STORE: process.env.DATABASE_URL ? 'database' : 'disk',
    // Tests call as fast as they can as one user; the API rate limit has its own test.
    API_RATE_LIMIT_PER_USER: '0',
    API_RATE_LIMIT_PER_ADDRESS: '0',
    // Fleets of test units register from one address; the limits on new units have their own test.
    FLEET_NEW_UNITS_PER_ADDRESS_PER_HOUR: '0',
    FLEET_NEW_UNITS_PER_HOUR: '0',
    // Tests sign in as admin with a password alone; the second factor has its own tests.
    MFA_REQUIRED_ROLES: 'none',
    // Tests publish packages of their own without release keys; signing has its own tests.
    ALLOW_UNSIGNED_UPDATES: 'true',
    ...env,
  });
  const db = await createTestDatabase();
  const app = await buildApp({ config, database: db.database, logger, spanExporter }).catch(async (err: unknown) => {
    // A start the server refuses (a test of that refusal) leaves no database or folder behind.
    await db.dispose();
    await rm(dataDir, { recursive: true, force: true });
    throw err;
  });
  await app.users.bootstrap(config);

  const signIn = async (username: string, password = username === 'admin' ? ADMIN_PASSWORD : USER_PASSWORD) => {
    const res = await app.inject({
      method: 'POST',
      url: '/auth/token/v1',
      payload: new URLSearchParams({ grant_type: 'password', username, password, client_id: 'tests' }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    if (res.statusCode !== 200) throw new Error(`sign-in of ${username} failed: ${res.statusCode} ${res.body}`);
    return res.json<TokenResponse>();
  };

  const others: FastifyInstance[] = [];
  return {
    app,
    config,
    db,
    signIn,
    anotherInstance: async (otherExporter) => {
      // The first instance owns the database; the others must not close it when they stop.
      const other = await buildApp({
        config,
        database: { ...db.database, close: async () => undefined },
        logger: false,
        spanExporter: otherExporter,
      });
      others.push(other);
      return other;
    },
    createUser: async (username, role, password = USER_PASSWORD) => {
      await app.users.create({ username, role, email: `${username}@example.com`, password });
    },
    outbox: async () => (await app.outbox.read()).map((m) => m.text),
    storedFiles: async (space) => {
      const rows = await app.db
        .select({ key: storedFiles.key })
        .from(storedFiles)
        .where(like(storedFiles.key, `${space}/%`));
      const onDisk = await readdir(path.join(config.paths.data, space), { recursive: true }).catch(() => []);
      return { registered: rows.map((r) => r.key).sort(), onDisk: onDisk.sort() };
    },
    close: async () => {
      for (const other of others.splice(0)) await other.close();
      await app.close();
      await db.dispose();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Form body of the password grant. */
export const passwordGrant = (username: string, password: string) => ({
  payload: new URLSearchParams({ grant_type: 'password', username, password }).toString(),
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
});

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** The reset link of the newest mail in the outbox; quoted-printable soft breaks are undone first. */
export function resetLinkIn(mail: string): string {
  const unfolded = mail.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
  const match = /https?:\/\/\S+\/reset_password\?token=[A-Za-z0-9_%-]+/.exec(unfolded);
  if (!match) throw new Error('no reset link in the mail');
  return match[0];
}
