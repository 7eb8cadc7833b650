import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SERVICES, resetServiceQuerySchema, serviceStatusSchema, type ServiceName } from '@ed/contract/dashboard';
import { conflict } from '../../shared/http-error.js';
import { errorResponses } from '../../shared/route-schema.js';

const labels = new Map<string, string>(SERVICES.map((s) => [s.name, s.label]));

/** Service health (part 1 §2 home dashboard, §7) and the demo port. */
export default async function servicesRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['services'];

  app.get(
    '/api/v1/check_services',
    {
      schema: {
        tags,
        summary: 'Up or down for each of the 13 services',
        response: { 200: serviceStatusSchema, ...errorResponses(401) },
      },
    },
    () => app.services.status(),
  );

  app.post(
    '/api/v1/reset_service',
    {
      config: { permission: 'services.restart' },
      schema: {
        tags,
        summary: 'Restart one service (admin)',
        description: 'serviceName is the service’s name or the label the dashboard shows (“aligner update”).',
        querystring: resetServiceQuerySchema,
        response: {
          200: z.object({ serviceName: z.string(), up: z.boolean(), message: z.string() }),
          ...errorResponses(400, 401, 403, 409),
        },
      },
    },
    async (request) => {
      const name: ServiceName = request.query.serviceName;
      const label = labels.get(name) ?? name;
      if (!app.services.has(name)) throw conflict(`The ${label} service is not part of this server yet.`);
      const up = await app.services.restart(name);
      app.live.broadcast('SERVICE_STATUS', await app.services.status());
      if (!up) throw conflict(`The ${label} service is still down after its restart.`);
      return { serviceName: name, up, message: `The ${label} service was restarted.` };
    },
  );

  app.get(
    '/read/demo_port/v1',
    {
      schema: {
        tags,
        summary: 'The port of the external demo host',
        response: { 200: z.object({ port: z.number().int() }), ...errorResponses(401) },
      },
    },
    () => ({ port: app.config.DEMO_PORT }),
  );
}
