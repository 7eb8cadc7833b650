import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../shared/route-schema.js';

/** Where the console's AIKnow screen finds the assistant (AI_URL). */
export default async function assistantRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/read/assistant_location/v1',
    {
      schema: {
        tags: ['assistant'],
        summary: 'The AI assistant’s base URL (AI_URL, default /assistant)',
        response: { 200: z.object({ aiUrl: z.string() }), ...errorResponses(401) },
      },
    },
    async () => ({ aiUrl: app.config.AI_URL.replace(/\/+$/, '') }),
  );
}
