import { and, count, eq, inArray, sql } from 'drizzle-orm';
import type { EquipmentSortKey } from '@ed/contract/aligners';
import type { Db } from '../../db/client.js';
import { equipment, favorites, fleetCounters, screenShots, supportTickets } from '../../db/schema.js';
import { ListStatements, type EquipmentFilter, type ListedRow } from './list-statements.js';

/**
 * Up to this many matches, or this share of the fleet, the filter's index is the better way in;
 * above it, the sort index (docs/benchmarks.md).
 */
const FILTER_FIRST_MIN = 5_000;
const FILTER_FIRST_SHARE = 0.05;

/**
 * Counts above the filter-first threshold are kept this long: counting tens of thousands of
 * matches costs more than the page itself, and a total a few seconds old is still the answer
 * people page through. Smaller counts are always exact (and cheap).
 */
const LARGE_COUNT_TTL_MS = 5_000;
const LARGE_COUNTS_KEPT = 256;

/** The equipment list and its reads; every filter and sort has an index (docs/benchmarks.md). */
export class AlignersRepository {
  private readonly largeCounts = new Map<string, { total: number; until: number }>();
  private fleetSize = { units: 0, until: 0 };

  private readonly statements: ListStatements;

  constructor(private readonly db: Db) {
    this.statements = new ListStatements(db);
  }

  /**
   * One page for `userId`, in one statement: the rows with the reader's favorite flags and open
   * ticket counts, and, without a filter, the fleet's size. A filter first counts its matches,
   * unless a large count is still fresh.
   */
  async page(
    userId: number,
    filter: EquipmentFilter,
    sort: { by: EquipmentSortKey; desc: boolean },
    page: number,
    pageSize: number,
  ): Promise<{ rows: ListedRow[]; total: number }> {
    const offset = (page - 1) * pageSize;
    const filtered = Object.values(filter).some(Boolean);
    if (!filtered) {
      const rows = await this.statements.page(userId, filter, sort, 'sort-index', { offset, pageSize, total: 0 });
      return { rows, total: rows[0]?.total ?? (await this.units(true)) };
    }
    const key = JSON.stringify(filter);
    const kept = this.largeCounts.get(key);
    const total = kept && kept.until > Date.now() ? kept.total : await this.statements.count(filter);
    const threshold = Math.max(FILTER_FIRST_MIN, (await this.units()) * FILTER_FIRST_SHARE);
    if (total > threshold) this.keepLargeCount(key, total);
    if (offset >= total) return { rows: [], total };
    const way = total <= threshold ? 'filter-first' : 'sort-index';
    return { rows: await this.statements.page(userId, filter, sort, way, { offset, pageSize, total }), total };
  }

  /**
   * The list's rows for an export: the same statements as a page, a bigger window at a time. The
   * way in is chosen once, from the count, as a page would choose it.
   */
  exportSource(userId: number, filter: EquipmentFilter, sort: { by: EquipmentSortKey; desc: boolean }) {
    const filtered = Object.values(filter).some(Boolean);
    let way: 'filter-first' | 'sort-index' = 'sort-index';
    let total = 0;
    return {
      count: async () => {
        if (!filtered) return this.units(true);
        total = await this.statements.count(filter);
        if (total <= Math.max(FILTER_FIRST_MIN, (await this.units()) * FILTER_FIRST_SHARE)) way = 'filter-first';
        return total;
      },
      page: (offset: number, limit: number): Promise<ListedRow[]> =>
        this.statements.page(userId, filter, sort, way, { offset, pageSize: limit, total }),
    };
  }

  /** The fleet's size, from the sharded counters (16 rows). */
  private async units(fresh = false): Promise<number> {
    if (!fresh && this.fleetSize.until > Date.now()) return this.fleetSize.units;
    const [fleet] = await this.db
      .select({ units: sql<number>`coalesce(sum(${fleetCounters.units}), 0)::int` })
      .from(fleetCounters);
    // Only the choice between the two ways in reads this copy; a second's staleness changes nothing there.
    this.fleetSize = { units: fleet?.units ?? 0, until: Date.now() + 1_000 };
    return this.fleetSize.units;
  }

  private keepLargeCount(key: string, total: number): void {
    this.largeCounts.delete(key);
    this.largeCounts.set(key, { total, until: Date.now() + LARGE_COUNT_TTL_MS });
    if (this.largeCounts.size > LARGE_COUNTS_KEPT) {
      const oldest = this.largeCounts.keys().next().value;
      if (oldest !== undefined) this.largeCounts.delete(oldest);
    }
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

  /** Open support tickets per unit id, for the badge (the list statement counts them in its SQL). */
  async openTicketCounts(equipmentIds: number[]): Promise<Map<number, number>> {
    if (equipmentIds.length === 0) return new Map();
    const rows = await this.db
      .select({ id: equipment.id, n: count() })
      .from(equipment)
      .innerJoin(
        supportTickets,
        and(eq(supportTickets.serialNumber, equipment.serialNumber), eq(supportTickets.closed, false)),
      )
      .where(inArray(equipment.id, equipmentIds))
      .groupBy(equipment.id);
    return new Map(rows.map((r) => [r.id, r.n]));
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
