import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  screenShotSchema,
  serialNumberQuerySchema,
  statusReportSchema,
  voltageReportSchema,
} from '@ed/contract/commands';
import { messageResponseSchema } from '@ed/contract/errors';
import { sendStoredFile } from '../../shared/file-store/send-file.js';
import { errorResponses } from '../../shared/route-schema.js';

const idQuery = z.object({
  id: z.coerce.number({ error: 'id must be a number' }).int().positive('id must be positive'),
});

/** The reads of what commands left behind: screen shots and the latest reports. */
export default async function reportsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['reports'];
  const unitId = async (serialNumber: string) => (await app.fleet.service.findUnit(serialNumber)).id;

  app.get(
    '/api/v1/get_screen_shots_for_aligner',
    {
      schema: {
        tags,
        summary: "A unit's screen shots, newest first, with 96×54 thumbnails",
        querystring: serialNumberQuerySchema,
        response: { 200: z.array(screenShotSchema), ...errorResponses(400, 401, 404) },
      },
    },
    async (req) => app.fleet.screenShots.list(await unitId(req.query.serialNumber)),
  );

  app.get(
    '/api/v1/get_screen_shot',
    {
      schema: {
        tags,
        summary: 'Download one screen shot as a PNG file',
        querystring: idQuery,
        produces: ['image/png'],
        response: { ...errorResponses(400, 401, 404) },
      },
    },
    async (req, reply) => {
      const { key, fileName } = await app.fleet.screenShots.image(req.query.id);
      return sendStoredFile(req, reply, app.files, key, { contentType: 'image/png', downloadName: fileName });
    },
  );

  app.delete(
    '/api/v1/delete_screen_shot',
    {
      schema: {
        tags,
        summary: 'Delete a screen shot and its files',
        querystring: idQuery,
        response: { 200: messageResponseSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (req) => {
      await app.fleet.screenShots.delete(req.query.id);
      return { message: `Screen shot ${req.query.id} deleted.` };
    },
  );

  app.get(
    '/api/v1/get_latest_voltages_for_aligner',
    {
      schema: {
        tags,
        summary: "A unit's latest voltage report, or null",
        querystring: serialNumberQuerySchema,
        response: { 200: voltageReportSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (req) => {
      const latest = await app.fleet.reports.latest(await unitId(req.query.serialNumber), 'voltages');
      return latest ? { ...(latest.payload as { voltages: never }), createdAt: latest.createdAt } : null;
    },
  );

  for (const [kind, path] of [
    ['printer', '/api/v1/get_latest_printer_status_for_aligner'],
    ['usb', '/api/v1/get_latest_usb_status_for_aligner'],
  ] as const) {
    app.get(
      path,
      {
        schema: {
          tags,
          summary: `A unit's latest ${kind === 'usb' ? 'USB' : 'printer'} status report, or null`,
          querystring: serialNumberQuerySchema,
          response: { 200: statusReportSchema, ...errorResponses(400, 401, 404) },
        },
      },
      async (req) => {
        const latest = await app.fleet.reports.latest(await unitId(req.query.serialNumber), kind);
        return latest ? { status: (latest.payload as { status: string }).status, createdAt: latest.createdAt } : null;
      },
    );
  }
}
