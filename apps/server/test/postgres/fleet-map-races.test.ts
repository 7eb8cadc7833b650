import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { embeddedBroker, fleetFixture, type FleetFixture } from '../support/fleet-fixture.js';
import { countryOf, fleetMap, mapCounters, naiveCounts } from '../support/fleet-map-counts.js';

/** The fleet map's counts when two instances' transactions touch one unit at once. */
describe('fleet map under concurrent writes', () => {
  let f: FleetFixture;
  let admin: string;

  beforeAll(async () => {
    f = await fleetFixture(embeddedBroker);
    admin = (await f.t.signIn('admin')).access_token;
  });
  afterAll(() => f.close());

  const world = () => fleetMap(f.t, admin);
  const naive = () => naiveCounts(f.t);
  const counters = () => mapCounters(f.t);

  // Two transactions of two instances on the same unit: a move and a connection, in either order.
  // Whichever commits second must count with what the first did (the move locks the live row).
  it.each(['move first', 'connection first'])('stays exact when a unit moves while it connects (%s)', async (order) => {
    const serial = `RACE${order.length}`;
    await f.t.app.db.execute(sql`
        insert into equipment (serial_number, family, country_code, geolocation)
        values (${serial}, 'aligner', 'US', '{"country_code":"US","region":"Ohio","time_zone":{}}'::jsonb)`);
    const a = new pg.Client({ connectionString: f.t.db.url });
    const b = new pg.Client({ connectionString: f.t.db.url });
    await Promise.all([a.connect(), b.connect()]);
    try {
      const move = `update equipment set country_code = 'CA',
            geolocation = '{"country_code":"CA","region":"Ontario","time_zone":{}}'::jsonb where serial_number = $1`;
      const connect = `update equipment_live set connected = true
            where equipment_id = (select id from equipment where serial_number = $1)`;
      const [first, second] = order === 'move first' ? [move, connect] : [connect, move];
      await a.query('begin');
      await a.query(first, [serial]);
      await b.query('begin');
      const [{ pid }] = (await b.query<{ pid: number }>('select pg_backend_pid() as pid')).rows as [{ pid: number }];
      let done = false;
      const waiting = b.query(second, [serial]).then(() => (done = true));
      // The second statement either ends, or waits on a lock the first holds: only then commit the first.
      await vi.waitFor(async () => {
        const { rows } = await a.query(`select 1 from pg_stat_activity where pid = $1 and wait_event_type = 'Lock'`, [
          pid,
        ]);
        expect(done || rows.length > 0).toBe(true);
      });
      await a.query('commit');
      await waiting;
      await b.query('commit');
    } finally {
      await Promise.all([a.end(), b.end()]);
    }
    expect(await counters()).toEqual(await naive());
    expect(countryOf(await world(), 'CA')).toMatchObject({ connected: order === 'move first' ? 1 : 2 });
  });
});
