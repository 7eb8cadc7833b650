import { and, asc, desc, eq, inArray, like, sql, type SQL } from 'drizzle-orm';
import type { EquipmentSortKey } from '@ed/contract/aligners';
import type { Family } from '@ed/contract/families';
import type { Db } from '../../db/client.js';
import { equipment, favorites, screenShots } from '../../db/schema.js';
import type { EquipmentRow } from '../fleet/equipment.repository.js';

export interface EquipmentFilter {
  serialNumber?: string;
  countryCode?: string;
  softwareVersion?: string;
  family?: Family;
}

const SORT_COLUMNS = {
  serialNumber: equipment.serialNumber,
  countryCode: equipment.countryCode,
  family: equipment.family,
  version: equipment.versionSort,
  createdAt: equipment.createdAt,
  updatedAt: equipment.updatedAt,
} as const satisfies Record<EquipmentSortKey, unknown>;

/** LIKE treats % and _ as wildcards; a filter means them literally. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

function whereOf(filter: EquipmentFilter): SQL | undefined {
  return and(
    filter.serialNumber ? like(equipment.serialNumber, `%${escapeLike(filter.serialNumber)}%`) : undefined,
    filter.countryCode
      ? filter.countryCode.length === 2
        ? eq(equipment.countryCode, filter.countryCode)
        : like(equipment.countryCode, `${escapeLike(filter.countryCode)}%`)
      : undefined,
    filter.softwareVersion ? like(equipment.versionSemantic, `${escapeLike(filter.softwareVersion)}%`) : undefined,
    filter.family ? eq(equipment.family, filter.family) : undefined,
  );
}

/** The equipment list and its reads; every filter and sort has an index (docs/benchmarks.md). */
export class AlignersRepository {
  constructor(private readonly db: Db) {}

  async page(
    filter: EquipmentFilter,
    sort: { by: EquipmentSortKey; desc: boolean },
    page: number,
    pageSize: number,
  ): Promise<{ rows: EquipmentRow[]; total: number }> {
    const where = whereOf(filter);
    const column = SORT_COLUMNS[sort.by];
    const direction = sort.desc ? desc : asc;
    const [rows, [count]] = await Promise.all([
      this.db
        .select()
        .from(equipment)
        .where(where)
        // Serial number breaks ties, so paging is stable whatever the sort.
        .orderBy(direction(column), direction(equipment.serialNumber))
        .limit(pageSize)
        .offset((page - 1) * pageSize),
      this.db
        .select({ n: sql<number>`count(*)::int` })
        .from(equipment)
        .where(where),
    ]);
    return { rows, total: count?.n ?? 0 };
  }

  /** Which of `equipmentIds` the user has on their radar. */
  async favoriteIds(userId: number, equipmentIds: number[]): Promise<Set<number>> {
    if (equipmentIds.length === 0) return new Set();
    const rows = await this.db
      .select({ id: favorites.equipmentId })
      .from(favorites)
      .where(and(eq(favorites.userId, userId), inArray(favorites.equipmentId, equipmentIds)));
    return new Set(rows.map((r) => r.id));
  }

  /** Deletes the unit; its reports, screen shots and favorites go with it. Returns its files. */
  async delete(serialNumber: string): Promise<{ files: string[] } | null> {
    return this.db.transaction(async (tx) => {
      const [unit] = await tx
        .select({ id: equipment.id })
        .from(equipment)
        .where(eq(equipment.serialNumber, serialNumber));
      if (!unit) return null;
      const shots = await tx
        .select({ image: screenShots.fileName, thumb: screenShots.thumbFileName })
        .from(screenShots)
        .where(eq(screenShots.equipmentId, unit.id));
      await tx.delete(equipment).where(eq(equipment.id, unit.id));
      return { files: shots.flatMap((s) => [s.image, s.thumb]) };
    });
  }
}
