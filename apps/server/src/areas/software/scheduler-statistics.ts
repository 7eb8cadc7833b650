import { and, desc, eq, gte, sql } from 'drizzle-orm';
import type { Family } from '@ed/contract/families';
import type { SchedulerStatistics, schedulerDevicesQuerySchema } from '@ed/contract/update-scheduler';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { schedulerEvents, schedulerSamples, stagedUpdates } from '../../db/schema.js';
import { SchedulerDevices, type SchedulerDevicesFilter } from './scheduler-devices.js';

const PAGE_SIZE = 10;
const HOURS = 48;
const DAYS = 30;

type Series = Record<string, number>;
type Bucket = 'hour' | 'day';

/** The Update Scheduler screen's reads: its device table (scheduler-devices.ts) and the series counted from recorded events. */
export class SchedulerReads {
  private readonly table: SchedulerDevices;

  constructor(
    private readonly db: Db,
    private readonly now: () => Date,
  ) {
    this.table = new SchedulerDevices(db);
  }

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

  async devices(family: Family, query: z.output<typeof schedulerDevicesQuerySchema>) {
    const { page, ...filter } = query;
    const [totalDocs, docs] = await Promise.all([
      this.table.count(family, filter),
      this.table.rows(family, filter, (page - 1) * PAGE_SIZE, PAGE_SIZE),
    ]);
    return { totalDocs, docs };
  }

  /** The table's rows for an export: the same filter and sort, read a page at a time. */
  exportSource(family: Family, filter: SchedulerDevicesFilter) {
    return {
      count: () => this.table.count(family, filter),
      page: (offset: number, limit: number) => this.table.rows(family, filter, offset, limit),
    };
  }
}
