import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { brokerUnderTest, fleetFixture, type FleetFixture } from '../support/fleet-fixture.js';

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

{
  const broker = brokerUnderTest;
  describe(`fleet presence and state on the ${broker.name}`, () => {
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
      await unit.publishRaw(unit.topics.state(unit.serialNumber), 'not json');
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
