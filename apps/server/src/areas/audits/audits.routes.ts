import { auditsRoutes } from '@ed/contract/routes/audits';
import { routesOf } from '../../shared/route-table.js';

/** The audit log (/Audits, admin): read and export only; nothing edits it through the API. */
export default routesOf(auditsRoutes, (app) => ({
  getAudits: async (req) => app.audits.list(req.query, req.query.page),
  exportCsv: async (req, reply) => {
    const csv = await app.audits.exportCsv(req.query);
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', 'attachment; filename="audit-log.csv"')
      .send(csv);
  },
}));
