import { z } from 'zod';
import { auditFiltersSchema, auditsQuerySchema, auditsResponseSchema } from '../audits.js';
import { defineRoutes } from '../http-api.js';

const tag = 'audits';
const access = { permission: 'audits.read' } as const;

/** The audit log (/Audits, admin): read and export only; nothing edits it through the API. */
export const auditsRoutes = defineRoutes({
  getAudits: {
    method: 'GET',
    path: '/read/audits/v1',
    tag,
    access,
    summary: 'A page of the audit log, newest first',
    query: auditsQuerySchema,
    ok: { 200: auditsResponseSchema },
    errors: [400, 401, 403],
  },
  exportCsv: {
    method: 'GET',
    path: '/read/audits_csv/v1',
    tag,
    access,
    summary: 'The filtered audit log as CSV (at most 10,000 rows, newest first)',
    query: auditFiltersSchema,
    produces: ['text/csv'],
    ok: { 200: z.string() },
    errors: [400, 401, 403],
  },
});
