import pg from 'pg';
import { MOSQUITTO, startMosquitto, type TestBroker } from '../../apps/server/test/support/mosquitto.js';
import { POSTGRES_BIN, startPostgres, type TestPostgres } from '../../apps/server/test/support/postgres-server.js';

const DATABASE = 'ed_chaos';

/** Why the tier cannot run on this machine, or null when PostgreSQL's programs and Mosquitto are here. */
export function missingServices(): string | null {
  const missing = [];
  if (!POSTGRES_BIN) missing.push("PostgreSQL's programs (set POSTGRES_BIN)");
  if (!MOSQUITTO) missing.push('mosquitto');
  return missing.length > 0 ? `${missing.join(' and ')} not installed` : null;
}

export interface Services {
  postgres: TestPostgres;
  broker: TestBroker;
  databaseUrl: string;
  /** The test's own connections, for what it checks behind the API; they reconnect after a stop. */
  pool: pg.Pool;
  stop(): Promise<void>;
}

/**
 * A PostgreSQL and a Mosquitto of the tier's own, which it stops and restarts. The broker keeps its
 * retained statuses across a restart, as docs/scale-out.md asks of production, and takes the
 * settings the fault tier's broker restart uses (anonymous: no unit accounts here).
 */
export async function startServices(): Promise<Services> {
  const postgres = await startPostgres();
  const databaseUrl = await postgres.createDatabase(DATABASE);
  const broker = await startMosquitto(['allow_anonymous true', 'max_queued_messages 10000', 'set_tcp_nodelay true'], {
    persistent: true,
  });
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  // A stop of PostgreSQL ends the pool's idle connections; the pool makes new ones when asked.
  pool.on('error', () => undefined);
  return {
    postgres,
    broker,
    databaseUrl,
    pool,
    stop: async () => {
      await pool.end().catch(() => undefined);
      await broker.stop();
      await postgres.dispose();
    },
  };
}

/** One statement on the tier's database. */
export async function rows<T>(pool: pg.Pool, text: string, values: unknown[] = []): Promise<T[]> {
  return (await pool.query(text, values)).rows as T[];
}
