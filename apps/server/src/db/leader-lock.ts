import pg from 'pg';
import type { Database } from './client.js';

interface Leadership {
  /** Gives the lock up (its connection is closed). */
  release(): Promise<void>;
}

/**
 * A session-level advisory lock held on a connection of its own for as long as this process
 * keeps it: one instance of many does a job (the demo's simulated fleet). When that instance
 * dies its connection closes, the lock frees, and another instance takes over on its next try.
 * `onLost` hears of a connection that ended while the lock was held (a database restart).
 * PGlite belongs to one process, so there it is always granted.
 */
async function tryLeadership(database: Database, key: number, onLost: () => void): Promise<Leadership | null> {
  if (database.kind === 'pglite') return { release: async () => undefined };
  const client = new pg.Client({ connectionString: database.connectionString, keepAlive: true });
  let releasing = false;
  client.on('error', () => undefined);
  await client.connect();
  try {
    const { rows } = await client.query<{ ok: boolean }>('select pg_try_advisory_lock($1) as ok', [key]);
    if (rows[0]?.ok) {
      client.on('end', () => {
        if (!releasing) onLost();
      });
      return {
        release: async () => {
          releasing = true;
          await client.end();
        },
      };
    }
  } catch (err) {
    await client.end().catch(() => undefined);
    throw err;
  }
  await client.end();
  return null;
}

/**
 * Runs `lead` while this instance holds the lock: tries now and every `retryMs`, and stops the
 * job when the lock's connection is lost (then tries again). Returns a function that stops it all.
 * `onFirstTry` hears whether the first try made this instance the leader.
 */
export function whenLeader(
  database: Database,
  key: number,
  retryMs: number,
  lead: () => Promise<() => Promise<void>>,
  onError: (err: unknown) => void,
  onFirstTry?: (leading: boolean) => void,
): () => Promise<void> {
  let stopped = false;
  let tried = false;
  let timer: NodeJS.Timeout | undefined;
  let held: { leadership: Leadership; stop: () => Promise<void> } | undefined;
  const retry = () => {
    if (!stopped) timer = setTimeout(() => void attempt(), retryMs).unref();
  };
  const lost = () => {
    const job = held;
    held = undefined;
    void job?.stop().catch(onError);
    retry();
  };
  const attempt = async () => {
    if (stopped) return;
    try {
      const leadership = await tryLeadership(database, key, lost);
      if (leadership && stopped) await leadership.release();
      else if (leadership) held = { leadership, stop: await lead() };
    } catch (err) {
      onError(err);
    }
    if (!tried) {
      tried = true;
      onFirstTry?.(held !== undefined);
    }
    if (!held) retry();
  };
  void attempt();
  return async () => {
    stopped = true;
    clearTimeout(timer);
    const job = held;
    held = undefined;
    if (!job) return;
    await job.stop();
    await job.leadership.release();
  };
}
