import { z } from 'zod';
import { resetServiceQuerySchema, serviceStatusSchema } from '../dashboard.js';
import { defineRoutes } from '../http-api.js';

const tag = 'services';

/** What a restart answers: the service, whether it is up again, and the sentence to show. */
const restartServiceResponseSchema = z.object({ serviceName: z.string(), up: z.boolean(), message: z.string() });

/** Service health (part 1 §2 home dashboard, §7) and the demo port. */
export const servicesRoutes = defineRoutes({
  checkServices: {
    method: 'GET',
    path: '/api/v1/check_services',
    tag,
    access: 'signedIn',
    summary: 'Up or down for each of the 13 services',
    ok: { 200: serviceStatusSchema },
    errors: [401],
  },
  resetService: {
    method: 'POST',
    path: '/api/v1/reset_service',
    tag,
    access: { permission: 'services.restart' },
    summary: 'Restart one service (admin)',
    description: 'serviceName is the service’s name or the label the dashboard shows (“aligner update”).',
    query: resetServiceQuerySchema,
    ok: { 200: restartServiceResponseSchema },
    errors: [400, 401, 403, 409],
  },
  getDemoPort: {
    method: 'GET',
    path: '/read/demo_port/v1',
    tag,
    access: 'signedIn',
    summary: 'The port of the external demo host',
    ok: { 200: z.object({ port: z.number().int() }) },
    errors: [401],
  },
});
