import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import type { FastifyBaseLogger as Logger } from 'fastify';
import pg from 'pg';
import type { Database } from '../client.js';
import * as schema from '../schema.js';
import { PgliteThread } from './pglite-thread.js';
import type { Lane } from './session-scheduler.js';

/**
 * Connections per lane. Each carries one statement at a time, and between two of them the answer
 * crosses to this thread and the next is built here: with several connections the database's
 * thread has the next units queued meanwhile instead of waiting. The fleet's lane does many small
 * statements at once (a storm of units), people's requests fewer.
 */
const CONNECTIONS = { interactive: 4, background: 12 } as const;

/**
 * The embedded database as the server uses it: PGlite in a thread of its own (opened under the
 * given directory, or the thread already started, whose connections wait until it has opened),
 * reached through node-postgres (the driver of the PostgreSQL path too), with people's requests
 * on one lane and the fleet's background work on another.
 */
export async function openEmbedded(where: string | PgliteThread, logger?: Logger): Promise<Database> {
  const thread = typeof where === 'string' ? await PgliteThread.start({ dataDir: where, useTemplate: true }) : where;
  const poolOf = (lane: Lane) => {
    const pool = new pg.Pool({
      max: CONNECTIONS[lane],
      // Connections to a thread cost nothing idle; reopening them would.
      idleTimeoutMillis: 0,
      stream: () => thread.socket(lane),
    });
    pool.on('error', (error) => logger?.warn({ err: error }, 'embedded database connection lost'));
    return pool;
  };
  const interactive = poolOf('interactive');
  const background = poolOf('background');
  const db = drizzle(interactive, { schema });
  return {
    db,
    fleetDb: drizzle(background, { schema }),
    kind: 'pglite',
    driver: { name: 'node-postgres', db },
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    vacuum: async () => {
      // Table by table: the session runs one statement at a time, and a VACUUM of the whole
      // database would hold it for most of a second while requests wait behind it. A plain query
      // string goes as a simple query, outside any transaction block, as VACUUM needs.
      const { rows } = await interactive.query<{ name: string }>(
        `select format('%I.%I', schemaname, tablename) as name from pg_tables
          where schemaname not in ('pg_catalog', 'information_schema') order by 1`,
      );
      for (const { name } of rows) await interactive.query(`VACUUM (ANALYZE) ${name}`);
    },
    close: async () => {
      await Promise.all([interactive.end(), background.end()]);
      await thread.close();
    },
  };
}
