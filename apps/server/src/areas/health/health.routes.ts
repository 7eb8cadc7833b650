import { healthRoutes } from '@ed/contract/routes/health';
import { errorBody } from '../../plugins/errors.js';
import { routesOf } from '../../shared/route-table.js';

/** 200 once the server is ready and its database answers, else 503. */
export default routesOf(healthRoutes, (app) => ({
  health: async (_request, reply) => {
    try {
      await app.database.ping();
    } catch {
      return reply.code(503).send(errorBody(503, 'The database is unavailable. Try again in a moment.'));
    }
    return { status: 'ok' as const, database: app.database.kind };
  },
}));
