import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { deviceRegisterRequestSchema, deviceRegisterResponseSchema } from '@ed/contract/device-protocol';
import { errorResponses } from '../../shared/route-schema.js';
import { MQTT_WEBSOCKET_PATH } from './embedded-broker.js';

/** Calls made by units, not by the console. */
export default async function deviceRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/device/v1/register',
    {
      config: { public: true },
      schema: {
        tags: ['devices'],
        summary: 'A unit trades the fleet enrollment key for its own MQTT credential',
        description: 'Registering again issues a new token and revokes the old one (docs/device-protocol.md).',
        security: [],
        body: deviceRegisterRequestSchema,
        response: { 200: deviceRegisterResponseSchema, ...errorResponses(400, 403) },
      },
    },
    async (request, reply) => {
      const { serialNumber, enrollmentKey } = request.body;
      const deviceToken = await app.fleet.credentials.register(serialNumber, enrollmentKey);
      return reply.header('cache-control', 'no-store').send({
        serialNumber,
        deviceToken,
        mqtt: { websocketPath: MQTT_WEBSOCKET_PATH, tcpPort: app.config.MQTT_PORT ?? null },
      });
    },
  );
}
