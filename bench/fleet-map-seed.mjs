// The fleet of bench/fleet-map.mjs: units spread over 200 countries (every country the map draws,
// then others) and 12 regions each, three in four connected; the counters set as the migration's
// backfill sets them. Shares seedUnits' way (support.mjs): bulk statements, per-row triggers off.
import { createRequire } from 'node:module';
import { sql } from 'drizzle-orm';

const require = createRequire(import.meta.url);
const codes = require('i18n-iso-countries/codes.json');
const atlas = require('world-atlas/countries-110m.json');

/** 200 alpha-2 codes: the 175 the map draws first, then others of ISO 3166-1. */
export function benchCountries(count = 200) {
  const byNumeric = new Map(codes.map(([alpha2, , numeric]) => [numeric, alpha2]));
  const drawn = atlas.objects.countries.geometries.map((g) => byNumeric.get(g.id)).filter((c) => c && c !== 'AQ');
  const others = codes.map(([alpha2]) => alpha2).filter((c) => !drawn.includes(c));
  return [...new Set([...drawn, ...others])].slice(0, count);
}

const CHUNK = 100_000;

export async function seedMapFleet(db, units, countries = benchCountries()) {
  const list = `{${countries.join(',')}}`;
  for (let from = 1; from <= units; from += CHUNK) {
    const to = Math.min(units, from + CHUNK - 1);
    // Skewed as a real fleet is: country k gets about twice the units of country 2k.
    await db.execute(sql`
      insert into equipment (serial_number, family, version_semantic, country_code, geolocation)
      select s.serial, s.family, '5.' || (s.i % 10) || '.0', s.country,
        jsonb_build_object('continent_name', null, 'country_name', null, 'country_code', s.country,
          'region', 'Region ' || (s.i % 12), 'city', null, 'time_zone', jsonb_build_object('name', null, 'offset', null))
      from (
        select i, (array['V33','TP1','OA1'])[1 + i % 3] || chr(65 + i % 12) || chr(74 + i % 16) || lpad(i::text, 7, '0') as serial,
          (array['aligner','gtps','aligner-oasis'])[1 + i % 3] as family,
          (${list}::text[])[1 + floor(${countries.length} * power(((i::bigint * 7919) % 10007) / 10007.0, 2))::int] as country
        from generate_series(${from}::int, ${to}::int) as i
      ) s`);
  }
  await db.execute(sql`alter table equipment_live disable trigger equipment_live_connected_updated`);
  await db.execute(sql`alter table equipment_live disable trigger fleet_map_connected_updated`);
  for (let from = 1; from <= units; from += CHUNK) {
    await db.execute(sql`update equipment_live set connected = equipment_id % 4 <> 0
      where equipment_id between ${from} and ${from + CHUNK - 1}`);
  }
  await db.execute(sql`alter table equipment_live enable trigger equipment_live_connected_updated`);
  await db.execute(sql`alter table equipment_live enable trigger fleet_map_connected_updated`);
  await db.execute(sql`
    update fleet_counters set connected = coalesce((select count(*) from equipment_live
      where connected and equipment_id % 16 = fleet_counters.shard), 0)`);
  await db.execute(sql`select fleet_map_recount()`);
}
