import { defineRoutes } from '../http-api.js';
import { trendQuerySchema, trendResponseSchema } from '../trend.js';

/** The trend graph's data (/graph, embedded by /TrendChart): every signed-in user reads it. */
export const trendRoutes = defineRoutes({
  connectionHistory: {
    method: 'GET',
    path: '/read/connection_history/v1',
    tag: 'trend',
    access: 'signedIn',
    summary: 'Connected equipment between two instants: min, max and average per bucket',
    description:
      'The bucket is a minute up to 400 minutes, an hour up to 400 hours, else a day; the span is at most 800 days.',
    query: trendQuerySchema,
    ok: { 200: trendResponseSchema },
    errors: [400, 401],
  },
});
