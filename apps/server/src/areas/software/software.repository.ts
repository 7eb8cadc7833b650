import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Family } from '@ed/contract/families';
import type { Db } from '../../db/client.js';
import { queryRows, returnedRow } from '../../db/rows.js';
import { equipment, equipmentLive, schedulerEvents, softwareUpdates, stagedUpdates } from '../../db/schema.js';

export type SoftwareUpdateRow = typeof softwareUpdates.$inferSelect;
export type StagedRow = typeof stagedUpdates.$inferSelect;

/** Published updates and the staged downloads that point at them. */
export class SoftwareRepository {
  constructor(private readonly db: Db) {}

  /** Every creation must be newer than the latest, so the newest row is the family's latest. */
  async latest(family: Family, db: Db = this.db): Promise<SoftwareUpdateRow | undefined> {
    const [row] = await db
      .select()
      .from(softwareUpdates)
      .where(eq(softwareUpdates.family, family))
      .orderBy(desc(softwareUpdates.createdAt), desc(softwareUpdates.id))
      .limit(1);
    return row;
  }

  /** The family's updates, newest first. */
  async list(family: Family, limit: number): Promise<SoftwareUpdateRow[]> {
    return this.db
      .select()
      .from(softwareUpdates)
      .where(eq(softwareUpdates.family, family))
      .orderBy(desc(softwareUpdates.createdAt), desc(softwareUpdates.id))
      .limit(limit);
  }

  async find(family: Family, semantic: string, db: Db = this.db): Promise<SoftwareUpdateRow | undefined> {
    const [row] = await db
      .select()
      .from(softwareUpdates)
      .where(and(eq(softwareUpdates.family, family), eq(softwareUpdates.semantic, semantic)))
      .limit(1);
    return row;
  }

  async byId(id: number): Promise<SoftwareUpdateRow | undefined> {
    const [row] = await this.db.select().from(softwareUpdates).where(eq(softwareUpdates.id, id)).limit(1);
    return row;
  }

  async insert(values: typeof softwareUpdates.$inferInsert, db: Db = this.db): Promise<SoftwareUpdateRow> {
    const rows = await db.insert(softwareUpdates).values(values).returning();
    return returnedRow(rows);
  }

  async staged(serialNumber: string, db: Db = this.db): Promise<StagedRow | undefined> {
    const [row] = await db.select().from(stagedUpdates).where(eq(stagedUpdates.serialNumber, serialNumber)).limit(1);
    return row;
  }

  /** The staged updates of several units at once, by serial number (units without one are absent). */
  async stagedOf(serialNumbers: readonly string[]): Promise<Map<string, StagedRow>> {
    if (serialNumbers.length === 0) return new Map();
    const rows = await this.db
      .select()
      .from(stagedUpdates)
      .where(inArray(stagedUpdates.serialNumber, [...serialNumbers]));
    return new Map(rows.map((row) => [row.serialNumber, row]));
  }

  /** Sets the unit's staged update and its pending download together. */
  async setStaged(values: typeof stagedUpdates.$inferInsert, db: Db = this.db): Promise<void> {
    await db
      .insert(stagedUpdates)
      .values(values)
      .onConflictDoUpdate({
        target: stagedUpdates.serialNumber,
        set: {
          family: values.family,
          updateId: values.updateId,
          semantic: values.semantic,
          autoStaged: values.autoStaged ?? false,
          stagedAt: values.stagedAt,
          lastProgressAt: values.lastProgressAt,
          progressKey: null,
          toldOnConnection: null,
          toldAt: null,
          tellTaken: false,
        },
      });
    await db
      .update(equipment)
      .set({ pendingSoftwareDownload: values.semantic, updatedAt: sql`now()` })
      .where(eq(equipment.serialNumber, values.serialNumber));
  }

  /** Stages several units of one update in two statements (a rollout's batch). */
  async setStagedMany(
    update: { family: Family; updateId: number; semantic: string },
    serialNumbers: readonly string[],
    at: Date,
    db: Db = this.db,
  ): Promise<void> {
    if (serialNumbers.length === 0) return;
    await db
      .insert(stagedUpdates)
      .values(serialNumbers.map((serialNumber) => ({ ...update, serialNumber, stagedAt: at, lastProgressAt: at })))
      .onConflictDoUpdate({
        target: stagedUpdates.serialNumber,
        set: {
          family: sql`excluded.family`,
          updateId: sql`excluded.update_id`,
          semantic: sql`excluded.semantic`,
          autoStaged: sql`excluded.auto_staged`,
          stagedAt: sql`excluded.staged_at`,
          lastProgressAt: sql`excluded.last_progress_at`,
          progressKey: null,
          toldOnConnection: null,
          toldAt: null,
          tellTaken: false,
        },
      });
    await db
      .update(equipment)
      .set({ pendingSoftwareDownload: update.semantic, updatedAt: sql`now()` })
      .where(inArray(equipment.serialNumber, [...serialNumbers]));
  }

