import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { trendQuerySchema, trendResponseSchema } from '@ed/contract/trend';
import { errorResponses } from '../../shared/route-schema.js';

/** The trend graph's data (/graph, embedded by /TrendChart): every signed-in user reads it. */
export default async function trendRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/read/connection_history/v1',
    {
      schema: {
        tags: ['trend'],
        summary: 'Connected equipment between two instants: min, max and average per bucket',
        description:
          'The bucket is a minute up to 400 minutes, an hour up to 400 hours, else a day; the span is at most 800 days.',
        querystring: trendQuerySchema,
        response: { 200: trendResponseSchema, ...errorResponses(400, 401) },
      },
    },
    async (req) => app.trend.history(new Date(req.query.from), new Date(req.query.to)),
  );
}
