import { assistantRoutes } from '@ed/contract/routes/assistant';
import { routesOf } from '../../shared/route-table.js';

/** Where the console's AIKnow screen finds the assistant (AI_URL). */
export default routesOf(assistantRoutes, (app) => ({
  assistantLocation: () => ({ aiUrl: app.config.AI_URL.replace(/\/+$/, '') }),
}));
