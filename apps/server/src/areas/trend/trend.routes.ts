import { trendRoutes } from '@ed/contract/routes/trend';
import { routesOf } from '../../shared/route-table.js';

/** The trend graph's data (/graph, embedded by /TrendChart): every signed-in user reads it. */
export default routesOf(trendRoutes, (app) => ({
  connectionHistory: async (req) => app.trend.history(new Date(req.query.from), new Date(req.query.to)),
}));
