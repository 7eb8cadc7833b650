import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  createScheduleRequestSchema,
  createScheduleResponseSchema,
  scheduleByDaySchema,
  scheduleConflictsQuerySchema,
  scheduleLeftOutSchema,
  serialListSchema,
  serialSearchQuerySchema,
} from '@ed/contract/software';
import { errorResponses } from '../../shared/route-schema.js';

/** The Schedule dialog's calls (part 2 §7). */
export default async function schedulesRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['software updates'];

  app.get(
    '/read/aligner_serial_numbers/v1',
    {
      config: { permission: 'software.scheduleUpdates' },
      schema: {
        tags,
        summary:
          "Aligners whose serial number matches a pattern ('*' any run, '?' one character; else contains); several patterns separated by commas",
        querystring: serialSearchQuerySchema,
        response: { 200: serialListSchema, ...errorResponses(400, 401, 403) },
      },
    },
    (request) => app.software.schedules.searchSerials(request.query.filterSerialNumber),
  );
  app.get(
    '/read/schedule_conflicts/v1',
    {
      config: { permission: 'software.scheduleUpdates' },
      schema: {
        tags,
        summary: 'What a schedule of the aligners matching a pattern would leave out',
        description:
          'Aligners with a schedule still to run, and aligners already on the version: Confirm leaves them out.',
        querystring: scheduleConflictsQuerySchema,
        response: { 200: scheduleLeftOutSchema, ...errorResponses(400, 401, 403) },
      },
    },
    (request) => app.software.schedules.conflicts(request.query.filterSerialNumber, request.query.semantic),
  );
  app.post(
    '/create/schedule_serial_numbers/v1',
    {
      config: { permission: 'software.scheduleUpdates' },
      schema: {
        tags,
        summary: 'Schedules aligners to be staged with an update on a day',
        body: createScheduleRequestSchema,
        description: 'Aligners with a schedule still to run, or already on the version, are left out (leftOut).',
        response: { 200: createScheduleResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const { serialNumbers, version, date } = request.body;
      const created = await app.software.schedules.create({
        serialNumbers,
        semantic: version.semantic,
        date,
        username: request.session!.user.username,
      });
      app.live.broadcast('NEW_SOFTWARE_UPDATE_SCHEDULE_CREATED', {
        date: `${created.date}T00:00:00.000Z`,
        version: created.version,
        count: created.count,
      });
      return created;
    },
  );
  app.get(
    '/read/schedule_by_day/v1',
    {
      schema: {
        tags,
        summary: 'Units scheduled per day, from today on',
        response: { 200: scheduleByDaySchema, ...errorResponses(401) },
      },
    },
    () => app.software.schedules.byDay(),
  );
}
