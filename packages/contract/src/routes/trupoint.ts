import { PAGE_SIZE } from '../constants.js';
import { CSV_ANSWER, exportSummary } from '../csv-export.js';
import { messageResponseSchema } from '../errors.js';
import { defineRoutes, type ApiRoute } from '../http-api.js';
import {
  createVendorKeyRequestSchema,
  createVendorKeyResponseSchema,
  createVendorRequestSchema,
  pairingsQuerySchema,
  pairingsResponseSchema,
  revokeVendorKeyRequestSchema,
  vendorsResponseSchema,
  type PairingState,
} from '../trupoint.js';

const tag = 'tru-point';
const manageVendors = { permission: 'vendors.manage' } as const;

/** The read of one of the three pairing tables. */
const pairingsRead = <const S extends PairingState>(state: S) =>
  ({
    method: 'GET',
    path: `/read/${state}_pairings/v1`,
    tag,
    access: { permission: 'truPoint.read' },
    summary: `One page of 10 ${state} pairings; newest first unless sorted`,
    pageSize: PAGE_SIZE,
    query: pairingsQuerySchema,
    ok: { 200: pairingsResponseSchema },
    errors: [400, 401, 403],
  }) as const satisfies ApiRoute;

/** The export of one of the three pairing tables, in its sort. */
const pairingsExport = <const S extends PairingState>(state: S) =>
  ({
    method: 'GET',
    path: `/export/${state}_pairings/v1`,
    tag,
    access: { permission: 'truPoint.read' },
    summary: exportSummary(`The ${state} pairings`),
    query: pairingsQuerySchema.omit({ page: true }),
    ...CSV_ANSWER,
  }) as const satisfies ApiRoute;

/** The console's side: the three pairing tables (part 2 §7) and vendor administration (admin). */
export const trupointRoutes = defineRoutes({
  getActivePairings: pairingsRead('active'),
  getCompletedPairings: pairingsRead('completed'),
  getAbortedPairings: pairingsRead('aborted'),
  exportActivePairings: pairingsExport('active'),
  exportCompletedPairings: pairingsExport('completed'),
  exportAbortedPairings: pairingsExport('aborted'),
  getVendors: {
    method: 'GET',
    path: '/read/vendors/v1',
    tag,
    access: manageVendors,
    summary: 'Vendors and their API keys (prefixes only)',
    ok: { 200: vendorsResponseSchema },
    errors: [401, 403],
  },
  createVendor: {
    method: 'POST',
    path: '/create/vendor/v1',
    tag,
    access: manageVendors,
    summary: 'Add a vendor (a shop system)',
    body: createVendorRequestSchema,
    ok: { 201: messageResponseSchema },
    errors: [400, 401, 403, 409],
  },
  createVendorKey: {
    method: 'POST',
    path: '/create/vendor_key/v1',
    tag,
    access: manageVendors,
    summary: 'Issue a vendor API key; the key is in this answer only',
    body: createVendorKeyRequestSchema,
    ok: { 201: createVendorKeyResponseSchema },
    errors: [400, 401, 403, 404],
  },
  revokeVendorKey: {
    method: 'POST',
    path: '/revoke/vendor_key/v1',
    tag,
    access: manageVendors,
    summary: 'Revoke a vendor API key',
    body: revokeVendorKeyRequestSchema,
    ok: { 200: messageResponseSchema },
    errors: [400, 401, 403, 404],
  },
});

/** The read of each pairing table, by the pairings' state. */
export const pairingReads = {
  active: trupointRoutes.getActivePairings,
  completed: trupointRoutes.getCompletedPairings,
  aborted: trupointRoutes.getAbortedPairings,
} as const satisfies Record<PairingState, ApiRoute>;
