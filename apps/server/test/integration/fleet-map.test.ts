import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { alignersRoutes } from '@ed/contract/routes/aligners';
import { fleetMapRoutes } from '@ed/contract/routes/fleet-map';
import { embeddedBroker, fleetFixture, type FleetFixture } from '../support/fleet-fixture.js';
import { injectRoute } from '../support/inject-route.js';
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
  const readRegions = (country: string, headers = bearer(admin)) =>
    injectRoute(f.t.app, fleetMapRoutes.getFleetMapRegions, { query: { country }, headers });
  const regions = async (country: string) => {
    const res = await readRegions(country);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
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

    const gone = await injectRoute(f.t.app, alignersRoutes.deleteEquipment, {
      headers: bearer(admin),
      body: { serialNumber: de.serialNumber },
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
    const reads = {
      world: (headers?: Record<string, string>) => injectRoute(f.t.app, fleetMapRoutes.getFleetMap, { headers }),
      regions: (headers?: Record<string, string>) =>
        injectRoute(f.t.app, fleetMapRoutes.getFleetMapRegions, { query: { country: 'GB' }, headers }),
    };
    for (const [name, read] of Object.entries(reads)) {
      const refused = await read(bearer(eve));
      expect(refused.statusCode, name).toBe(403);
      const anonymous = await read();
      expect(anonymous.statusCode, name).toBe(401);
    }
  });

  it('refuses a country that is not a two-letter code, naming it', async () => {
    for (const bad of ['', 'G', 'GBR', '12', 'G%']) {
      const res = await readRegions(bad);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json()).toMatchObject({ message: expect.stringContaining('country') });
    }
    const missing = await injectRoute(f.t.app, fleetMapRoutes.getFleetMapRegions, { headers: bearer(admin) });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ message: expect.stringContaining('country') });
  });
});
