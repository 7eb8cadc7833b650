import { defineRoutes } from '../http-api.js';
import { PAGE_SIZE } from '../constants.js';
import {
  abortPairingRequestSchema,
  pairingIdParamsSchema,
  pairingSchema,
  pairingsResponseSchema,
  startPairingRequestSchema,
  VENDOR_KEY_HEADER,
  vendorPairingsQuerySchema,
} from '../trupoint.js';

const tag = 'vendors';
/** Public to the console's sign-in: each call authenticates its vendor by the API key header. */
const access = 'public';
const security = [{ vendorApiKey: [] }];

/** The vendors' API: their shop systems pair alignments with Tru-Points, each seeing only its own. */
export const vendorRoutes = defineRoutes({
  startPairing: {
    method: 'POST',
    path: '/vendor/v1/pairings',
    tag,
    access,
    security,
    summary: 'Pair an alignment with a connected Tru-Point; the unit then runs its calibrations',
    description: `Authenticated by the ${VENDOR_KEY_HEADER} header. 409 when the unit is offline, not a Tru-Point or already paired.`,
    body: startPairingRequestSchema,
    ok: { 201: pairingSchema },
    errors: [400, 401, 404, 409, 502, 504],
  },
  getPairings: {
    pageSize: PAGE_SIZE,
    method: 'GET',
    path: '/vendor/v1/pairings',
    tag,
    access,
    security,
    summary: 'The vendor’s own pairings, a page of 10, optionally of one state',
    query: vendorPairingsQuerySchema,
    ok: { 200: pairingsResponseSchema },
    errors: [400, 401],
  },
  getPairing: {
    method: 'GET',
    path: '/vendor/v1/pairings/:id',
    tag,
    access,
    security,
    summary: 'One of the vendor’s pairings with its calibrations',
    params: pairingIdParamsSchema,
    ok: { 200: pairingSchema },
    errors: [400, 401, 404],
  },
  abortPairing: {
    method: 'POST',
    path: '/vendor/v1/pairings/:id/abort',
    tag,
    access,
    security,
    summary: 'Abort an active pairing with a reason',
    params: pairingIdParamsSchema,
    body: abortPairingRequestSchema,
    ok: { 200: pairingSchema },
    errors: [400, 401, 404, 409],
  },
});
