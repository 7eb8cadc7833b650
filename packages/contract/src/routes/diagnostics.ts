import {
  collectDiagnosticsSchema,
  diagnosticSnapshotSchema,
  diagnosticsQuerySchema,
  diagnosticsResponseSchema,
} from '../diagnostics.js';
import { defineRoutes } from '../http-api.js';

const tag = 'support tickets';

/** Diagnostic snapshots into a ticket (docs/diagnostics.md). */
export const diagnosticsRoutes = defineRoutes({
  collectDiagnostics: {
    method: 'POST',
    path: '/create/diagnostics/v1',
    tag,
    access: { permission: 'diagnostics.collect' },
    summary:
      'Asks the unit for its screen shot, voltages, USB and printer status in parallel and attaches them, with its versions and update state, to a ticket; answers at once with every item pending',
    body: collectDiagnosticsSchema,
    ok: { 200: diagnosticSnapshotSchema },
    errors: [400, 401, 403, 404, 409],
  },
  listDiagnostics: {
    method: 'GET',
    path: '/read/diagnostics/v1',
    tag,
    access: 'signedIn',
    summary: 'The ticket’s diagnostic snapshots, newest first, each item collected, pending or missing',
    query: diagnosticsQuerySchema,
    ok: { 200: diagnosticsResponseSchema },
    errors: [400, 401, 404],
  },
});
