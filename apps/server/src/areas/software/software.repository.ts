import { and, desc, eq, sql } from 'drizzle-orm';
import type { Family } from '@ed/contract/families';
import type { Db } from '../../db/client.js';
import { equipment, schedulerEvents, softwareUpdates, stagedUpdates } from '../../db/schema.js';

export type SoftwareUpdateRow = typeof softwareUpdates.$inferSelect;
export type StagedRow = typeof stagedUpdates.$inferSelect;
export type SchedulerEventKind = (typeof schedulerEvents.$inferInsert)['kind'];

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
    const [row] = await db.insert(softwareUpdates).values(values).returning();
    return row!;
  }

  async staged(serialNumber: string, db: Db = this.db): Promise<StagedRow | undefined> {
    const [row] = await db.select().from(stagedUpdates).where(eq(stagedUpdates.serialNumber, serialNumber)).limit(1);
    return row;
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
        },
      });
    await db
      .update(equipment)
      .set({ pendingSoftwareDownload: values.semantic, updatedAt: sql`now()` })
      .where(eq(equipment.serialNumber, values.serialNumber));
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
   * Claims telling a unit of its staged update on its current connection: true for the one
   * caller (of any instance) whose claim lands, so `stage` goes out once per connection.
   */
  async claimTell(serialNumber: string, connection: number): Promise<boolean> {
    const rows = await this.db
      .update(stagedUpdates)
      .set({ toldOnConnection: connection })
      .where(
        and(
          eq(stagedUpdates.serialNumber, serialNumber),
          sql`${stagedUpdates.toldOnConnection} is distinct from ${connection}`,
        ),
      )
      .returning({ serialNumber: stagedUpdates.serialNumber });
    return rows.length > 0;
  }

  /** Gives a claim back (the unit did not take the update), so the next change tells it again. */
  async releaseTell(serialNumber: string, connection: number): Promise<void> {
    await this.db
      .update(stagedUpdates)
      .set({ toldOnConnection: null })
      .where(and(eq(stagedUpdates.serialNumber, serialNumber), eq(stagedUpdates.toldOnConnection, connection)));
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
