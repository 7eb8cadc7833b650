import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { PgliteThread } from './pglite-thread.js';

/**
 * The embedded database's thread, started by dist/main.js before it loads the server's bundle
 * (a tenth of a second): the database opens meanwhile, which is most of a start. main.ts takes
 * it once the configuration is read; the two meet through a global because the bundle carries
 * its own copy of this module.
 */
const EARLY = Symbol.for('equipment-dashboard.early-database-thread');

interface Early {
  thread: PgliteThread;
  dataDir: string;
  /** `performance.now()` when the thread was spawned. */
  spawnedAt: number;
}

const slot = globalThis as { [EARLY]?: Early };

/**
 * Starts the thread where the configuration will put the embedded database (DATA_DIR/pgdata,
 * config/env.ts), unless DATABASE_URL names a PostgreSQL or DATA_DIR is set empty (which the
 * configuration refuses: nothing is made for a start that is about to stop). `host`: the thread's
 * module, when it is not beside this file (npm run dev's, dev-spare.mjs).
 * @public Called by the built `dist/main.js`, which bundle.mjs writes, and by npm run dev's spare.
 */
export function openEarly(env: NodeJS.ProcessEnv = process.env, host?: URL): void {
  if (env.DATABASE_URL?.trim() || env.DATA_DIR === '') return;
  const dataDir = path.join(path.resolve(env.DATA_DIR ?? './data'), 'pgdata');
  const spawnedAt = performance.now();
  slot[EARLY] = { thread: PgliteThread.spawn({ dataDir, useTemplate: true }, host), dataDir, spawnedAt };
}

/**
 * The thread started early for `dataDir` (undefined without one, or on PostgreSQL); a thread
 * started for another directory (the configuration read it otherwise) is closed.
 */
export function takeEarly(dataDir: string | undefined): Omit<Early, 'dataDir'> | undefined {
  const early = slot[EARLY];
  slot[EARLY] = undefined;
  if (!early) return undefined;
  if (early.dataDir === dataDir) return early;
  void early.thread.close();
  return undefined;
}
