import { and, asc, eq, gte, lt, sql } from 'drizzle-orm';
import type { TrendPoint, TrendResolution } from '@ed/contract/trend';
import type { Db } from '../../db/client.js';
import { queryRows } from '../../db/rows.js';
import { connectionRollups, connectionSamples } from '../../db/schema.js';

/** Arbitrary constant: one instance rolls up at a time; the others skip that minute. */
const ROLLUP_LOCK = 727_008;

export interface Retention {
  minuteDays: number;
  hourDays: number;
  dayDays: number;
}

/** The connected-equipment series: minute samples (written by the gateway) and their rollups. */
export class TrendRepository {
  constructor(private readonly db: Db) {}

  /**
   * Rolls minutes up into hours and hours into days, from the last bucket already rolled up
   * (recomputed, it may have been partial) to `now`, then drops what is past its retention.
   * Idempotent; returns false when another instance held the lock.
   */
  async rollup(now: Date, retention: Retention): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const [locked] = await queryRows<{ ok: boolean }>(
        tx,
        sql`select pg_try_advisory_xact_lock(${ROLLUP_LOCK}) as ok`,
      );
      if (!locked?.ok) return false;
      await tx.execute(sql`
        insert into ${connectionRollups} (resolution, bucket, min_connected, max_connected, sum_connected, samples, total)
        select 'hour', date_trunc('hour', minute, 'UTC'), min(connected), max(connected), sum(connected), count(*),
               (array_agg(total order by minute desc))[1]
        from ${connectionSamples}
        where minute >= coalesce((select max(bucket) from ${connectionRollups} where resolution = 'hour'), '-infinity')
          and minute <= ${now}
        group by 2
        on conflict (resolution, bucket) do update set min_connected = excluded.min_connected,
          max_connected = excluded.max_connected, sum_connected = excluded.sum_connected,
          samples = excluded.samples, total = excluded.total`);
      await tx.execute(sql`
        insert into ${connectionRollups} (resolution, bucket, min_connected, max_connected, sum_connected, samples, total)
        select 'day', date_trunc('day', bucket, 'UTC'), min(min_connected), max(max_connected), sum(sum_connected),
               sum(samples), (array_agg(total order by bucket desc))[1]
        from ${connectionRollups}
        where resolution = 'hour'
          and bucket >= coalesce((select max(bucket) from ${connectionRollups} where resolution = 'day'), '-infinity')
        group by 2
        on conflict (resolution, bucket) do update set min_connected = excluded.min_connected,
          max_connected = excluded.max_connected, sum_connected = excluded.sum_connected,
          samples = excluded.samples, total = excluded.total`);
      const before = (days: number) => new Date(now.getTime() - days * 86_400_000);
      await tx.delete(connectionSamples).where(lt(connectionSamples.minute, before(retention.minuteDays)));
      for (const [resolution, days] of [
        ['hour', retention.hourDays],
        ['day', retention.dayDays],
      ] as const) {
        await tx
          .delete(connectionRollups)
          .where(and(eq(connectionRollups.resolution, resolution), lt(connectionRollups.bucket, before(days))));
      }
      return true;
    });
  }

  /** The buckets of [from, to) at one resolution, oldest first (the caller bounds the span). */
  async series(resolution: TrendResolution, from: Date, to: Date): Promise<TrendPoint[]> {
    if (resolution === 'minute') {
      const rows = await this.db
        .select()
        .from(connectionSamples)
        .where(and(gte(connectionSamples.minute, from), lt(connectionSamples.minute, to)))
        .orderBy(asc(connectionSamples.minute));
      return rows.map((r) => ({
        at: r.minute.toISOString(),
        min: r.connected,
        max: r.connected,
        avg: r.connected,
        total: r.total,
      }));
    }
    const rows = await this.db
      .select()
      .from(connectionRollups)
      .where(
        and(
          eq(connectionRollups.resolution, resolution),
          gte(connectionRollups.bucket, from),
          lt(connectionRollups.bucket, to),
        ),
      )
      .orderBy(asc(connectionRollups.bucket));
    return rows.map((r) => ({
      at: r.bucket.toISOString(),
      min: r.minConnected,
      max: r.maxConnected,
      avg: Math.round((r.sumConnected / r.samples) * 100) / 100,
      total: r.total,
    }));
  }
}
