import { eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client.js';
import type { DomainEventBus } from '../../../ports/domain-events.js';
import { cameraCalibrations, deviceCredentials, equipment, equipmentLive } from '../../../db/schema.js';
import { conflict } from '../../../shared/domain-error.js';

type RenameStep = (tx: Tx, from: string, to: string) => Promise<void>;

/**
 * Renames a unit everywhere in one transaction: the fleet's own records, then those of every
 * area that keeps serial numbers (tickets, favorites…), which handle `unitRenamed` inside the
 * transaction, so a reset serial never leaves an old name behind.
 */
export class SerialRenamer {
  private readonly steps: readonly RenameStep[] = [
    // The unit drops its connection and comes back under the new name; until then it is offline.
    async (tx, from, to) => {
      const [unit] = await tx
        .update(equipment)
        .set({ serialNumber: to, updatedAt: sql`now()` })
        .where(eq(equipment.serialNumber, from))
        .returning({ id: equipment.id });
      if (!unit) return;
      // Its connection sequence stays: the unit reconnects with a newer one under the new name.
      await tx
        .update(equipmentLive)
        .set({ connected: false, port: null, address: null, currentProcedure: null, lastSeenOnlineAt: sql`now()` })
        .where(eq(equipmentLive.equipmentId, unit.id));
    },
    async (tx, from, to) => {
      await tx.update(deviceCredentials).set({ serialNumber: to }).where(eq(deviceCredentials.serialNumber, from));
    },
    async (tx, from, to) => {
      await tx.update(cameraCalibrations).set({ serialNumber: to }).where(eq(cameraCalibrations.serialNumber, from));
    },
  ];

  constructor(
    private readonly db: Db,
    private readonly events: DomainEventBus,
  ) {}

  /** Refuses a new serial number that another unit or credential already has. */
  async assertFree(to: string): Promise<void> {
    const [taken] = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(equipment)
      .where(eq(equipment.serialNumber, to));
    const [registered] = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(deviceCredentials)
      .where(eq(deviceCredentials.serialNumber, to));
    if ((taken?.n ?? 0) > 0 || (registered?.n ?? 0) > 0) {
      throw conflict(`Serial number ${to} already belongs to another unit.`);
    }
  }

  async rename(from: string, to: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      for (const step of this.steps) await step(tx, from, to);
      await this.events.emit('unitRenamed', { tx, from, to });
    });
  }
}
