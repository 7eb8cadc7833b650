import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  deleteEquipmentRequestSchema,
  equipmentListQuerySchema,
  equipmentListResponseSchema,
  equipmentReadQuerySchema,
} from '@ed/contract/aligners';
import { equipmentSchema } from '@ed/contract/equipment';
import { messageResponseSchema } from '@ed/contract/errors';
import { assertOwnUsername } from '../../shared/own-username.js';
import { errorResponses } from '../../shared/route-schema.js';

/** The equipment reads of part 1 §7 and Delete Equipment. */
export default async function alignersRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['equipment'];

  app.get(
    '/read/aligner/v1',
    {
      schema: {
        tags,
        summary: 'One unit, with the caller’s favorite flag and its open ticket count',
        querystring: equipmentReadQuerySchema,
        response: { 200: equipmentSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (req) => {
      assertOwnUsername(req.session!, req.query.username);
      return app.aligners.read(req.session!, req.query.serialNumber);
    },
  );

  app.get(
    '/read/aligners/v1',
    {
      schema: {
        tags,
        summary: 'A page of 10 units, filtered and sorted',
        description: 'Serial number matches anywhere, country code and software version by prefix, family exactly.',
        querystring: equipmentListQuerySchema,
        response: { 200: equipmentListResponseSchema, ...errorResponses(400, 401) },
      },
    },
    async (req) => {
      const q = req.query;
      return app.aligners.list(
        req.session!,
        {
          serialNumber: q.filterSerialNumber,
          countryCode: q.filterCountryCode,
          softwareVersion: q.filterSoftwareVersion,
          family: q.filterFamily,
        },
        { by: q.sortBy ?? 'serialNumber', desc: q.sortDesc ?? false },
        q.page,
      );
    },
  );

  app.post(
    '/api/v1/delete_equipment',
    {
      config: { permission: 'equipment.delete' },
      schema: {
        tags,
        summary: 'Delete a unit with its reports, screen shots and favorites (tickets are kept)',
        body: deleteEquipmentRequestSchema,
        response: { 200: messageResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (req) => {
      await app.aligners.delete(req.body.serialNumber);
      return { message: `Unit ${req.body.serialNumber} deleted.` };
    },
  );
}
