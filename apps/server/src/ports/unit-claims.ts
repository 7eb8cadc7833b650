import type { UnitClaim, UnitClaimStatus } from '@ed/contract/unit-claims';
import type { CsvSource } from '../shared/csv-export.js';

/** Which claims a list shows: those waiting for a person, or all of them. */
export type UnitClaimsFilter = 'pending' | 'all';

/** The claims to registered serial numbers (the fleet's), as the Unit Claims screen reads and decides them. */
export interface UnitClaimDecisions {
  list(status: UnitClaimsFilter): Promise<{ claims: UnitClaim[]; pending: number }>;
  exportSource(status: UnitClaimsFilter): CsvSource<UnitClaim>;
  /** The claim's serial number, or null when no such claim is waiting. */
  decide(id: number, approve: boolean, username: string): Promise<string | null>;
  statusOf(id: number): Promise<UnitClaimStatus | null>;
}
