import { defineRoutes } from '../http-api.js';
import { fleetMapRegionsQuerySchema, fleetMapRegionsResponseSchema, fleetMapResponseSchema } from '../fleet-map.js';

const tag = 'equipment';

/**
 * The fleet map's counts (docs/fleet-map.md). The spec's "maps" menu item is admin's, and so are
 * these calls; admin sees the whole fleet in the equipment list, so the counts are the whole fleet's.
 */
export const fleetMapRoutes = defineRoutes({
  getFleetMap: {
    method: 'GET',
    path: '/read/fleet-map/v1',
    tag,
    access: { permission: 'maps.read' },
    summary: 'Connected and total units per country, and those placed nowhere',
    ok: { 200: fleetMapResponseSchema },
    errors: [401, 403],
  },
  getFleetMapRegions: {
    method: 'GET',
    path: '/read/fleet-map/regions/v1',
    tag,
    access: { permission: 'maps.read' },
    summary: 'Connected and total units per region of one country, the largest first',
    query: fleetMapRegionsQuerySchema,
    ok: { 200: fleetMapRegionsResponseSchema },
    errors: [400, 401, 403],
  },
});
