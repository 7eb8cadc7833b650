import { and, count, desc, eq, gt, or, sql } from 'drizzle-orm';
import {
  PENDING_CLAIMS_PER_ADDRESS,
  UNIT_CLAIM_TTL_HOURS,
  UNIT_CLAIMS_MAX,
  type UnitClaim,
  type UnitClaimStatus,
} from '@ed/contract/unit-claims';
import type { Db } from '../../../db/client.js';
import { deviceCredentials, unitClaims } from '../../../db/schema.js';
import type { DomainEventBus } from '../../../ports/domain-events.js';
import type { UnitClaimDecisions, UnitClaimsFilter } from '../../../ports/unit-claims.js';

export interface ClaimOrigin {
  address: string | null;
  countryCode: string | null;
}

const LIST_DAYS = 30;

/** The list's two filters: the claims waiting, or those and every claim of the last 30 days. */

/**
 * A pending claim waits until UNIT_CLAIM_TTL_HOURS after it was asked; older, it has expired. Told
 * by the clock rather than by a job, so every instance agrees at once and nothing must run.
 */
const waiting = () =>
  and(
    eq(unitClaims.status, 'pending'),
    gt(unitClaims.requestedAt, sql`now() - ${`${UNIT_CLAIM_TTL_HOURS} hours`}::interval`),
  );

/** The status as people read it: a pending claim past its time is expired. */
const statusNow = sql<UnitClaimStatus>`case when ${unitClaims.status} = 'pending'
  and ${unitClaims.requestedAt} <= now() - ${`${UNIT_CLAIM_TTL_HOURS} hours`}::interval
  then 'expired' else ${unitClaims.status} end`;

const listFilter = (status: UnitClaimsFilter) =>
  status === 'pending'
    ? waiting()
    : or(waiting(), gt(unitClaims.requestedAt, sql`now() - ${`${LIST_DAYS} days`}::interval`));

const sameAddress = (address: string | null) => sql`${unitClaims.address} is not distinct from ${address}`;

/** Claims to serial numbers that have a credential (docs/device-protocol.md, "Claims"). */
export class UnitClaimsRepository implements UnitClaimDecisions {
  constructor(
    private readonly db: Db,
    /** A claim that starts to wait is told inside its transaction (the webhooks' deliveries commit with it). */
    private readonly events?: DomainEventBus,
  ) {}

