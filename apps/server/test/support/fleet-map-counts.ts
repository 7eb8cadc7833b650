import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { fleetMapRoutes } from '@ed/contract/routes/fleet-map';
import type { FleetMapResponse } from '@ed/contract/fleet-map';
import { injectRoute } from './inject-route.js';
import { bearer, type TestApp } from './test-app.js';
import { queryRows } from './test-database.js';

type Counts = { country: string; region: string; total: number; connected: number }[];

/** The fleet map as the console reads it. */
export async function fleetMap(t: TestApp, token: string): Promise<FleetMapResponse> {
  const res = await injectRoute(t.app, fleetMapRoutes.getFleetMap, { headers: bearer(token) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

export const countryOf = (answer: FleetMapResponse, code: string) =>
  answer.countries.find((c) => c.countryCode === code) ?? { countryCode: code, connected: 0, total: 0 };

/** The same counts, the slow way: a GROUP BY over every unit. */
export const naiveCounts = (t: TestApp) =>
  queryRows<Counts[number]>(
    t.app.db,
    sql`select coalesce(e.country_code, '') as country, coalesce(e.geolocation->>'region', '') as region,
          count(*)::int as total, count(*) filter (where l.connected)::int as connected
        from equipment e join equipment_live l on l.equipment_id = e.id group by 1, 2 order by 1, 2`,
  );

/** The counters the fleet map reads, summed over their slots. */
export const mapCounters = (t: TestApp) =>
  queryRows<Counts[number]>(
    t.app.db,
    sql`select country_code as country, region, sum(units)::int as total, sum(connected)::int as connected
        from fleet_map_counters group by 1, 2 having sum(units) <> 0 or sum(connected) <> 0 order by 1, 2`,
  );
