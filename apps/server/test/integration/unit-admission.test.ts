import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { devicesRoutes } from '@ed/contract/routes/devices';
import { embeddedBroker, ENROLLMENT_KEY, fleetFixture, type FleetFixture } from '../support/fleet-fixture.js';
import { injectRoute } from '../support/inject-route.js';
import { TestUnit, testSerial } from '../support/test-unit.js';

/** Who may connect and where it may publish: checked on the embedded broker, which enforces it itself. */
describe('on the embedded broker only', () => {
  let f: FleetFixture;
  beforeEach(async () => {
    f = await fleetFixture(embeddedBroker);
  });
  afterEach(() => f.close());

  it('records the real address behind a trusted proxy and geolocates it', async () => {
    const unit = await f.unit(testSerial(), '81.2.69.142');
    await unit.connect();
    await f.row(unit.serialNumber, (row) => {
      expect(row.address).toBe('::ffff:81.2.69.142,::ffff:127.0.0.1');
      expect(row.address!.split(',')[0]!.slice(7)).toBe('81.2.69.142');
      expect(row.port).toBeGreaterThan(0);
      expect(row.countryCode).toBe('GB');
      expect(row.geolocation).toMatchObject({
        continent_name: 'Europe',
        country_name: 'United Kingdom',
        country_code: 'GB',
        region: 'England',
        city: 'Bracknell',
        time_zone: { name: 'Europe/London' },
      });
    });
  });

  it('ignores X-Forwarded-For from an untrusted peer', async () => {
    await f.close();
    f = await fleetFixture(embeddedBroker, { TRUSTED_PROXIES: '' });
    const unit = await f.unit(testSerial(), '81.2.69.142');
    await unit.connect();
    await f.row(unit.serialNumber, (row) => {
      expect(row.address).toBe('::ffff:127.0.0.1');
      expect(row.geolocation).toBeNull();
    });
  });

  it('refuses registration without the enrollment key, and units without a valid credential', async () => {
    const bad = await injectRoute(f.t.app, devicesRoutes.register, {
      body: { serialNumber: testSerial(), enrollmentKey: 'wrong-key' },
    });
    expect(bad.statusCode).toBe(403);
    expect(bad.json()).toMatchObject({ message: 'The enrollment key is not valid.' });

    const stranger = new TestUnit(testSerial(), `ws://127.0.0.1:${f.port}/mqtt`);
    await expect(stranger.connect({}, 'no-such-token')).rejects.toThrow(/Not authorized/i);

    const unit = await f.unit();
    const oldToken = unit.token;
    await unit.register(f.t.app, ENROLLMENT_KEY);
    await expect(unit.connect({}, oldToken)).rejects.toThrow(/Not authorized/i);
    await unit.connect({});
    await f.row(unit.serialNumber, (row) => expect(row.connected).toBe(true));
  });

  it("refuses a unit publishing or subscribing on another unit's topics", async () => {
    const victim = await f.unit();
    await victim.connect({ alignmentCount: 5 });
    await f.row(victim.serialNumber, (row) => expect(row.alignmentCount).toBe(5));

    const intruder = await f.unit();
    await intruder.connect();
    await expect(intruder.client!.subscribeAsync(`ed/v1/${victim.serialNumber}/cmd`, { qos: 1 })).rejects.toThrow(
      /Subscribe error/,
    );
    const closed = new Promise<void>((resolve) => intruder.client!.once('close', () => resolve()));
    intruder.client!.publish(`ed/v1/${victim.serialNumber}/state`, JSON.stringify({ alignmentCount: 999 }), { qos: 1 });
    await closed;
    // The victim's next report, sent after the refusal, is stored after the intruder's would have
    // been (one unit's messages are handled in the order they came): once it is, nothing else comes.
    await victim.report({ currentProcedure: 'after the intruder' });
    await f.row(victim.serialNumber, (row) => expect(row.currentProcedure).toBe('after the intruder'));
    const row = await f.t.app.fleet.equipment.findBySerial(victim.serialNumber);
    expect(row!.alignmentCount).toBe(5);
  });
});
