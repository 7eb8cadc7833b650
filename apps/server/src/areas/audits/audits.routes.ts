import type { AuditEntry } from '@ed/contract/audits';
import { auditsRoutes } from '@ed/contract/routes/audits';
import { sendCsv, type CsvColumn } from '../../shared/csv-export.js';
import { routesOf } from '../../shared/route-table.js';

/** The audit log's columns, as the export has always had them. */
const AUDIT_COLUMNS: CsvColumn<AuditEntry>[] = [
  { header: 'Time (UTC)', value: (a) => a.at },
  { header: 'User', value: (a) => a.username },
  { header: 'Action', value: (a) => a.action },
  { header: 'Target', value: (a) => a.target },
  { header: 'Outcome', value: (a) => a.outcome },
  { header: 'Address', value: (a) => a.address },
  { header: 'Request ID', value: (a) => a.requestId },
  { header: 'Client request ID', value: (a) => a.clientRequestId },
];

/** The audit log (/Audits, admin): read and export only; nothing edits it through the API. */
export default routesOf(auditsRoutes, (app) => ({
  getAudits: async (req) => app.audits.list(req.query, req.query.page),
  exportCsv: async (req, reply) =>
    sendCsv(reply, {
      fileName: 'audit-log.csv',
      columns: AUDIT_COLUMNS,
      source: app.audits.exportSource(req.query),
      logger: req.log,
    }),
}));
