import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { setTimeout as delay } from 'node:timers/promises';
import { randomBytes } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config/env.js';
import { openPostgres, type Database } from '../../src/db/client.js';
import { openPglite, PGLITE_OPTIONS } from '../../src/db/pglite-database.js';
import { withDatabase } from '../support/global-setup.js';

/** A database with nothing in it, not even the migrations, as on a first deploy. */
async function emptyDatabase(): Promise<{ database: Database; drop(): Promise<void> }> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const database = openPglite(await PGlite.create(PGLITE_OPTIONS));
    return { database, drop: async () => undefined };
  }
  const name = `ed_order_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  return {
    database: openPostgres(withDatabase(url, name)),
    drop: async () => {
      const cleanup = new pg.Client({ connectionString: url });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

describe('start-up order', () => {
  it('starts no job before the schema exists: a first start on an empty database logs no error', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'ed-order-'));
    const empty = await emptyDatabase();
    const errors: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) {
          const entry = JSON.parse(line) as { level: number; msg: string; err?: { message?: string } };
          if (entry.level >= 50) errors.push(`${entry.msg}: ${entry.err?.message ?? ''}`);
        }
        done();
      },
    });
    // Every job as often as it may run, so one that starts before the migrations meets them.
    const config = loadConfig({
      // Admin signs in with a password alone here; the second factor has its own tests.
      MFA_REQUIRED_ROLES: 'none',
      DATA_DIR: dataDir,
      ADMIN_PASSWORD: 'Start-order-admin-password-1',
      JOB_INTERVAL_MS: '20',
      PRESENCE_SWEEP_SECONDS: '1',
      ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
      LOG_LEVEL: 'warn',
    });
    const app = await buildApp({ config, database: empty.database, logger: { level: 'warn', stream } });
    try {
      await app.ready();
      // Thirty rounds of every job on the migrated schema.
      await delay(30 * 20);
      expect(errors).toEqual([]);
    } finally {
      await app.close();
      await empty.drop();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
