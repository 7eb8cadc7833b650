import { and, asc, desc, eq, like, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { escapeLike, serialContains } from '../../db/serial-search.js';
import type { EquipmentSortKey } from '@ed/contract/aligners';
import type { Family } from '@ed/contract/families';
import type { Db } from '../../db/client.js';
import { equipment, equipmentLive, favorites, fleetCounters, supportTickets } from '../../db/schema.js';
import { unitColumns, withLive, type EquipmentRow } from '../../db/unit-columns.js';

export interface EquipmentFilter {
  serialNumber?: string;
  countryCode?: string;
  softwareVersion?: string;
  family?: Family;
}

/** A row of the list: the unit, whether the reader has it on their radar, and its open tickets. */
export type ListedRow = EquipmentRow & { favorite: boolean; openSupportTickets: number };

export type WayIn = 'filter-first' | 'sort-index';

const sortColumn = {
  serialNumber: 'serialNumber',
  countryCode: 'countryCode',
  family: 'family',
  version: 'versionSort',
  createdAt: 'createdAt',
  updatedAt: 'updatedAt',
} as const satisfies Record<EquipmentSortKey, keyof typeof equipment.$inferSelect>;

/** LIKE treats % and _ as wildcards; a filter means them literally. */

const p = (name: string) => sql.placeholder(name);

/** The filter's condition with placeholders (its shape), and the values that fill them. */
function filterOf(filter: EquipmentFilter): { shape: string; where: SQL | undefined; values: Record<string, string> } {
  const values: Record<string, string> = {};
  const parts: (SQL | undefined)[] = [];
  let shape = '';
  if (filter.serialNumber) {
    values.serial = `%${escapeLike(filter.serialNumber)}%`;
    parts.push(serialContains(equipment.serialNumber, p('serial')));
    shape += 's';
  }
  if (filter.countryCode) {
    const exact = filter.countryCode.length === 2;
    values.country = exact ? filter.countryCode : `${escapeLike(filter.countryCode)}%`;
    parts.push(exact ? eq(equipment.countryCode, p('country')) : like(equipment.countryCode, p('country')));
    shape += exact ? 'C' : 'c';
  }
  if (filter.softwareVersion) {
    values.version = `${escapeLike(filter.softwareVersion)}%`;
    parts.push(like(equipment.versionSemantic, p('version')));
    shape += 'v';
  }
  if (filter.family) {
    values.family = filter.family;
    parts.push(eq(equipment.family, p('family')));
    shape += 'f';
  }
  return { shape, where: and(...parts), values };
}

/**
 * The equipment list's statements, built once per shape (which filters, which sort, which way in)
 * and prepared under a name: a request only binds its values. Building the statement anew was
 * about a quarter of the list's CPU, and a prepared statement is parsed once per connection.
 */
export class ListStatements {
  private readonly pages = new Map<string, { execute(values: Record<string, unknown>): Promise<unknown> }>();
  private readonly counts = new Map<string, { execute(values: Record<string, unknown>): Promise<unknown> }>();

  constructor(private readonly db: Db) {}

  async count(filter: EquipmentFilter): Promise<number> {
    const { shape, where, values } = filterOf(filter);
    let statement = this.counts.get(shape);
    if (!statement) {
      statement = this.db
        .select({ n: sql<number>`count(*)::int` })
        .from(equipment)
        .where(where)
        .prepare(`equipment_count_${shape || 'all'}`);
      this.counts.set(shape, statement);
    }
    const [row] = (await statement.execute(values)) as { n: number }[];
    return row?.n ?? 0;
  }

  /** One page for `userId`; `total` is the filter's count (unused, and the fleet's size read instead, without one). */
  async page(
    userId: number,
    filter: EquipmentFilter,
    sort: { by: EquipmentSortKey; desc: boolean },
    way: WayIn,
    window: { offset: number; pageSize: number; total: number },
  ): Promise<(ListedRow & { total: number })[]> {
    const { shape, where, values } = filterOf(filter);
    const key = `${shape}:${sort.by}:${sort.desc ? 'd' : 'a'}:${way}`;
    let statement = this.pages.get(key);
    if (!statement) {
      statement = this.build(where, sort, way).prepare(`equipment_page_${key.replace(/:/g, '_')}`);
      this.pages.set(key, statement);
    }
    return (await statement.execute({
      ...values,
      userId,
      offset: window.offset,
      pageSize: window.pageSize,
      total: window.total,
      matches: window.total * 2 + window.pageSize,
    })) as (ListedRow & { total: number })[];
  }

  private build(where: SQL | undefined, sort: { by: EquipmentSortKey; desc: boolean }, way: WayIn) {
    const direction = sort.desc ? desc : asc;
    const column = sortColumn[sort.by];
    // Serial number breaks ties, so paging is stable whatever the sort.
    const order = (sortKey: AnyColumn, serialNumber: AnyColumn) => [direction(sortKey), direction(serialNumber)];
    // Either way only the page's ten serial numbers are found first, reading as few columns as
    // possible, and then joined back to the table for their rows.
    let keys;
    if (way === 'filter-first') {
      // Few matches: collect them through the filter's own index and sort only those. Walking
      // the sort index instead reads every non-match that sorts before them (docs/benchmarks.md).
      // The LIMIT keeps PostgreSQL from folding the subquery into the outer, index-ordered scan.
      const matches = this.db
        .select({ serialNumber: equipment.serialNumber, [column]: equipment[column] })
        .from(equipment)
        .where(where)
        .limit(p('matches'))
        .as('matches');
      keys = this.db
        .select({ serialNumber: matches.serialNumber })
        .from(matches)
        // `matches` has the sort column under its own name; TypeScript types that computed key as
        // any string, so the column it always finds there reads as possibly undefined.
        .orderBy(...order(matches[column]!, matches.serialNumber))
        .limit(p('pageSize'))
        .offset(p('offset'))
        .as('keys');
    } else {
      // Many matches: skip the offset on the sort index alone (index-only once vacuumed).
      keys = this.db
        .select({ serialNumber: equipment.serialNumber })
        .from(equipment)
        .where(where)
        .orderBy(...order(equipment[column], equipment.serialNumber))
        .limit(p('pageSize'))
        .offset(p('offset'))
        .as('keys');
    }
    return this.db
      .select({
        ...unitColumns,
        favorite: sql<boolean>`exists (select 1 from ${favorites} where ${favorites.userId} = ${p('userId')}
          and ${favorites.equipmentId} = ${equipment.id})`,
        openSupportTickets: sql<number>`(select count(*)::int from ${supportTickets}
          where ${supportTickets.serialNumber} = ${equipment.serialNumber} and not ${supportTickets.closed})`,
        // Without a filter the total is the fleet's size, read in the same statement.
        total: where
          ? sql<number>`${p('total')}::int`
          : sql<number>`(select coalesce(sum(${fleetCounters.units}), 0)::int from ${fleetCounters})`,
      })
      .from(equipment)
      .innerJoin(keys, eq(equipment.serialNumber, keys.serialNumber))
      .innerJoin(equipmentLive, withLive)
      .orderBy(...order(equipment[column], equipment.serialNumber));
  }
}
