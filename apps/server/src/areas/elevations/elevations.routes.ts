import { elevationsRoutes } from '@ed/contract/routes/elevations';
import { routesOf } from '../../shared/route-table.js';

/** A unit's elevations in force (docs/elevations.md). */
export default routesOf(elevationsRoutes, (app) => ({
  getElevations: async (req) => ({ elevations: await app.elevations.list(req.query.serialNumber) }),
}));
