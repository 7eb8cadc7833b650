import type { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import type { Database } from './client.js';
import { PGLITE_OPTIONS } from './pglite-options.js';
import * as schema from './schema.js';

/**
 * PGlite in this thread, for tests and tools (the build's template). The server runs it in a
 * thread of its own (embedded/); this module keeps PGlite's code out of the server's main thread.
 */
export function openPglite(client: PGlite): Database {
  const db = drizzle(client, { schema });
  return {
    db,
    fleetDb: db,
    kind: 'pglite',
    driver: { name: 'pglite', db },
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

export { PGLITE_OPTIONS };
