import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { cameraCalsQuerySchema, cameraCalsResponseSchema } from '@ed/contract/camera-cal';
import { errorResponses } from '../../shared/route-schema.js';

/** The camera calibrations screen (part 2 §2): every signed-in user reads it. */
export default async function cameraCalRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/read/camera_cals/v1',
    {
      schema: {
        tags: ['camera-cal'],
        summary: 'Camera calibration records, newest first, 10 a page',
        description: 'filterSerialNumber keeps records with a camera (left or right board) whose serial contains it.',
        querystring: cameraCalsQuerySchema,
        response: { 200: cameraCalsResponseSchema, ...errorResponses(400, 401) },
      },
    },
    async (req) => app.cameraCal.list(req.query.page, req.query.filterSerialNumber),
  );
}
