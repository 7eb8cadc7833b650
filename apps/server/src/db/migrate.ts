import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { Database } from './client.js';
import { queryRows } from './rows.js';

/** The committed migrations, beside src/ and dist/ alike. */
export const MIGRATIONS_FOLDER = fileURLToPath(new URL('../../drizzle', import.meta.url));

/** Arbitrary constant: the advisory lock that keeps two instances from migrating at once. */
const MIGRATION_LOCK = 727_001;
/** How long the migrations' connection may take to open. */
const CONNECT_TIMEOUT_MS = 10_000;

const newestByFolder = new Map<string, Promise<number>>();

/**
 * The date drizzle gives the newest migration of the folder (its `when` in the journal), read
 * once per folder: the folder is part of the build, and /readyz asks on every probe.
 */
function newestMigration(folder: string): Promise<number> {
  let newest = newestByFolder.get(folder);
  if (!newest) {
    newest = readFile(path.join(folder, 'meta', '_journal.json'), 'utf8').then((text) => {
      const journal = JSON.parse(text) as { entries: { when: number }[] };
      return Math.max(...journal.entries.map((entry) => entry.when));
    });
    // A failed read is tried again next time.
    newest.catch(() => newestByFolder.delete(folder));
    newestByFolder.set(folder, newest);
  }
  return newest;
}

/**
 * True when the database has recorded the folder's newest migration. Drizzle's migrator runs each
 * migration dated after the newest it recorded, so it would run nothing: one query instead of its
 * five (and on PostgreSQL, of a connection and a lock of its own). A recorded migration committed
 * with its changes, so whatever another instance is migrating meanwhile is either seen whole or
 * waited for under the lock.
 */
export async function migrationsUpToDate(database: Database, folder = MIGRATIONS_FOLDER): Promise<boolean> {
  const [recorded, newest] = await Promise.all([
    queryRows<{ created_at: string }>(
      database.db,
      sql`select created_at::text from drizzle.__drizzle_migrations order by created_at desc limit 1`,
    ).catch(() => []),
    newestMigration(folder),
  ]);
  const [last] = recorded;
  return last !== undefined && Number(last.created_at) >= newest;
}

export async function runMigrations(database: Database): Promise<void> {
  if (await migrationsUpToDate(database)) return;
  const config = { migrationsFolder: MIGRATIONS_FOLDER };
  const { driver } = database;
  if (driver.name === 'pglite') {
    await migratePglite(driver.db, config);
    return;
  }
  // The embedded database in its thread: one instance, nothing to lock against.
  if (database.kind === 'pglite') {
    await migrateNodePg(driver.db, config);
    return;
  }
  // A connection of its own, without the pool's query timeout: building an index on a large
  // table may take longer than any query the server serves.
  // Its connect is bounded, though: a PostgreSQL that accepts and never answers (hung, or a
  // proxy in front of a dead one) held the start for ever.
  const client = new pg.Client({
    connectionString: database.connectionString,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
  });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await migrateNodePg(drizzlePg(client), config);
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
    await client.end();
  }
}
