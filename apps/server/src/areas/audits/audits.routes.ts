import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditFiltersSchema, auditsQuerySchema, auditsResponseSchema } from '@ed/contract/audits';
import { errorResponses } from '../../shared/route-schema.js';

const tags = ['audits'];
const config = { permission: 'audits.read' as const };

/** The audit log (/Audits, admin): read and export only; nothing edits it through the API. */
export default async function auditsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/read/audits/v1',
    {
      config,
      schema: {
        tags,
        summary: 'A page of the audit log, newest first',
        querystring: auditsQuerySchema,
        response: { 200: auditsResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (req) => app.audits.list(req.query, req.query.page),
  );

  app.get(
    '/read/audits_csv/v1',
    {
      config,
      schema: {
        tags,
        summary: 'The filtered audit log as CSV (at most 10,000 rows, newest first)',
        querystring: auditFiltersSchema,
        produces: ['text/csv'],
        response: { 200: z.string(), ...errorResponses(400, 401, 403) },
      },
    },
    async (req, reply) => {
      const csv = await app.audits.exportCsv(req.query);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="audit-log.csv"')
        .send(csv);
    },
  );
}
