import { diagnosticsRoutes } from '@ed/contract/routes/diagnostics';
import { routesOf } from '../../shared/route-table.js';

/** Diagnostic snapshots into tickets (docs/diagnostics.md). */
export default routesOf(diagnosticsRoutes, (app) => ({
  collectDiagnostics: async (req) => app.diagnostics.collect(req.session, req.body),
  listDiagnostics: async (req) => ({ snapshots: await app.diagnostics.ofTicket(req.query.ticketId) }),
}));
