import { and, asc, desc, eq, gte, isNotNull, like, sql, type SQL } from 'drizzle-orm';
import type { Family } from '@ed/contract/families';
import type { SchedulerDevice, SchedulerStatistics, schedulerDevicesQuerySchema } from '@ed/contract/update-scheduler';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { equipment, equipmentLive, schedulerEvents, schedulerSamples, stagedUpdates } from '../../db/schema.js';
import { withLive } from '../../db/unit-columns.js';

const PAGE_SIZE = 10;
const HOURS = 48;
const DAYS = 30;

type Series = Record<string, number>;
type Bucket = 'hour' | 'day';

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

/** The Update Scheduler screen's reads: its device table and the series counted from recorded events. */
export class SchedulerReads {
  constructor(
    private readonly db: Db,
    private readonly now: () => Date,
  ) {}

  async statistics(family: Family, slots: number): Promise<SchedulerStatistics> {
    const totals = await this.db
      .select({ kind: schedulerEvents.kind, n: sql<number>`count(*)::int` })
      .from(schedulerEvents)
      .where(eq(schedulerEvents.family, family))
      .groupBy(schedulerEvents.kind);
    const total = (kind: string) => totals.find((t) => t.kind === kind)?.n ?? 0;
    const [age] = await this.db
      .select({
        minutes: sql<number>`coalesce(avg(extract(epoch from (${this.now().toISOString()}::timestamptz - ${stagedUpdates.stagedAt})) / 60), 0)::float`,
      })
      .from(stagedUpdates)
      .where(and(eq(stagedUpdates.family, family), eq(stagedUpdates.autoStaged, true)));
    const hourly = await this.series(family, 'hour', HOURS);
    const daily = await this.series(family, 'day', DAYS);
    const autoStaged = total('auto_staged');
    const autoUnstaged = total('auto_unstaged');
    const hung = total('hung');
    return {
      autoStaged,
      autoUnstaged,
      autoUnstagedDueToHungCount: hung,
      deliveries: autoStaged - autoUnstaged - hung,
      averageSlotAge: Math.max(0, age?.minutes ?? 0),
      slots,
      dailyStatistics: {
        deliveries: daily.deliveries,
        connectedCount: daily.connectedCount,
        alignersAtCurrentVersion: daily.atCurrent,
        autoStaged: daily.autoStaged,
      },
      hourlyStatistics: {
        deliveries: hourly.deliveries,
        connectedCount: hourly.connectedCount,
        alignersAtCurrentVersion: hourly.atCurrent,
        ...(family === 'gtps' ? { truPointsAtCurrentVersion: hourly.atCurrent } : {}),
        autoStaged: hourly.autoStaged,
        connections: hourly.connections,
        updatedToCurrentSoftware: hourly.updated,
        slotsUsed: hourly.slotsUsed,
      },
    };
  }

  /** Per period, newest first: event counts and the period's last sample of the fleet's levels. */
  private async series(family: Family, bucket: Bucket, periods: number) {
    const stepMs = bucket === 'hour' ? 3_600_000 : 86_400_000;
    const since = new Date(Math.floor(this.now().getTime() / stepMs) * stepMs - (periods - 1) * stepMs);
    const eventPeriod = sql<Date>`date_trunc(${sql.raw(`'${bucket}'`)}, ${schedulerEvents.at}, 'UTC')`;
    const events = await this.db
      .select({ period: eventPeriod, kind: schedulerEvents.kind, n: sql<number>`count(*)::int` })
      .from(schedulerEvents)
      .where(and(eq(schedulerEvents.family, family), gte(schedulerEvents.at, since)))
      .groupBy(eventPeriod, schedulerEvents.kind);
    const samplePeriod = sql<Date>`date_trunc(${sql.raw(`'${bucket}'`)}, ${schedulerSamples.hour}, 'UTC')`;
    const samples = await this.db
      .selectDistinctOn([samplePeriod], {
        period: samplePeriod,
        connected: schedulerSamples.connected,
        atCurrent: schedulerSamples.atCurrentVersion,
        connections: schedulerSamples.connections,
        slotsUsed: schedulerSamples.slotsUsed,
      })
      .from(schedulerSamples)
      .where(and(eq(schedulerSamples.family, family), gte(schedulerSamples.hour, since)))
      .orderBy(samplePeriod, desc(schedulerSamples.hour));
    const out = {
      deliveries: {} as Series,
      autoStaged: {} as Series,
      updated: {} as Series,
      connectedCount: {} as Series,
      atCurrent: {} as Series,
      connections: {} as Series,
      slotsUsed: {} as Series,
    };
    const key = (d: Date | string) => new Date(d).toISOString();
    const periodsSeen = new Set<string>([...events.map((e) => key(e.period)), ...samples.map((s) => key(s.period))]);
    for (const period of [...periodsSeen].sort().reverse()) {
      const count = (kind: string) => events.find((e) => key(e.period) === period && e.kind === kind)?.n ?? 0;
      out.autoStaged[period] = count('auto_staged');
      out.deliveries[period] = count('auto_staged') - count('auto_unstaged') - count('hung');
      out.updated[period] = count('delivery');
      const sample = samples.find((s) => key(s.period) === period);
      if (sample) {
        out.connectedCount[period] = sample.connected;
        out.atCurrent[period] = sample.atCurrent;
        out.connections[period] = sample.connections;
        out.slotsUsed[period] = sample.slotsUsed;
      }
    }
    return out;
  }

  async devices(
    family: Family,
    query: z.output<typeof schedulerDevicesQuerySchema>,
  ): Promise<{ docs: SchedulerDevice[]; totalDocs: number }> {
    const state = sql<string>`${equipmentLive.updateState}->>'state'`;
    const filters: (SQL | undefined)[] = [
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
    ];
    const where = and(...filters);
    const sort = SORTS[query.sortBy];
    const [count] = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(equipment)
      .innerJoin(equipmentLive, withLive)
      .leftJoin(stagedUpdates, eq(stagedUpdates.serialNumber, equipment.serialNumber))
      .where(where);
    const rows = await this.db
      .select({ unit: equipment, live: equipmentLive, staged: stagedUpdates })
      .from(equipment)
      .innerJoin(equipmentLive, withLive)
      .leftJoin(stagedUpdates, eq(stagedUpdates.serialNumber, equipment.serialNumber))
      .where(where)
      .orderBy(query.sortDesc ? sql`${sort} desc nulls last` : sql`${sort} asc nulls last`, asc(equipment.serialNumber))
      .limit(PAGE_SIZE)
      .offset((query.page - 1) * PAGE_SIZE);
    return {
      totalDocs: count?.n ?? 0,
      docs: rows.map(({ unit, live, staged }) => {
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
      }),
    };
  }
}
