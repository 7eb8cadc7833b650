import { CSV_ANSWER, exportSummary } from '../csv-export.js';
import { messageResponseSchema } from '../errors.js';
import { defineRoutes } from '../http-api.js';
import { decideUnitClaimSchema, unitClaimsQuerySchema, unitClaimsResponseSchema } from '../unit-claims.js';

const tag = 'unit claims';
const access = { permission: 'units.decideClaims' } as const;

/**
 * Claims to registered serial numbers (/UnitClaims, admin): the fleet's enrollment key alone
 * cannot take a unit over, so a unit that lost its credential waits here for a person.
 */
export const unitClaimsRoutes = defineRoutes({
  listClaims: {
    method: 'GET',
    path: '/read/unit_claims/v1',
    tag,
    access,
    summary: 'Claims waiting for a decision (or every claim of the last 30 days), newest first',
    query: unitClaimsQuerySchema,
    ok: { 200: unitClaimsResponseSchema },
    errors: [400, 401, 403],
  },
  exportClaims: {
    method: 'GET',
    path: '/export/unit_claims/v1',
    tag,
    access,
    summary: exportSummary('The claims, newest first,'),
    // The list has no page (it is one bounded list): its query is the whole filter.
    query: unitClaimsQuerySchema,
    ...CSV_ANSWER,
  },
  decideClaim: {
    method: 'POST',
    path: '/update/unit_claim/v1',
    tag,
    access,
    summary: 'Approve or refuse a waiting claim',
    description:
      'Approving lets the claimant replace the serial number’s credential at its next try (the ' +
      'present holder is then refused); refusing ends the claim. A decided claim answers 409.',
    body: decideUnitClaimSchema,
    ok: { 200: messageResponseSchema },
    errors: [400, 401, 403, 404, 409],
  },
});
