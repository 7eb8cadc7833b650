import { fleetMapRoutes } from '@ed/contract/routes/fleet-map';
import { routesOf } from '../../shared/route-table.js';

/** The fleet map's counts per country and per region (docs/fleet-map.md). */
export default routesOf(fleetMapRoutes, (app) => ({
  getFleetMap: () => app.fleetMap.world(),
  getFleetMapRegions: (req) => app.fleetMap.regions(req.query.country),
}));
