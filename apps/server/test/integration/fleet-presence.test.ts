import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { brokers, ENROLLMENT_KEY, fleetFixture, type FleetFixture } from '../support/fleet-fixture.js';
import { TestUnit, testSerial } from '../support/test-unit.js';

const fullState = {
  version: { semantic: '5.1.0', meta: 'build.1201' },
  family: 'aligner' as const,
  systemClass: 'DRAGON',
  boardClass: 'DB-2',
  logLevel: 'WARN' as const,
  boardFeatures: { numCameras: 2, numAccel: 4, isDDAligner: true },
  specs: { name: '2025-Q3', month: 7, year: 2025 },
  specsExpiration: { month: 6, year: 2027 },
  currentProcedure: 'Vehicle Selection',
  alignmentCount: 1234,
};

for (const broker of brokers) {
  describe.skipIf(Boolean(broker.skip))(`fleet presence and state on the ${broker.name}`, () => {
    let f: FleetFixture;
    beforeEach(async () => {
      f = await fleetFixture(broker);
    });
    afterEach(() => f.close());

    it('creates a unit on its first connection and counts every connection', async () => {
      const unit = await f.unit();
      expect(await f.t.app.fleet.equipment.findBySerial(unit.serialNumber)).toBeUndefined();
      await unit.connect(fullState);
      await f.row(unit.serialNumber, (row) => {
        expect(row).toMatchObject({ connected: true, connectCount: 1, family: 'aligner' });
        expect(row.createdAt).toBeInstanceOf(Date);
      });
      await unit.disconnect();
      await f.row(unit.serialNumber, (row) => {
        expect(row).toMatchObject({ connected: false, address: null, port: null, currentProcedure: null });
      });
      await unit.connect();
      await f.row(unit.serialNumber, (row) => expect(row).toMatchObject({ connected: true, connectCount: 2 }));
    });

    it('marks a unit whose connection drops as disconnected (last will)', async () => {
      const unit = await f.unit();
      await unit.connect(fullState);
      await f.row(unit.serialNumber, (row) => expect(row.connected).toBe(true));
      unit.drop();
      await f.row(unit.serialNumber, (row) => expect(row.connected).toBe(false));
    });

    it('merges reported state into the record and drops malformed reports', async () => {
      const unit = await f.unit();
      await unit.connect(fullState);
      await f.row(unit.serialNumber, (row) => {
        expect(row).toMatchObject({
          versionSemantic: '5.1.0',
          versionMeta: 'build.1201',
          systemClass: 'DRAGON',
          logLevel: 'WARN',
          boardFeatures: { numCameras: 2, numAccel: 4, isDDAligner: true },
          specs: { name: '2025-Q3', month: 7, year: 2025 },
          specsExpiration: { month: 6, year: 2027 },
          currentProcedure: 'Vehicle Selection',
          alignmentCount: 1234,
        });
      });
      await unit.report({ alignmentCount: 'many' });
      await unit.report({ logLevel: 'DEBUG' });
      await unit.publishRaw(`ed/v1/${unit.serialNumber}/state`, 'not json');
      await unit.report({
        currentProcedure: 'Alignment',
        updateState: {
          state: 'DOWNLOADING',
          downloading: { software: true, specs: false },
          downloadProgress: {
            software: {
              currentFile: 'app.pkg',
              filesTransferred: 1,
              totalFilesToTransfer: 3,
              fileProgress: {
                bytesTransferred: 1_000_000,
                progress: 40,
                transferRate: 250_000,
                estimatedTimeRemaining: 6,
              },
            },
          },
          installing: { software: false, specs: false },
          installProgress: {},
        },
      });
      await f.row(unit.serialNumber, (row) => {
        expect(row.currentProcedure).toBe('Alignment');
        expect(row.updateState?.state).toBe('DOWNLOADING');
        expect(row.updateState?.downloadProgress.software?.fileProgress.progress).toBe(40);
        expect(row.alignmentCount).toBe(1234);
        expect(row.logLevel).toBe('WARN');
      });
    });

    it('counts connected and total units for the console', async () => {
      const [a, b] = [await f.unit(), await f.unit()];
      await a.connect(fullState);
      await b.connect(fullState);
      await f.row(b.serialNumber, (row) => expect(row.connected).toBe(true));
      await f.row(a.serialNumber, (row) => expect(row.connected).toBe(true));
      await b.disconnect();
      await f.row(b.serialNumber, (row) => expect(row.connected).toBe(false));
      const counters = await f.t.app.live.connectionCounters();
      expect(counters.connectedAligners).toBeGreaterThanOrEqual(1);
      expect(counters.totalAligners - counters.connectedAligners).toBeGreaterThanOrEqual(1);
    });
  });
}

describe('on the embedded broker only', () => {
  let f: FleetFixture;
  beforeEach(async () => {
    f = await fleetFixture(brokers[0]!);
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
    f = await fleetFixture(brokers[0]!, { TRUSTED_PROXIES: '' });
    const unit = await f.unit(testSerial(), '81.2.69.142');
    await unit.connect();
    await f.row(unit.serialNumber, (row) => {
      expect(row.address).toBe('::ffff:127.0.0.1');
      expect(row.geolocation).toBeNull();
    });
  });

  it('refuses registration without the enrollment key, and units without a valid credential', async () => {
    const bad = await f.t.app.inject({
      method: 'POST',
      url: '/device/v1/register',
      payload: { serialNumber: testSerial(), enrollmentKey: 'wrong-key' },
    });
    expect(bad.statusCode).toBe(403);
    expect(bad.json().message).toBe('The enrollment key is not valid.');

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
