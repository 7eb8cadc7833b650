import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { equipment, equipmentLive, favorites, users } from '../../db/schema.js';
import { unitColumns, withLive, type EquipmentRow } from '../../db/unit-columns.js';

/** Each user's favorite units (My Radar). */
export class RadarRepository {
  constructor(private readonly db: Db) {}

  async list(userId: number, limit: number): Promise<EquipmentRow[]> {
    const rows = await this.db
      .select({ unit: unitColumns })
      .from(favorites)
      .innerJoin(equipment, eq(equipment.id, favorites.equipmentId))
      .innerJoin(equipmentLive, withLive)
      .where(eq(favorites.userId, userId))
      .orderBy(asc(favorites.createdAt), asc(equipment.serialNumber))
      .limit(limit);
    return rows.map((r) => r.unit);
  }

  /**
   * Adds a favorite unless the user already has `limit`; the user's row is locked so two
   * requests at once cannot both slip under the limit. 'exists' when it was already there.
   */
  async add(userId: number, equipmentId: number, limit: number): Promise<'added' | 'exists' | 'full'> {
    return this.db.transaction(async (tx) => {
      await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
      const [existing] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(favorites)
        .where(and(eq(favorites.userId, userId), eq(favorites.equipmentId, equipmentId)));
      if ((existing?.n ?? 0) > 0) return 'exists';
      const [count] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(favorites)
        .where(eq(favorites.userId, userId));
      if ((count?.n ?? 0) >= limit) return 'full';
      await tx.insert(favorites).values({ userId, equipmentId });
      return 'added';
    });
  }

  async remove(userId: number, equipmentId: number): Promise<boolean> {
    const rows = await this.db
      .delete(favorites)
      .where(and(eq(favorites.userId, userId), eq(favorites.equipmentId, equipmentId)))
      .returning({ id: favorites.equipmentId });
    return rows.length > 0;
  }

  /** The users who have a unit on their radar, for its live updates. */
  /** Who has any of these units on their radar, with the unit's row. */
  async watchersOf(serialNumbers: string[]): Promise<{ userId: number; username: string; unit: EquipmentRow }[]> {
    const rows = await this.db
      .select({ userId: users.id, username: users.username, unit: unitColumns })
      .from(favorites)
      .innerJoin(equipment, eq(equipment.id, favorites.equipmentId))
      .innerJoin(equipmentLive, withLive)
      .innerJoin(users, eq(users.id, favorites.userId))
      .where(inArray(equipment.serialNumber, serialNumbers));
    return rows;
  }
}
