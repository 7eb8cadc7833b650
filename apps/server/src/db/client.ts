import { sql, type ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzlePg, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { FastifyBaseLogger as Logger } from 'fastify';
import type { PgliteThread } from './embedded/pglite-thread.js';
import { releaseOnEnd } from './released-on-end.js';
import * as schema from './schema.js';

/** Longest a query may go unanswered on PostgreSQL before it fails. */
const QUERY_TIMEOUT_MS = 30_000;

/** What a raw statement (`db.execute`) answers. */
interface Rows<Row> {
  rows: Row[];
}

/**
 * How `Db` types a raw statement's answer: by what both of our drivers give, node-postgres's
 * `QueryResult` and PGlite's `Results`, which is its rows. Each driver's own result type (its HKT)
 * is checked against it where its instance becomes a `Db`, so a driver answering otherwise would
 * not compile.
 */
interface RowsResultHKT extends PgQueryResultHKT {
  type: Rows<this['row']>;
}

/**
 * The database, whichever driver reaches it (node-postgres or PGlite). A transaction is one too
 * (`Tx` extends it), so what takes a `Db` runs inside `db.transaction((tx) => ...)` as it is.
 */
export type Db = PgDatabase<RowsResultHKT, typeof schema>;

/** What `Db['transaction']` hands its callback; also a `Db`, for code that needs a transaction. */
export type Tx = PgTransaction<RowsResultHKT, typeof schema, ExtractTablesWithRelations<typeof schema>>;

/**
 * How `db` reaches the database, with `db` as that driver types it (drizzle's migrators take that
 * type, not `Db`): PGlite in this thread (tests, tools: pglite-database.ts), or node-postgres.
 */
type DatabaseDriver =
  { name: 'pglite'; db: PgliteDatabase<typeof schema> } | { name: 'node-postgres'; db: NodePgDatabase<typeof schema> };

export interface Database {
  /** People's requests. */
  db: Db;
  /**
   * The fleet's background work (unit messages, jobs): a pool of its own, so a storm of units
   * connecting waits behind people's requests rather than in front of them.
   */
  fleetDb: Db;
  kind: 'pglite' | 'postgres';
  /** How `db` reaches the database (see `DatabaseDriver`). */
  driver: DatabaseDriver;
  /** The node-postgres pool, when on a real PostgreSQL (the socket.io adapter shares it). */
  pool?: pg.Pool;
  /** The fleet's pool (`fleetDb`), when on a real PostgreSQL: its waits are watched (plugins/metrics.ts). */
  fleetPool?: pg.Pool;
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

export function openPostgres(connectionString: string, logger?: Logger, poolSize = 10, fleetPoolSize = 4): Database {
  const pool = postgresPool(connectionString, poolSize, logger);
  // What units send commits without waiting for its WAL flush: the units say it again (they
  // reconnect and report after any outage), and a crash loses at most the last few hundred
  // milliseconds of it, whole transactions only (docs/decisions.md, "Performance at fleet scale").
  // The fleet's work waits its turn rather than fail: a reconnect storm queues thousands of unit
  // reports behind the pool, each unit one at a time (its keyed queue), and a report dropped
  // after 5 s of waiting was a unit shown offline until its next heartbeat.
  const fleetPool = postgresPool(connectionString, fleetPoolSize, logger, {
    options: '-c synchronous_commit=off',
    acquireTimeoutMs: QUERY_TIMEOUT_MS,
  });
  const db = drizzlePg(pool, { schema });
  return {
    db,
    fleetDb: drizzlePg(fleetPool, { schema }),
    kind: 'postgres',
    driver: { name: 'node-postgres', db },
    pool,
    fleetPool,
    connectionString,
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: async () => {
      await Promise.all([pool.end(), fleetPool.end()]);
    },
  };
}

function postgresPool(
  connectionString: string,
  max: number,
  logger?: Logger,
  { options, acquireTimeoutMs = 5_000 }: { options?: string; acquireTimeoutMs?: number } = {},
): pg.Pool {
  // A query that never answers (a connection lost without a close) must not hold a pool slot
  // forever: it fails after QUERY_TIMEOUT_MS and its client is dropped. Migrations, which may run
  // longer, use a connection of their own (migrate.ts).
  const pool = new pg.Pool({
    connectionString,
    max,
    options,
    connectionTimeoutMillis: acquireTimeoutMs,
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
  return pool;
}

/** PGlite persisted under `dataDir`, in a thread of its own, unless a PostgreSQL URL is given. */
export async function openDatabase(
  options: {
    databaseUrl?: string;
    pgliteDir: string;
    poolSize?: number;
    fleetPoolSize?: number;
    /** The embedded database's thread, when the caller started it early (main.ts). */
    thread?: PgliteThread;
  },
  logger?: Logger,
): Promise<Database> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, logger, options.poolSize, options.fleetPoolSize);
  const { openEmbedded } = await import('./embedded/embedded-database.js');
  return openEmbedded(options.thread ?? options.pgliteDir, logger);
}
