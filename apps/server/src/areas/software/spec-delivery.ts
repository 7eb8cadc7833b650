import type { FastifyBaseLogger } from 'fastify';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { FAMILIES } from '@ed/contract/families';
import type { Db } from '../../db/client.js';
import { equipment, equipmentLive, specDeliveries, specUpdates } from '../../db/schema.js';
import { isDomainError } from '../../shared/domain-error.js';
import { withLive } from '../../db/unit-columns.js';
import { letThroughBySpecRollouts, needsSpec } from '../../db/spec-needs.js';
import { connectionColumn } from './unit-connection.js';

const BATCH = 50;
type SpecRow = typeof specUpdates.$inferSelect;
export interface SpecTell {
  serialNumber: string;
  spec: SpecRow;
  /** The connection claimed for this tell (unit-connection.ts). */
  connection: number;
}

/** The unit did not get the command at all (no answer, or it was never sent), as opposed to refusing it. */
const notReceived = (err: unknown) => isDomainError(err, 'unitSilent', 'unavailable');

/**
 * Sends each family's newest active spec release to the connected units it targets: the family,
 * the serial-number filter ('*' all) and the family's prerequisite version; when a rollout names
 * the release, only the units it let through (docs/rollouts.md). Runs inside the update
 * scheduler's round, so one instance acts; each unit is told once per connection, and the telling
 * is claimed row by row (a conditional upsert) before anything is sent, so it stays once whoever
 * else tells specs.
 */
export class SpecDelivery {
  constructor(
    private readonly deps: {
      db: Db;
      tell(serialNumber: string, spec: SpecRow): Promise<void>;
      /** A claim not answered within this is taken again (unit-teller.ts). */
      leaseMs: number;
      now(): Date;
      logger: FastifyBaseLogger;
    },
  ) {}

  async findIn(db: Db): Promise<SpecTell[]> {
    const tells: SpecTell[] = [];
    for (const family of FAMILIES) {
      const [spec] = await db
        .select()
        .from(specUpdates)
        .where(and(eq(specUpdates.active, true), inArray(specUpdates.targetFamily, ['all', family])))
        .orderBy(desc(specUpdates.year), desc(specUpdates.month), desc(specUpdates.createdAt))
        .limit(1);
      if (!spec) continue;
      const now = this.deps.now();
      const leaseEnded = new Date(now.getTime() - this.deps.leaseMs);
      const owed = sql`(${specDeliveries.toldOnConnection} is distinct from ${connectionColumn}
        or (not ${specDeliveries.taken} and ${specDeliveries.toldAt} < ${leaseEnded}))`;
      const units = await db
        .select({ serialNumber: equipment.serialNumber, connection: connectionColumn })
        .from(equipment)
        .innerJoin(equipmentLive, withLive)
        .leftJoin(
          specDeliveries,
          and(eq(specDeliveries.serialNumber, equipment.serialNumber), eq(specDeliveries.specUpdateId, spec.id)),
        )
        .where(and(needsSpec(spec, family), eq(equipmentLive.connected, true), owed, letThroughBySpecRollouts(spec)))
        .limit(BATCH);
      if (units.length === 0) continue;
      const claimed = await db
        .insert(specDeliveries)
        .values(
          units.map((u) => ({
            serialNumber: u.serialNumber,
            specUpdateId: spec.id,
            toldOnConnection: u.connection,
            toldAt: now,
          })),
        )
        .onConflictDoUpdate({
          target: [specDeliveries.serialNumber, specDeliveries.specUpdateId],
          set: { toldOnConnection: sql`excluded.told_on_connection`, toldAt: sql`excluded.told_at`, taken: false },
          setWhere: sql`(${specDeliveries.toldOnConnection} is distinct from excluded.told_on_connection
            or (not ${specDeliveries.taken} and ${specDeliveries.toldAt} < ${leaseEnded}))`,
        })
        .returning({ serialNumber: specDeliveries.serialNumber, connection: specDeliveries.toldOnConnection });
      for (const c of claimed) tells.push({ serialNumber: c.serialNumber, spec, connection: c.connection });
    }
    return tells;
  }

  /**
   * After the commit. A unit that refuses (busy updating) keeps its claim and is asked again once
   * its lease is over, or on its next connection; one that never got the command (no answer, not
   * sent) is given back for the next round. A claim whose sender died is taken again after the lease.
   */
  tellAll(tells: SpecTell[]): void {
    for (const { serialNumber, spec, connection } of tells) {
      void this.deps
        .tell(serialNumber, spec)
        .then(() => this.taken(serialNumber, spec.id, connection))
        .catch(async (err: unknown) => {
          this.deps.logger.info({ err, serialNumber }, 'spec release not taken by the unit');
          if (notReceived(err)) await this.release(serialNumber, spec.id, connection);
        })
        .catch((err: unknown) => this.deps.logger.warn({ err, serialNumber }, 'spec release claim not given back'));
    }
  }

  private async taken(serialNumber: string, specUpdateId: number, connection: number): Promise<void> {
    await this.deps.db
      .update(specDeliveries)
      .set({ taken: true })
      .where(
        and(
          eq(specDeliveries.serialNumber, serialNumber),
          eq(specDeliveries.specUpdateId, specUpdateId),
          eq(specDeliveries.toldOnConnection, connection),
        ),
      );
  }

  private async release(serialNumber: string, specUpdateId: number, connection: number): Promise<void> {
    await this.deps.db
      .delete(specDeliveries)
      .where(
        and(
          eq(specDeliveries.serialNumber, serialNumber),
          eq(specDeliveries.specUpdateId, specUpdateId),
          eq(specDeliveries.toldOnConnection, connection),
        ),
      );
  }
}
