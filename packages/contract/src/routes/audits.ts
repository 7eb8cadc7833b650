import { auditFiltersSchema, auditsQuerySchema, auditsResponseSchema } from '../audits.js';
import { PAGE_SIZE } from '../constants.js';
import { CSV_ANSWER, exportSummary } from '../csv-export.js';
import { defineRoutes } from '../http-api.js';

const tag = 'audits';
const access = { permission: 'audits.read' } as const;

/** The audit log (/Audits, admin): read and export only; nothing edits it through the API. */
export const auditsRoutes = defineRoutes({
  getAudits: {
    pageSize: PAGE_SIZE,
    method: 'GET',
    path: '/read/audits/v1',
    tag,
    access,
    summary: 'A page of the audit log, newest first',
    query: auditsQuerySchema,
    ok: { 200: auditsResponseSchema },
    errors: [400, 401, 403],
  },
  /** The export of the pattern (docs/csv-export.md), under the path it has always had. */
  exportCsv: {
    method: 'GET',
    path: '/read/audits_csv/v1',
    tag,
    access,
    summary: exportSummary('The audit log'),
    // The list's filters without its page (auditsQuerySchema.omit({ page: true })), as before.
    query: auditFiltersSchema,
    ...CSV_ANSWER,
  },
});
