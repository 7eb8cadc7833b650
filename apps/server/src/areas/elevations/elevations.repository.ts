import { and, asc, eq, isNull, lt, lte, or } from 'drizzle-orm';
import type { ElevationKind } from '@ed/contract/elevations';
import type { Db } from '../../db/client.js';
import { returnedRow } from '../../db/rows.js';
import { elevations, equipment, equipmentLive } from '../../db/schema.js';
import { withLive } from '../../db/unit-columns.js';

export type ElevationRow = typeof elevations.$inferSelect;

/** Elevations: one open row per unit and kind (elevations_open_idx), ended once reverted. */
export class ElevationsRepository {
  constructor(private readonly db: Db) {}

  /** Opens an elevation, or extends the open one of that unit and kind to the new expiry. */
  async raise(values: {
    serialNumber: string;
    kind: ElevationKind;
    raisedBy: string;
    raisedAt: Date;
    expiresAt: Date;
  }): Promise<ElevationRow> {
    const rows = await this.db
      .insert(elevations)
      .values(values)
      .onConflictDoUpdate({
        target: [elevations.serialNumber, elevations.kind],
        targetWhere: isNull(elevations.endedAt),
        set: { raisedBy: values.raisedBy, raisedAt: values.raisedAt, expiresAt: values.expiresAt },
      })
      .returning();
    return returnedRow(rows);
  }

  /** Ends the open elevation of that unit and kind, if any; returns it. */
  async end(db: Db, serialNumber: string, kind: ElevationKind, by: string, at: Date) {
    const rows = await db
      .update(elevations)
      .set({ endedAt: at, endedBy: by })
      .where(and(eq(elevations.serialNumber, serialNumber), eq(elevations.kind, kind), isNull(elevations.endedAt)))
      .returning();
    return rows[0];
  }

  open(serialNumber: string): Promise<ElevationRow[]> {
    return this.db
      .select()
      .from(elevations)
      .where(and(eq(elevations.serialNumber, serialNumber), isNull(elevations.endedAt)))
      .orderBy(asc(elevations.expiresAt));
  }

  /** Elevations past their expiry on connected units, oldest first; a unit offline stays due until it is back. */
  async due(now: Date, limit: number): Promise<number[]> {
    const free = or(isNull(elevations.claimedUntil), lt(elevations.claimedUntil, now));
    const rows = await this.db
      .select({ id: elevations.id })
      .from(elevations)
      .innerJoin(equipment, eq(equipment.serialNumber, elevations.serialNumber))
      .innerJoin(equipmentLive, withLive)
      .where(and(isNull(elevations.endedAt), lte(elevations.expiresAt, now), eq(equipmentLive.connected, true), free))
      .orderBy(asc(elevations.expiresAt))
      .limit(limit);
    return rows.map((r) => r.id);
  }

  /**
   * Claims the elevation for one revert until `until`, if it is still open and no other instance
   * holds a live claim: one statement, so two instances never both get it.
   */
  async claim(id: number, now: Date, until: Date): Promise<ElevationRow | undefined> {
    const rows = await this.db
      .update(elevations)
      .set({ claimedUntil: until })
      .where(
        and(
          eq(elevations.id, id),
          isNull(elevations.endedAt),
          or(isNull(elevations.claimedUntil), lt(elevations.claimedUntil, now)),
        ),
      )
      .returning();
    return rows[0];
  }

  /** Gives a claim back after a revert the unit did not take: the next job tries again. */
  async release(id: number): Promise<void> {
    await this.db.update(elevations).set({ claimedUntil: null }).where(eq(elevations.id, id));
  }

  /** A reset serial keeps its elevations (serial renamer step). */
  static async renameSerial(tx: Db, from: string, to: string): Promise<void> {
    await tx.update(elevations).set({ serialNumber: to }).where(eq(elevations.serialNumber, from));
  }
}
