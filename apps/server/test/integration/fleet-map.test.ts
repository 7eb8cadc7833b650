import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FleetMapRegionsResponse } from '@ed/contract/fleet-map';
import { embeddedBroker, fleetFixture, type FleetFixture } from '../support/fleet-fixture.js';
import { bearer } from '../support/test-app.js';
import { countryOf, fleetMap, mapCounters, naiveCounts } from '../support/fleet-map-counts.js';
import type { TestUnit } from '../support/test-unit.js';

/** Addresses the gateway's GeoLite2 database places in Great Britain (England) and Germany. */
const GB = '81.2.69.142';
const DE = '87.129.12.34';
/** A private address: geolocation places it nowhere. */
const NOWHERE = '10.1.2.3';

/**
 * The fleet map's counts (docs/fleet-map.md) follow units through the real fleet paths: a
 * connection geolocated by the gateway, a death, a deletion; and they always equal a count of the
 * units themselves. Runs on PGlite, and on PostgreSQL with DATABASE_URL.
 */
describe('fleet map', () => {
  let f: FleetFixture;
  let admin: string;
  const units: TestUnit[] = [];

  beforeAll(async () => {
    f = await fleetFixture(embeddedBroker);
    admin = (await f.t.signIn('admin')).access_token;
    await f.t.createUser('eve', 'engineer');
  });
  afterAll(() => f.close());

  const world = () => fleetMap(f.t, admin);
  const regions = async (country: string) => {
    const res = await f.t.app.inject({ url: `/read/fleet-map/regions/v1?country=${country}`, headers: bearer(admin) });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<FleetMapRegionsResponse>();
  };
  const naive = () => naiveCounts(f.t);
  const counters = () => mapCounters(f.t);
  const connectFrom = async (address: string) => {
    const unit = await f.unit(undefined, address);
    await unit.connect();
    await f.row(unit.serialNumber, (row) => expect(row.connected).toBe(true));
    units.push(unit);
    return unit;
  };

  it('counts units per country and region as they connect through the gateway', async () => {
    await connectFrom(GB);
    await connectFrom(GB);
    await connectFrom(DE);
    await connectFrom(NOWHERE);
    await f.t.app.fleet.gateway.settled();

    const answer = await world();
    expect(countryOf(answer, 'GB')).toEqual({ countryCode: 'GB', connected: 2, total: 2 });
    expect(countryOf(answer, 'DE')).toEqual({ countryCode: 'DE', connected: 1, total: 1 });
    expect(answer.unlocated).toEqual({ connected: 1, total: 1 });
    expect(answer).toMatchObject({ connected: 4, total: 4 });
    expect(await regions('gb')).toEqual({
      countryCode: 'GB',
      regions: [{ region: 'England', connected: 2, total: 2 }],
      connected: 2,
      total: 2,
    });
    expect(await counters()).toEqual(await naive());
  });

  it('keeps a unit that goes offline in the total, and drops it from the connected', async () => {
    const [first] = units;
    await first!.disconnect();
    await vi.waitFor(async () => expect(countryOf(await world(), 'GB')).toMatchObject({ connected: 1, total: 2 }), {
      timeout: 5_000,
      interval: 50,
    });
    expect(await counters()).toEqual(await naive());
  });

  it('moves a unit whose geolocation changes, connected or not, and forgets a deleted one', async () => {
    const de = units[2]!;
    await f.t.app.db.execute(sql`
      update equipment set country_code = 'FR',
        geolocation = jsonb_set(jsonb_set(geolocation, '{country_code}', '"FR"'), '{region}', '"Brittany"')
      where serial_number = ${de.serialNumber}`);
    const moved = await world();
    expect(countryOf(moved, 'DE').total).toBe(0);
    expect(countryOf(moved, 'FR')).toEqual({ countryCode: 'FR', connected: 1, total: 1 });
    expect((await regions('FR')).regions).toEqual([{ region: 'Brittany', connected: 1, total: 1 }]);

    const gone = await f.t.app.inject({
      method: 'POST',
      url: '/api/v1/delete_equipment',
      headers: bearer(admin),
      payload: { serialNumber: de.serialNumber },
    });
    expect(gone.statusCode, gone.body).toBe(200);
    const after = await world();
    expect(countryOf(after, 'FR').total).toBe(0);
    expect(after.countries.map((c) => c.countryCode)).not.toContain('FR');
    expect(await counters()).toEqual(await naive());
  });

  it('answers a country without units with zeros', async () => {
    expect(await regions('NZ')).toEqual({ countryCode: 'NZ', regions: [], connected: 0, total: 0 });
  });

  it('counts again from the units what a bulk load wrote with the triggers off', async () => {
    await f.t.app.db.execute(sql`delete from fleet_map_counters`);
    expect((await world()).total).toBe(0);
    await f.t.app.db.execute(sql`select fleet_map_recount()`);
    expect(await counters()).toEqual(await naive());
    expect((await world()).total).toBe(3);
  });

  it('is for admin only, like the spec’s maps menu item, and needs a token', async () => {
    const eve = (await f.t.signIn('eve')).access_token;
    for (const url of ['/read/fleet-map/v1', '/read/fleet-map/regions/v1?country=GB']) {
      const refused = await f.t.app.inject({ url, headers: bearer(eve) });
      expect(refused.statusCode, url).toBe(403);
      const anonymous = await f.t.app.inject({ url });
      expect(anonymous.statusCode, url).toBe(401);
    }
  });

  it('refuses a country that is not a two-letter code, naming it', async () => {
    for (const bad of ['', 'G', 'GBR', '12', 'G%25']) {
      const res = await f.t.app.inject({ url: `/read/fleet-map/regions/v1?country=${bad}`, headers: bearer(admin) });
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().message).toContain('country');
    }
    const missing = await f.t.app.inject({ url: '/read/fleet-map/regions/v1', headers: bearer(admin) });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toContain('country');
  });
});
