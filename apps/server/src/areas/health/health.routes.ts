import { healthRoutes, type ReadyChecks } from '@ed/contract/routes/health';
import { migrationsUpToDate } from '../../db/migrate.js';
import { errorBody } from '../../plugins/errors.js';
import { routesOf } from '../../shared/route-table.js';
import { withTimeout } from '../../shared/with-timeout.js';

/** How long readiness waits for the database before it calls it unavailable. */
const DATABASE_CHECK_MS = 2_000;

/**
 * /healthz: 200 once the server is ready and its database answers, else 503. /livez: the process
 * answers. /readyz: the database and the broker answer and the database has this build's
 * migrations, each check named in the 503 (Kubernetes' probes).
 */
export default routesOf(healthRoutes, (app) => {
  async function checks(): Promise<ReadyChecks> {
    // Anyone may ask: the answer names the check, never the driver's error (the log has it).
    const database = await withTimeout(app.database.ping(), DATABASE_CHECK_MS).then(
      () => 'ok',
      (err: unknown) => {
        app.log.warn({ err }, 'readiness: the database does not answer');
        return 'the database does not answer';
      },
    );
    const broker = app.health.brokerConnected() ? 'ok' : 'the broker connection is down';
    const migrations =
      database !== 'ok'
        ? 'not checked (no database)'
        : await withTimeout(migrationsUpToDate(app.database), DATABASE_CHECK_MS).then(
            (upToDate) => (upToDate ? 'ok' : 'the database lacks migrations of this build'),
            () => 'not checked (the database did not answer)',
          );
    return { database, broker, migrations };
  }

  return {
    health: async (_request, reply) => {
      try {
        await app.database.ping();
      } catch {
        return reply.code(503).send(errorBody(503, 'The database is unavailable. Try again in a moment.'));
      }
      return { status: 'ok' as const, database: app.database.kind };
    },
    live: () => ({ status: 'ok' as const }),
    ready: async (_request, reply) => {
      const found = await checks();
      const failed = Object.entries(found).filter(([, result]) => result !== 'ok');
      if (failed.length === 0) return { status: 'ready' as const, checks: found };
      const text = failed.map(([name, result]) => `${name}: ${result}`).join('; ');
      return reply.code(503).send(errorBody(503, `Not ready: ${text}.`));
    },
  };
});
