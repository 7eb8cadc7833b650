// The live fleet map's counts (docs/fleet-map.md), kept by triggers as units come, go and move.
import { bigint, pgTable, primaryKey, smallint, text } from 'drizzle-orm/pg-core';

/**
 * Units and connected units per (country, region), in shards: each writing connection adds to
 * its own shard (its backend's id modulo 8), so two instances' batches seldom wait on one row. A
 * read sums a country's shards. '' stands for no country or no region (a key cannot be null).
 * The triggers are in migration `fleet_map_counters`.
 */
export const fleetMapCounters = pgTable(
  'fleet_map_counters',
  {
    countryCode: text('country_code').notNull(),
    region: text('region').notNull(),
    shard: smallint('shard').notNull(),
    units: bigint('units', { mode: 'number' }).notNull().default(0),
    connected: bigint('connected', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.countryCode, t.region, t.shard] })],
);
