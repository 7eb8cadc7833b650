import type { SQL } from 'drizzle-orm';
import { readFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { inject } from 'vitest';
import { openPostgres, type Database } from '../../src/db/client.js';
import { openPglite, PGLITE_OPTIONS } from '../../src/db/pglite-database.js';
import { withDatabase } from './global-setup.js';

export interface TestDatabase {
  database: Database;
  /** Closes the database and, on PostgreSQL, drops the clone. */
  dispose: () => Promise<void>;
  url?: string;
}

/** The migrated template's data directory, read once per test file. */
let pgliteTemplate: Promise<Blob> | undefined;

/** A fresh database cloned from the migrated template of this run. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    pgliteTemplate ??= readFile(inject('pgliteTemplate')).then((dump) => new Blob([dump]));
    const client = await PGlite.create({ ...PGLITE_OPTIONS, loadDataDir: await pgliteTemplate });
    const database = openPglite(client);
    return { database, dispose: async () => database.close().catch(() => undefined) };
  }
  const name = `ed_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`create database ${name} template ${inject('postgresTemplate')}`);
  } finally {
    await admin.end();
  }
  const cloneUrl = withDatabase(url, name);
  const database = openPostgres(cloneUrl);
  return {
    database,
    url: cloneUrl,
    dispose: async () => {
      // A start that failed half-way closed nothing: a client it holds would keep the pool's end
      // waiting for ever. The drop below ends such connections (with force) anyway.
      await Promise.race([
        database.close().catch(() => undefined),
        new Promise((resolve) => setTimeout(resolve, 2_000).unref()),
      ]);
      const cleanup = new pg.Client({ connectionString: url });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

/** Rows of a raw query; node-postgres and PGlite both answer with `rows`. */
export async function queryRows<T extends Record<string, unknown>>(db: Database['db'], query: SQL): Promise<T[]> {
  const result = await db.execute<T>(query);
  return result.rows;
}
