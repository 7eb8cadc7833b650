import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../shared/route-schema.js';
import { errorBody } from '../../plugins/errors.js';

const healthSchema = z.object({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']) });

/** GET /healthz: 200 once the server is ready and its database answers, else 503. */
export default async function healthRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/healthz',
    {
      schema: {
        tags: ['health'],
        summary: 'Readiness: the server is up and its database answers',
        security: [],
        response: { 200: healthSchema, ...errorResponses(503) },
      },
    },
    async (_request, reply) => {
      try {
        await app.database.ping();
      } catch {
        return reply.code(503).send(errorBody(503, 'The database is unavailable. Try again in a moment.'));
      }
      return { status: 'ok' as const, database: app.database.kind };
    },
  );
}