  /**
   * A new pending claim, unless its address has PENDING_CLAIMS_PER_ADDRESS waiting already: then
   * false. The address's earlier waiting claim to the same serial number expires in its favour (a
   * unit that lost its claim token asks again), so one address holds one claim per serial number.
   */
  async open(serialNumber: string, claimTokenHash: string, origin: ClaimOrigin): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      // One claim at a time per address decides whether another may wait, on every instance.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`unit-claim-address:${origin.address ?? ''}`}))`);
      await tx
        .update(unitClaims)
        .set({ status: 'expired' })
        .where(and(eq(unitClaims.serialNumber, serialNumber), sameAddress(origin.address), waiting()));
      const [held] = await tx
        .select({ n: count() })
        .from(unitClaims)
        .where(and(sameAddress(origin.address), waiting()));
      if ((held?.n ?? 0) >= PENDING_CLAIMS_PER_ADDRESS) return false;
      const [claim] = await tx
        .insert(unitClaims)
        .values({ serialNumber, claimTokenHash, ...origin })
        .returning();
      if (claim && this.events) {
        const { id, address, countryCode } = claim;
        const waiting = { id, serialNumber, address, countryCode, requestedAt: claim.requestedAt.toISOString() };
        await this.events.emit('unitClaimWaiting', { tx, claim: waiting });
      }
      return true;
    });
  }

  async find(serialNumber: string, claimTokenHash: string) {
    const [row] = await this.db
      .select({ id: unitClaims.id, status: statusNow })
      .from(unitClaims)
      .where(and(eq(unitClaims.serialNumber, serialNumber), eq(unitClaims.claimTokenHash, claimTokenHash)));
    return row ?? null;
  }

  /** Replaces the serial number's credential by `tokenHash` if the claim is approved and unused; once. */
  async use(claimId: number, serialNumber: string, tokenHash: string, db: Db = this.db): Promise<boolean> {
    return db.transaction(async (tx) => {
      const used = await tx
        .update(unitClaims)
        .set({ status: 'used' })
        .where(and(eq(unitClaims.id, claimId), eq(unitClaims.status, 'approved')))
        .returning({ id: unitClaims.id });
      if (used.length === 0) return false;
      await tx
        .insert(deviceCredentials)
        .values({ serialNumber, tokenHash })
        .onConflictDoUpdate({
          target: deviceCredentials.serialNumber,
          set: { tokenHash, createdAt: sql`now()`, revokedAt: null },
        });
      return true;
    });
  }

  /** Pending claims first, then (with `all`) those decided in the last 30 days; newest first, bounded. */
  async list(status: UnitClaimsFilter): Promise<{ claims: UnitClaim[]; pending: number }> {
    const [claims, pending] = await Promise.all([this.rows(status, 0, UNIT_CLAIMS_MAX), this.count('pending')]);
    return { pending, claims };
  }

  /** How many claims the list's filter matches. */
  async count(status: UnitClaimsFilter): Promise<number> {
    const [total] = await this.db.select({ n: count() }).from(unitClaims).where(listFilter(status));
    return total?.n ?? 0;
  }

  /**
   * The list's claims, newest first, from `offset` (the list, or a page of an export). The pending
   * filter reads unit_claims_status_requested_idx; `all` reads unit_claims_requested_idx.
   */
  async rows(status: UnitClaimsFilter, offset: number, limit: number): Promise<UnitClaim[]> {
    const rows = await this.db
      .select({
        id: unitClaims.id,
        serialNumber: unitClaims.serialNumber,
        address: unitClaims.address,
        countryCode: unitClaims.countryCode,
        requestedAt: unitClaims.requestedAt,
        status: statusNow,
        decidedBy: unitClaims.decidedBy,
        decidedAt: unitClaims.decidedAt,
        credentialIssuedAt: deviceCredentials.createdAt,
      })
      .from(unitClaims)
      .leftJoin(deviceCredentials, eq(deviceCredentials.serialNumber, unitClaims.serialNumber))
      .where(listFilter(status))
      .orderBy(desc(unitClaims.requestedAt), desc(unitClaims.id))
      .limit(limit)
      .offset(offset);
    return rows.map((row) => ({
      ...row,
      requestedAt: row.requestedAt.toISOString(),
      decidedAt: row.decidedAt?.toISOString() ?? null,
      credentialIssuedAt: row.credentialIssuedAt?.toISOString() ?? null,
    }));
  }

  /** The list's claims for an export: the same filter and order, a page at a time. */
  exportSource(status: UnitClaimsFilter) {
    return {
      count: () => this.count(status),
      page: (offset: number, limit: number) => this.rows(status, offset, limit),
    };
  }

  /** Decides a waiting claim; the serial number, or null when there is no such waiting claim. */
  async decide(id: number, approve: boolean, username: string): Promise<string | null> {
    const [row] = await this.db
      .update(unitClaims)
      .set({ status: approve ? 'approved' : 'refused', decidedBy: username, decidedAt: sql`now()` })
      .where(and(eq(unitClaims.id, id), waiting()))
      .returning({ serialNumber: unitClaims.serialNumber });
    return row?.serialNumber ?? null;
  }

  /** The claim's status now, or null when there is no such claim. */
  async statusOf(id: number): Promise<UnitClaimStatus | null> {
    const [row] = await this.db.select({ status: statusNow }).from(unitClaims).where(eq(unitClaims.id, id));
    return row?.status ?? null;
  }
}
