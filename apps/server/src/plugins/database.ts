import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../db/client.js';
import { runMigrations } from '../db/migrate.js';
import { RateLimiter } from '../shared/rate-limiter.js';
import { StartSteps } from '../shared/start-steps.js';

const BOOT_VACUUM_DELAY_MS = 20_000;

interface DatabasePluginOptions {
  database: Database;
  /** Minutes between VACUUM runs where the database needs the server to do it (PGlite). */
  vacuumMinutes: number;
  /** Where each start task is timed under its name. */
  steps?: StartSteps;
}

/**
 * Database work a start does before it serves, one task after the other, beginning with the
 * migrations: adopting what older versions left, first checks. It runs while the rest of the app
 * registers (on a start, the embedded database is still opening then); `buildApp` returns once
 * all of it is done. A failure is reported where `done()` is awaited.
 */
class StartWork {
  private readonly migrated: Promise<void>;
  private readonly tasks: Promise<void>[] = [];

  constructor(
    migrate: () => Promise<void>,
    private readonly steps = new StartSteps(),
  ) {
    this.migrated = steps.time('migrations', migrate);
    this.migrated.catch(() => undefined);
  }

  /**
   * Adds `task`, timed as the start step `name` ("older outbox mails"): run once the migrations
   * are done, beside the other tasks (none waits for another's work; one after the other, they
   * made a restart wait for the sum of their round trips).
   */
  add(name: string, task: () => Promise<unknown>): void {
    const run = this.migrated.then(async () => {
      await this.steps.time(name, task);
    });
    run.catch(() => undefined);
    this.tasks.push(run);
  }

  /**
   * Resolves when every task added so far has run; rejects with the first failure. Marked as
   * handled, as each task is: a plugin may keep it for later (the gateway waits on it), and a
   * failed start is reported where buildApp awaits it, not as an unhandled rejection.
   */
  done(): Promise<void> {
    const all = this.migrated.then(async () => {
      await Promise.all(this.tasks);
    });
    all.catch(() => undefined);
    return all;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    startWork: StartWork;
  }
}

/** The database (migrated before anything uses it), its housekeeping and the limiter in it. */
async function databasePlugin(app: FastifyInstance, options: DatabasePluginOptions) {
  const { database } = options;
  const startWork = new StartWork(() => runMigrations(database), options.steps);
  app.decorate('startWork', startWork);
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
  let first: NodeJS.Timeout | undefined;
  if (database.vacuum) {
    // Soon after boot, so a data directory written while the server was down is planned well
    // soon; not at once, so the first requests (and a health check) do not wait behind it.
    app.addHook('onReady', () => {
      first = setTimeout(() => void vacuum(), BOOT_VACUUM_DELAY_MS).unref();
      timer = setInterval(() => void vacuum(), options.vacuumMinutes * 60_000).unref();
    });
  }
  app.addHook('onClose', async () => {
    clearTimeout(first);
    clearInterval(timer);
    await running;
    await startWork.done().catch(() => undefined);
    await database.close();
  });
}

export default fp(databasePlugin, { name: 'database' });
