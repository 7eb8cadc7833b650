import { desc, eq, sql } from 'drizzle-orm';
import { FLEET_MAP_REGIONS_MAX } from '@ed/contract/fleet-map';
import type { Db } from '../../db/client.js';
import { fleetMapCounters } from '../../db/schema.js';

/** Connected and total units under one key: a country code, or a region ('' for none). */
export interface KeyCounts {
  key: string;
  connected: number;
  total: number;
}

/** Every ISO 3166-1 country and '' fit under this bound with room to spare. */
const COUNTRIES_MAX = 400;

const c = fleetMapCounters;
const total = sql<number>`sum(${c.units})::int`;
const connected = sql<number>`sum(${c.connected})::int`;

/**
 * Reads of the fleet map's counters (migration fleet_map_counters): a few rows per (country,
 * region) summed, never the units themselves, so an answer costs the same at 1,000 units as at a
 * million. Both reads walk the primary key (country_code, region, shard).
 */
export class FleetMapRepository {
  constructor(private readonly db: Db) {}

  /** Per country code ('' for units placed nowhere), those with units only. */
  countries(): Promise<KeyCounts[]> {
    return this.db
      .select({ key: c.countryCode, connected, total })
      .from(c)
      .groupBy(c.countryCode)
      .having(sql`sum(${c.units}) > 0`)
      .orderBy(c.countryCode)
      .limit(COUNTRIES_MAX);
  }

  /** Per region of one country ('' for its units without a region), the largest first. */
  regions(countryCode: string): Promise<KeyCounts[]> {
    return this.db
      .select({ key: c.region, connected, total })
      .from(c)
      .where(eq(c.countryCode, countryCode))
      .groupBy(c.region)
      .having(sql`sum(${c.units}) > 0`)
      .orderBy(desc(total), c.region)
      .limit(FLEET_MAP_REGIONS_MAX);
  }

  /** One country's totals (its regions may be more than are answered). */
  async country(countryCode: string): Promise<{ connected: number; total: number }> {
    const [row] = await this.db
      .select({
        connected: sql<number>`coalesce(sum(${c.connected}), 0)::int`,
        total: sql<number>`coalesce(sum(${c.units}), 0)::int`,
      })
      .from(c)
      .where(eq(c.countryCode, countryCode));
    return row ?? { connected: 0, total: 0 };
  }
}
