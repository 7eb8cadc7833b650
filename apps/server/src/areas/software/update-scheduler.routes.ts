import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { FAMILY_LABELS } from '@ed/contract/families';
import {
  SCHEDULER_ROUTES,
  schedulerDevicesQuerySchema,
  schedulerDevicesSchema,
  schedulerStatisticsSchema,
} from '@ed/contract/update-scheduler';
import { errorResponses } from '../../shared/route-schema.js';

/** The Update Scheduler screen's calls (part 2 §7), one pair per family. */
export default async function updateSchedulerRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['update scheduler'];
  for (const r of SCHEDULER_ROUTES) {
    const label = FAMILY_LABELS[r.family];
    app.get(
      r.devices,
      {
        config: { permission: 'updateScheduler.read' },
        schema: {
          tags,
          summary: `${label} with their staging and update state, 10 per page`,
          querystring: schedulerDevicesQuerySchema,
          response: { 200: schedulerDevicesSchema, ...errorResponses(400, 401, 403) },
        },
      },
      (request) => app.software.statistics.devices(r.family, request.query),
    );
    app.get(
      r.statistics,
      {
        config: { permission: 'updateScheduler.read' },
        schema: {
          tags,
          summary: `What the update scheduler did for ${label}: totals, slot age, hourly and daily series`,
          response: { 200: schedulerStatisticsSchema, ...errorResponses(401, 403) },
        },
      },
      () => app.software.statistics.statistics(r.family, app.config.AUTO_STAGE_SLOTS),
    );
  }
}
