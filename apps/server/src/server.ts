import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import { buildApp } from './app.js';
import { bootstrapAccounts, type CreatedAccount } from './areas/users/bootstrap.js';
import type { Config } from './config/env.js';
import type { Database } from './db/client.js';
import { seedDemoData, startDemoFleet } from './demo.js';

export interface RunningServer {
  app: FastifyInstance;
  /** The accounts this instance created (another starting at once may have created the rest). */
  created: CreatedAccount[];
  /** Stops the demo fleet, if this instance ran it, and then the server. */
  stop(): Promise<void>;
}

/**
 * One instance's start: the app (migrated under a lock), the accounts and demo data it finds
 * missing, listening, and the demo fleet if it wins the lead. Every step is safe while other
 * instances start on the same database at the same moment.
 */
export async function startServer(
  config: Config,
  database: Database,
  logger?: FastifyServerOptions['logger'],
): Promise<RunningServer> {
  const app = await buildApp({ config, database, logger });
  try {
    const created = await bootstrapAccounts(config, app.users, app.usersRepository);
    if (config.DEMO) await seedDemoData(app);
    // Before listening, so whoever waits for /healthz finds the demo's releases published.
    if (config.DEMO) await app.software.seedDemo();
    await app.listen({ port: config.PORT, host: config.HOST });
    const stopDemo = startDemoFleet(app, database);
    return {
      app,
      created,
      stop: async () => {
        await stopDemo?.();
        await app.close();
      },
    };
  } catch (err) {
    await app.close().catch(() => undefined);
    throw err;
  }
}
