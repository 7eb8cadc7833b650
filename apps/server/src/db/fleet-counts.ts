import { sql } from 'drizzle-orm';
import type { Db } from './client.js';
import { fleetCounters } from './schema.js';

export interface FleetCounts {
  connectedAligners: number;
  totalAligners: number;
}

/**
 * Connected and known units, from the counters the fleet keeps as units come and go. Read by the
 * fleet and by live (the consoles' counters), which must not wait for each other to be built.
 */
export async function readFleetCounts(db: Db): Promise<FleetCounts> {
  const [row] = await db
    .select({
      connectedAligners: sql<number>`coalesce(sum(${fleetCounters.connected}), 0)::int`,
      totalAligners: sql<number>`coalesce(sum(${fleetCounters.units}), 0)::int`,
    })
    .from(fleetCounters);
  return row ?? { connectedAligners: 0, totalAligners: 0 };
}
