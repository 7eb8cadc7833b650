import type { FastifyInstance } from 'fastify';
import { buildApp, type BuildOptions } from './app.js';
import type { CreatedAccount } from './ports/users.js';
import type { Config } from './config/env.js';
import type { Database } from './db/client.js';
import { writeSignedDemoPackages } from './areas/software/software.demo.js';
import { seedDemoData, startDemoFleet } from './demo.js';
import { StartSteps } from './shared/start-steps.js';

export interface RunningServer {
  app: FastifyInstance;
  /** The accounts this instance created (another starting at once may have created the rest). */
  created: CreatedAccount[];
  /** Resolves once the demo fleet this instance runs has settled in (at once without one). */
  settled: Promise<void>;
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
  options: Pick<BuildOptions, 'logger' | 'loggerInstance' | 'logStream' | 'steps'> = {},
): Promise<RunningServer> {
  const steps = options.steps ?? new StartSteps();
  // The demo's package files need no database: they are written while the app registers and the
  // embedded database opens (a first start's main thread would wait idle meanwhile).
  const demoPackages = config.DEMO
    ? steps.time('demo package files', () =>
        writeSignedDemoPackages(config.paths.updates, config.paths.demoReleaseKeys, !!config.RELEASE_ROOT_FILE),
      )
    : undefined;
  demoPackages?.catch(() => undefined);
  const app = await buildApp({ config, database, ...options, steps });
  try {
    // Side by side (each is safe beside another instance doing the same): their queries queue
    // together instead of each waiting for the last one's answer.
    const [created] = await Promise.all([
      steps.time('accounts', () => app.users.bootstrap(config)),
      config.DEMO && steps.time('demo data', () => seedDemoData(app)),
      // Before listening, so whoever waits for /healthz finds the demo's releases published.
      config.DEMO && steps.time('demo releases', () => app.software.seedDemo(demoPackages)),
    ]);
    await steps.time('listen', () => app.listen({ port: config.PORT, host: config.HOST }));
    const demo = startDemoFleet(app, database);
    return {
      app,
      created,
      settled: demo?.settled ?? Promise.resolve(),
      stop: async () => {
        await demo?.stop();
        const closing = app.close();
        // Requests under way get a few seconds; then connections still open (one a client opened
        // and never used, a request that does not end) are cut, so a stop ends in bounded time.
        const cut = setTimeout(() => app.server.closeAllConnections(), config.SHUTDOWN_GRACE_MS);
        try {
          await closing;
        } finally {
          clearTimeout(cut);
        }
      },
    };
  } catch (err) {
    await app.close().catch(() => undefined);
    throw err;
  }
}
