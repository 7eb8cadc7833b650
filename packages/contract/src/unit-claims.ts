import { z } from 'zod';
import { INT32_MAX } from './constants.js';

/**
 * A unit asked for a credential for a serial number that has one already, without presenting it
 * (a unit whose storage was replaced, or somebody holding the fleet's enrollment key). An admin
 * decides: approving replaces the credential at the claimant's next try, refusing ends the claim;
 * a claim nobody decides in time expires.
 */
const UNIT_CLAIM_STATUSES = ['pending', 'approved', 'refused', 'used', 'expired'] as const;
export type UnitClaimStatus = (typeof UNIT_CLAIM_STATUSES)[number];
/** A claim's status as the Unit Claims screen and its CSV say it. */
export const UNIT_CLAIM_STATUS_LABELS: Record<UnitClaimStatus, string> = {
  pending: 'Waiting',
  approved: 'Approved',
  refused: 'Refused',
  used: 'Credential issued',
  expired: 'Expired',
};

/** Claims listed at most: the newest first. */
export const UNIT_CLAIMS_MAX = 200;
/**
 * Claims one address may have waiting at once, whatever their serial numbers; a further one is
 * refused (429) until one is decided or expires. A serial number has no such bound: strangers
 * holding the enrollment key must not be able to fill it and keep the genuine unit's claim out.
 */
export const PENDING_CLAIMS_PER_ADDRESS = 3;
/**
 * Hours a claim waits for a decision; then it expires. A unit still asking gets a new claim, so a
 * person always sees the claims of units that are there, and strangers' claims do not stay.
 */
export const UNIT_CLAIM_TTL_HOURS = 24;

export const unitClaimSchema = z.object({
  id: z.number().int(),
  serialNumber: z.string(),
  /** The address the claim came from, as the server saw it. */
  address: z.string().nullable(),
  countryCode: z.string().nullable(),
  requestedAt: z.iso.datetime(),
  status: z.enum(UNIT_CLAIM_STATUSES),
  decidedBy: z.string().nullable(),
  decidedAt: z.iso.datetime().nullable(),
  /** When the serial number's present credential was issued, to tell an old unit from a new one. */
  credentialIssuedAt: z.iso.datetime().nullable(),
});
export type UnitClaim = z.infer<typeof unitClaimSchema>;

export const unitClaimsQuerySchema = z.object({
  /** Only the claims waiting for a decision (default), or every claim of the last 30 days. */
  status: z.enum(['pending', 'all']).default('pending'),
});
export const unitClaimsResponseSchema = z.object({
  claims: z.array(unitClaimSchema),
  pending: z.number().int(),
});

export const decideUnitClaimSchema = z.object({
  id: z.coerce.number().int().positive().max(INT32_MAX),
  decision: z.enum(['approve', 'refuse']),
});
export type DecideUnitClaim = z.infer<typeof decideUnitClaimSchema>;
