import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../db/client.js';
import { runMigrations } from '../db/migrate.js';
import { RateLimiter } from '../shared/rate-limiter.js';

interface DatabasePluginOptions {
  database: Database;
  /** Minutes between VACUUM runs where the database needs the server to do it (PGlite). */
  vacuumMinutes: number;
}

/** The database (migrated before anything uses it), its housekeeping and the limiter in it. */
async function databasePlugin(app: FastifyInstance, options: DatabasePluginOptions) {
  const { database } = options;
  await runMigrations(database);
  app.decorate('database', database);
  app.decorate('db', database.db);
  app.decorate('limiter', new RateLimiter(database.db));

  let running: Promise<void> | undefined;
  let timer: NodeJS.Timeout | undefined;
  const vacuum = () => {
    running ??= database
      .vacuum?.()
      .catch((error: unknown) => app.log.warn({ err: error }, 'database vacuum failed'))
      .finally(() => (running = undefined));
    return running;
  };
  if (database.vacuum) {
    // Once at boot, so a data directory written while the server was down is planned well soon;
    // in the background, so the server answers while it runs.
    app.addHook('onReady', () => {
      void vacuum();
      timer = setInterval(() => void vacuum(), options.vacuumMinutes * 60_000).unref();
    });
  }
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
    await database.close();
  });
}

export default fp(databasePlugin, { name: 'database' });
