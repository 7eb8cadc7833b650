import { mkdirSync } from 'node:fs';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import type { FastifyBaseLogger as Logger } from 'fastify';
import { releaseOnEnd } from './released-on-end.js';
import * as schema from './schema.js';

/** Longest a query may go unanswered on PostgreSQL before it fails. */
export const QUERY_TIMEOUT_MS = 30_000;

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** The node-postgres pool, when on a real PostgreSQL (the socket.io adapter shares it). */
  pool?: pg.Pool;
  /** The PostgreSQL URL, for work that needs a connection outside the pool (migrations). */
  connectionString?: string;
  /** Throws when the database does not answer. */
  ping(): Promise<void>;
  /**
   * Housekeeping the server must do itself: PGlite runs no autovacuum, and without a fresh
   * visibility map the list's index-only scans fall back to reading the table.
   */
  vacuum?(): Promise<void>;
  close(): Promise<void>;
}

export function openPglite(client: PGlite): Database {
  return {
    db: drizzlePglite(client, { schema }) as unknown as Db,
    kind: 'pglite',
    ping: async () => {
      await client.query('select 1');
    },
    vacuum: async () => {
      // VACUUM cannot run inside a transaction block, so it bypasses Drizzle.
      await client.exec('VACUUM (ANALYZE)');
    },
    close: () => client.close(),
  };
}

export function openPostgres(connectionString: string, logger?: Logger, poolSize = 10): Database {
  // A query that never answers (a connection lost without a close) must not hold a pool slot
  // forever: it fails after QUERY_TIMEOUT_MS and its client is dropped. Migrations, which may run
  // longer, use a connection of their own (migrate.ts).
  const pool = new pg.Pool({
    connectionString,
    max: poolSize,
    connectionTimeoutMillis: 5_000,
    query_timeout: QUERY_TIMEOUT_MS,
    keepAlive: true,
  });
  // An idle client losing its server (a database restart) must not crash the process:
  // the pool drops it and the next query opens a fresh connection.
  pool.on('error', (error) => logger?.warn({ err: error }, 'database connection lost'));
  // A checked-out client (the socket.io adapter's LISTEN connection) reports a lost server on
  // itself rather than on the pool; without a listener that event would end the process.
  pool.on('connect', (client) => {
    client.on('error', (error) => logger?.warn({ err: error }, 'database connection lost'));
  });
  releaseOnEnd(pool);
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    pool,
    connectionString,
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: () => pool.end(),
  };
}

/** The extensions the migrations use, for every PGlite the server or its tests create. */
export const PGLITE_OPTIONS = { extensions: { pg_trgm } } satisfies PGliteOptions;

/** PGlite persisted under `dataDir` unless a PostgreSQL URL is given. */
export async function openDatabase(
  options: { databaseUrl?: string; pgliteDir: string; poolSize?: number },
  logger?: Logger,
): Promise<Database> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, logger, options.poolSize);
  mkdirSync(options.pgliteDir, { recursive: true });
  // A first start copies the build's migrated template rather than running initdb.
  const { hasTemplate, installTemplate, isEmptyDataDir } = await import('./pglite-template.js');
  if (isEmptyDataDir(options.pgliteDir) && hasTemplate()) await installTemplate(options.pgliteDir);
  const client = await PGlite.create(options.pgliteDir, PGLITE_OPTIONS);
  return openPglite(client);
}
