import { and, asc, desc, eq, inArray, like, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { EquipmentSortKey } from '@ed/contract/aligners';
import type { Family } from '@ed/contract/families';
import type { Db } from '../../db/client.js';
import { equipment, equipmentLive, favorites, fleetCounters, screenShots } from '../../db/schema.js';
import { unitColumns, withLive, type EquipmentRow } from '../fleet/equipment.repository.js';

export interface EquipmentFilter {
  serialNumber?: string;
  countryCode?: string;
  softwareVersion?: string;
  family?: Family;
}

const sortColumn = {
  serialNumber: 'serialNumber',
  countryCode: 'countryCode',
  family: 'family',
  version: 'versionSort',
  createdAt: 'createdAt',
  updatedAt: 'updatedAt',
} as const satisfies Record<EquipmentSortKey, keyof typeof equipment.$inferSelect>;

type Ordered = Record<(typeof sortColumn)[EquipmentSortKey], AnyColumn>;

/**
 * Up to this many matches, or this share of the fleet, the filter's index is the better way in;
 * above it, the sort index (docs/benchmarks.md).
 */
const FILTER_FIRST_MIN = 5_000;
const FILTER_FIRST_SHARE = 0.05;

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
    const [fleet] = await this.db
      .select({ units: sql<number>`coalesce(sum(${fleetCounters.units}), 0)::int` })
      .from(fleetCounters);
    const units = fleet?.units ?? 0;
    const total = where ? await this.count(where) : units;
    const offset = (page - 1) * pageSize;
    if (offset >= total) return { rows: [], total };
    const direction = sort.desc ? desc : asc;
    const column = sortColumn[sort.by];
    // Serial number breaks ties, so paging is stable whatever the sort.
    const order = (table: Pick<Ordered, typeof column | 'serialNumber'>) => [
      direction(table[column]),
      direction(table.serialNumber),
    ];

    // Either way only the page's ten serial numbers are found first, reading as few columns as
    // possible, and then joined back to the table for their rows.
    let keys;
    if (where && total <= Math.max(FILTER_FIRST_MIN, units * FILTER_FIRST_SHARE)) {
      // Few matches: collect them through the filter's own index and sort only those. Walking
      // the sort index instead reads every non-match that sorts before them (docs/benchmarks.md).
      // The LIMIT keeps PostgreSQL from folding the subquery into the outer, index-ordered scan.
      const matches = this.db
        .select({ serialNumber: equipment.serialNumber, [column]: equipment[column] })
        .from(equipment)
        .where(where)
        .limit(total * 2 + pageSize)
        .as('matches');
      keys = this.db
        .select({ serialNumber: matches.serialNumber })
        .from(matches)
        .orderBy(...order(matches as unknown as Ordered))
        .limit(pageSize)
        .offset(offset)
        .as('keys');
    } else {
      // Many matches: skip the offset on the sort index alone (index-only once vacuumed).
      keys = this.db
        .select({ serialNumber: equipment.serialNumber })
        .from(equipment)
        .where(where)
        .orderBy(...order(equipment))
        .limit(pageSize)
        .offset(offset)
        .as('keys');
    }
    const rows = await this.db
      .select(unitColumns)
      .from(equipment)
      .innerJoin(keys, eq(equipment.serialNumber, keys.serialNumber))
      .innerJoin(equipmentLive, withLive)
      .orderBy(...order(equipment));
    return { rows, total };
  }

  private async count(where: SQL): Promise<number> {
    const [row] = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(equipment)
      .where(where);
    return row?.n ?? 0;
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

  /** Deletes the unit in `tx`; its reports, screen shots and favorites go with it. Returns its files' keys. */
  async delete(tx: Db, serialNumber: string): Promise<{ files: string[] } | null> {
    const [unit] = await tx
      .select({ id: equipment.id })
      .from(equipment)
      .where(eq(equipment.serialNumber, serialNumber));
    if (!unit) return null;
    const shots = await tx
      .select({ image: screenShots.imageKey, thumb: screenShots.thumbKey })
      .from(screenShots)
      .where(eq(screenShots.equipmentId, unit.id));
    await tx.delete(equipment).where(eq(equipment.id, unit.id));
    return { files: shots.flatMap((s) => [s.image, s.thumb]) };
  }
}