  /** Clears the staged update and the pending download; returns what was staged. */
  async clearStaged(serialNumber: string, db: Db = this.db): Promise<StagedRow | undefined> {
    const [row] = await db.delete(stagedUpdates).where(eq(stagedUpdates.serialNumber, serialNumber)).returning();
    await db
      .update(equipment)
      .set({ pendingSoftwareDownload: null, updatedAt: sql`now()` })
      .where(eq(equipment.serialNumber, serialNumber));
    return row;
  }

  /**
   * Claims telling the unit about its staged update `updateId` on `connection`: one conditional
   * UPDATE, so of all who are about to tell it (the staging call, the delivery tracker, the tell
   * round, any instance) exactly one gets true and sends. A claim whose answer never came (its
   * instance died, or the unit was busy) is taken again once `leaseMs` have passed.
   */
  async claimTell(serialNumber: string, updateId: number, connection: number, now: Date, leaseMs: number) {
    const rows = await this.db
      .update(stagedUpdates)
      .set({ toldOnConnection: connection, toldAt: now, tellTaken: false })
      .where(
        and(
          eq(stagedUpdates.serialNumber, serialNumber),
          eq(stagedUpdates.updateId, updateId),
          sql`(${stagedUpdates.toldOnConnection} is distinct from ${connection}
            or (not ${stagedUpdates.tellTaken} and ${stagedUpdates.toldAt} < ${new Date(now.getTime() - leaseMs)}))`,
        ),
      )
      .returning({ serialNumber: stagedUpdates.serialNumber });
    return rows.length > 0;
  }

  /** The unit answered `stage` on `connection`: the tell is done. */
  async tellTaken(serialNumber: string, updateId: number, connection: number): Promise<void> {
    await this.db
      .update(stagedUpdates)
      .set({ tellTaken: true })
      .where(
        and(
          eq(stagedUpdates.serialNumber, serialNumber),
          eq(stagedUpdates.updateId, updateId),
          eq(stagedUpdates.toldOnConnection, connection),
        ),
      );
  }

  /** Gives a claim back after a send that never reached the unit, unless the staging has moved on meanwhile. */
  async releaseTell(serialNumber: string, updateId: number, connection: number): Promise<void> {
    await this.db
      .update(stagedUpdates)
      .set({ toldOnConnection: null, toldAt: null })
      .where(
        and(
          eq(stagedUpdates.serialNumber, serialNumber),
          eq(stagedUpdates.updateId, updateId),
          eq(stagedUpdates.toldOnConnection, connection),
        ),
      );
  }

  /**
   * Connected units whose tell is owed: never claimed, or claimed more than `leaseMs` ago and not
   * answered (staged_updates_untold_idx). At most `limit`, oldest claims first.
   */
  async untold(now: Date, leaseMs: number, limit: number): Promise<{ serialNumber: string; updateId: number }[]> {
    const rows = await queryRows<{ serial_number: string; update_id: number }>(
      this.db,
      sql`select s.serial_number, s.update_id from ${stagedUpdates} s
          join ${equipment} e on e.serial_number = s.serial_number
          join ${equipmentLive} l on l.equipment_id = e.id and l.connected
          where not s.tell_taken and (s.told_at is null or s.told_at < ${new Date(now.getTime() - leaseMs)})
          order by s.told_at nulls first
          limit ${limit}`,
    );
    return rows.map((r) => ({ serialNumber: r.serial_number, updateId: r.update_id }));
  }

  async markProgress(serialNumber: string, progressKey: string, at: Date): Promise<void> {
    await this.db
      .update(stagedUpdates)
      .set({ progressKey, lastProgressAt: at })
      .where(eq(stagedUpdates.serialNumber, serialNumber));
  }

  async recordEvent(values: typeof schedulerEvents.$inferInsert, db: Db = this.db): Promise<void> {
    await db.insert(schedulerEvents).values(values);
  }
}
