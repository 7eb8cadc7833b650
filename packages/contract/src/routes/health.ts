import { z } from 'zod';
import { defineRoutes } from '../http-api.js';

const healthSchema = z.object({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']) });
const liveSchema = z.object({ status: z.literal('ok') });
/** What a readiness check found: `ok`, or what is wrong in a sentence. */
const checkSchema = z.string();
const readySchema = z.object({
  status: z.literal('ready'),
  checks: z.object({ database: checkSchema, broker: checkSchema, migrations: checkSchema }),
});
export type ReadyChecks = z.infer<typeof readySchema>['checks'];

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
  live: {
    method: 'GET',
    path: '/livez',
    tag: 'health',
    access: 'public',
    summary: 'Liveness: the process answers (restart it when this fails)',
    security: [],
    ok: { 200: liveSchema },
    errors: [],
  },
  ready: {
    method: 'GET',
    path: '/readyz',
    tag: 'health',
    access: 'public',
    summary: 'Readiness: the database and the broker answer and the migrations match this build',
    description:
      'Send traffic only while this answers 200. 503 names every check that failed (database, broker, ' +
      'migrations); `/healthz` stays as it was (the server and its database).',
    security: [],
    ok: { 200: readySchema },
    errors: [503],
  },
});
