import pg from 'pg';
import type { Database } from './client.js';

/**
 * Runs `work` while this instance holds a session-level advisory lock, taken on a connection of
 * its own so `work` may use the pool (and services that open their own transactions) freely. For
 * a check-then-act that spans several statements, such as seeding demo data only where there is
 * none: instances starting at once take turns, and the later ones find the work done. The lock
 * frees when the connection closes, also when this process dies. PGlite belongs to one process,
 * so there `work` simply runs.
 */
export async function withAdvisoryLock<T>(database: Database, key: number, work: () => Promise<T>): Promise<T> {
  if (database.kind === 'pglite' || !database.connectionString) return work();
  const client = new pg.Client({ connectionString: database.connectionString, keepAlive: true });
  client.on('error', () => undefined);
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [key]);
    return await work();
  } finally {
    await client.end().catch(() => undefined);
  }
}
