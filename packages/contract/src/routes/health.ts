import { z } from 'zod';
import { defineRoutes } from '../http-api.js';

export const healthSchema = z.object({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']) });

/** Readiness, for load balancers and orchestrators: outside the API, without a token. */
export const healthRoutes = defineRoutes({
  health: {
    method: 'GET',
    path: '/healthz',
    tag: 'health',
    access: 'public',
    summary: 'Readiness: the server is up and its database answers',
    security: [],
    ok: { 200: healthSchema },
    errors: [503],
  },
});
