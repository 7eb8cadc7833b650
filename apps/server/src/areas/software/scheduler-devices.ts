import { and, asc, eq, isNotNull, like, sql, type SQL } from 'drizzle-orm';
import type { Family } from '@ed/contract/families';
import type { SchedulerDevice, schedulerDevicesQuerySchema } from '@ed/contract/update-scheduler';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { equipment, equipmentLive, stagedUpdates } from '../../db/schema.js';
import { withLive } from '../../db/unit-columns.js';

/** The table's filter and sort, without its page (the list and its export read them alike). */
export type SchedulerDevicesFilter = Omit<z.output<typeof schedulerDevicesQuerySchema>, 'page'>;

const escapeLike = (v: string) => v.replace(/[\\%_]/g, (c) => `\\${c}`);

const SORTS = {
  serialNumber: equipment.serialNumber,
  countryCode: equipment.countryCode,
  family: equipment.family,
  version: equipment.versionSort,
  lastSeenOnlineAt: equipmentLive.lastSeenOnlineAt,
  stagedAt: stagedUpdates.stagedAt,
  connected: equipmentLive.connected,
} as const;

function whereOf(family: Family, query: SchedulerDevicesFilter): SQL | undefined {
  const state = sql<string>`${equipmentLive.updateState}->>'state'`;
  return and(
    eq(equipment.family, family),
    query.filterSerialNumber ? like(equipment.serialNumber, `%${escapeLike(query.filterSerialNumber)}%`) : undefined,
    query.filterCountryCode ? like(equipment.countryCode, `${escapeLike(query.filterCountryCode)}%`) : undefined,
    query.filterSoftwareVersion
      ? like(equipment.versionSemantic, `${escapeLike(query.filterSoftwareVersion)}%`)
      : undefined,
    query.filterFamily ? like(equipment.family, `${escapeLike(query.filterFamily)}%`) : undefined,
    query.filterState
      ? query.filterState.toLowerCase() === 'unknown'
        ? eq(equipmentLive.connected, false)
        : and(eq(equipmentLive.connected, true), like(state, `${escapeLike(query.filterState.toUpperCase())}%`))
      : undefined,
    query.onlyConnected ? eq(equipmentLive.connected, true) : undefined,
    query.onlyStaged ? isNotNull(equipment.pendingSoftwareDownload) : undefined,
  );
}

/** The Update Scheduler's device table: a family's units with their staging and update state. */
export class SchedulerDevices {
  constructor(private readonly db: Db) {}

  async count(family: Family, query: SchedulerDevicesFilter): Promise<number> {
    const [count] = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(equipment)
      .innerJoin(equipmentLive, withLive)
      .leftJoin(stagedUpdates, eq(stagedUpdates.serialNumber, equipment.serialNumber))
      .where(whereOf(family, query));
    return count?.n ?? 0;
  }

  /** The table's rows in its sort, from `offset` (a page, or a page of an export). */
  async rows(family: Family, query: SchedulerDevicesFilter, offset: number, limit: number): Promise<SchedulerDevice[]> {
    const sort = SORTS[query.sortBy];
    const rows = await this.db
      .select({ unit: equipment, live: equipmentLive, staged: stagedUpdates })
      .from(equipment)
      .innerJoin(equipmentLive, withLive)
      .leftJoin(stagedUpdates, eq(stagedUpdates.serialNumber, equipment.serialNumber))
      .where(whereOf(family, query))
      .orderBy(query.sortDesc ? sql`${sort} desc nulls last` : sql`${sort} asc nulls last`, asc(equipment.serialNumber))
      .limit(limit)
      .offset(offset);
    return rows.map(({ unit, live, staged }) => {
      const staging = staged ?? null;
      const pending = staging?.semantic ?? unit.pendingSoftwareDownload;
      return {
        serialNumber: unit.serialNumber,
        geolocation: { country_code: unit.countryCode },
        family: unit.family,
        version: unit.versionSemantic ? { semantic: unit.versionSemantic, meta: unit.versionMeta } : null,
        lastSeenOnlineAt: live.lastSeenOnlineAt?.toISOString() ?? null,
        staging: {
          isStaged: pending !== null,
          autoStaged: staging?.autoStaged ?? false,
          stagedVersion: pending ? { semantic: pending } : null,
          stagedAt: staging?.stagedAt.toISOString() ?? null,
        },
        connected: live.connected,
        bestGuessAtSoftwareUpdateState: live.connected ? (live.updateState?.state ?? 'unknown') : 'unknown',
        bestGuessAtSoftwareUpdateVersion: live.connected && pending ? { semantic: pending, meta: null } : null,
        createdAt: unit.createdAt.toISOString(),
        updatedAt: unit.updatedAt.toISOString(),
      };
    });
  }
}
