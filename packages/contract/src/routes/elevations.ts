import { defineRoutes } from '../http-api.js';
import { elevationsQuerySchema, elevationsResponseSchema } from '../elevations.js';

/** A unit's elevations in force, with when each ends (the equipment detail shows the time left). */
export const elevationsRoutes = defineRoutes({
  getElevations: {
    method: 'GET',
    path: '/read/elevations/v1',
    tag: 'commands',
    access: 'signedIn',
    summary: 'The unit’s raised log level, open port and RCP session in force, each with when it reverts',
    query: elevationsQuerySchema,
    ok: { 200: elevationsResponseSchema },
    errors: [400, 401],
  },
});
