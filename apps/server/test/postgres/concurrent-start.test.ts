import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { encodeSerialNumber } from '@ed/contract/serial-number';
import { seedTicketsDemo } from '../../src/areas/tickets/tickets.demo.js';
import { loadConfig } from '../../src/config/env.js';
import { openPostgres } from '../../src/db/client.js';
import { equipment } from '../../src/db/schema.js';
import { startServer, type RunningServer } from '../../src/server.js';
import { withDatabase } from '../support/global-setup.js';
import { passwordGrant } from '../support/test-app.js';
import { queryRows } from '../support/test-database.js';

const INSTANCES = 3;
const ROUNDS = 3;
const ACCOUNTS = ['admin', 'engineer', 'ezadas', 'guest', 'support', 'support_lvl2', 'tech'];

/** A database with nothing in it, not even the migrations, as on a first deploy. */
async function emptyDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `ed_start_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  return {
    url: withDatabase(process.env.DATABASE_URL!, name),
    drop: async () => {
      const cleanup = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

/** N instances as a deploy starts them: the same configuration, the same moment. */
async function startAtOnce(url: string, dataDir: string): Promise<RunningServer[]> {
  const config = loadConfig({
    // Admin signs in with a password alone here; the second factor has its own tests.
    MFA_REQUIRED_ROLES: 'none',
    DATA_DIR: dataDir,
    DATABASE_URL: url,
    PORT: '0',
    HOST: '127.0.0.1',
    DEMO: 'true',
    SIMULATOR_UNITS: '0',
    SCHEDULER_TICK_SECONDS: '0',
    JOB_INTERVAL_MS: '0',
    LOG_LEVEL: 'silent',
  });
  const starts = Array.from({ length: INSTANCES }, () => startServer(config, openPostgres(url), { logger: false }));
  const settled = await Promise.allSettled(starts);
  const failed = settled.find((s) => s.status === 'rejected');
  const started = settled.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
  if (failed) {
    await Promise.all(started.map((s) => s.stop()));
    throw failed.reason;
  }
  return started;
}

const count = async (server: RunningServer, query: ReturnType<typeof sql>) =>
  (await queryRows<{ n: number }>(server.app.db, query))[0]!.n;

describe('instances starting at once on an empty PostgreSQL database (skipped without DATABASE_URL: PGlite belongs to one process)', () => {
  it('all start, and each account and demo item exists once, round after round', async () => {
    for (let round = 1; round <= ROUNDS; round += 1) {
      const db = await emptyDatabase();
      const dataDir = await mkdtemp(path.join(tmpdir(), 'ed-start-'));
      let servers: RunningServer[] = [];
      try {
        servers = await startAtOnce(db.url, dataDir);
        const [first] = servers;

        // Each account was created by exactly one instance, and only it showed the password.
        const created = servers.flatMap((s) => s.created);
        expect(created.map((a) => a.username).sort(), `round ${round}`).toEqual(ACCOUNTS);
        expect(created.every((a) => a.generatedPassword)).toBe(true);
        const users = await queryRows<{ username: string }>(
          first!.app.db,
          sql`select username from users order by username`,
        );
        expect(users.map((u) => u.username)).toEqual(ACCOUNTS);
        const adminPassword = created.find((a) => a.username === 'admin')!.generatedPassword!;
        for (const { app } of servers) {
          const signIn = await app.inject({
            method: 'POST',
            url: '/auth/token/v1',
            ...passwordGrant('admin', adminPassword),
          });
          expect(signIn.statusCode, signIn.body).toBe(200);
        }

        expect(await count(first!, sql`select count(*)::int as n from vendors`)).toBe(1);
        const fixtures = await queryRows<{ serial_number: string; subscription_package: number }>(
          first!.app.db,
          sql`select serial_number, subscription_package from ez_fixtures order by serial_number`,
        );
        expect(fixtures).toEqual([
          { serial_number: 'EZ-DEMO-001', subscription_package: 0 },
          { serial_number: 'EZ-DEMO-002', subscription_package: 1 },
          { serial_number: 'EZ-DEMO-003', subscription_package: 4 },
        ]);
        expect(await count(first!, sql`select count(*)::int as n from ez_targets`)).toBe(3);
        const releases = await queryRows<{ family: string; semantic: string }>(
          first!.app.db,
          sql`select family, semantic from software_updates order by family`,
        );
        expect(releases).toEqual([
          { family: 'aligner', semantic: '5.2.0' },
          { family: 'aligner-oasis', semantic: '1.3.0' },
          { family: 'gtps', semantic: '1.4.0' },
        ]);

        // The demo tickets, seeded by every instance at the same moment, are opened once.
        const serials = [1, 2, 3, 4, 5].map((n) =>
          encodeSerialNumber({ modelCode: 'V33', buildMonth: 3, buildYear: 2024, sequence: `00${n}` }),
        );
        await first!.app.db
          .insert(equipment)
          .values(serials.map((serialNumber) => ({ serialNumber, family: 'aligner' as const })));
        const opened = await Promise.all(
          servers.map(({ app }) => seedTicketsDemo(app.tickets, app.usersRepository, app.database, serials)),
        );
        expect(opened.reduce((a, b) => a + b, 0)).toBe(5);
        expect(await count(first!, sql`select count(*)::int as n from support_tickets`)).toBe(5);
      } finally {
        await Promise.all(servers.map((s) => s.stop()));
        await rm(dataDir, { recursive: true, force: true });
        await db.drop();
      }
    }
  }, 180_000);
});
