import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../db/client.js';
import { runMigrations } from '../db/migrate.js';
import { RateLimiter } from '../shared/rate-limiter.js';

/** The database (migrated before anything uses it) and the limiter that lives in it. */
async function databasePlugin(app: FastifyInstance, options: { database: Database }) {
  await runMigrations(options.database);
  app.decorate('database', options.database);
  app.decorate('db', options.database.db);
  app.decorate('limiter', new RateLimiter(options.database.db));
  app.addHook('onClose', async () => {
    await options.database.close();
  });
}

export default fp(databasePlugin, { name: 'database' });
