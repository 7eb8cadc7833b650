import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiRoute } from '@ed/contract/http-api';
import { commandRoutes } from '@ed/contract/routes/commands';
import { reportsRoutes } from '@ed/contract/routes/reports';
import { mayUseControl, unitRules } from '@ed/contract/permissions';
import { startFleet, type Fleet } from '@ed/simulator/fleet';
import type { SimulatedUnit } from '@ed/simulator/simulated-unit';
import { unitFacts } from '../../src/ports/equipment.js';
import { embeddedBroker, ENROLLMENT_KEY, fleetFixture, type FleetFixture } from '../support/fleet-fixture.js';
import { injectBody, injectQuery, type RouteBody, type RouteQuery } from '../support/inject-route.js';
import { bearer } from '../support/test-app.js';
import { testSerial } from '../support/test-unit.js';

/** The real simulator against the real gateway: every command of part 1 §7 and what it leaves behind. */
describe('the simulated fleet on the embedded broker', () => {
  let f: FleetFixture;
  let fleet: Fleet;
  let token: string;

  beforeAll(async () => {
    f = await fleetFixture(embeddedBroker, { COMMAND_TIMEOUT_MS: '5000' });
    fleet = startFleet({
      units: 40,
      serverUrl: `http://127.0.0.1:${f.port}`,
      enrollmentKey: ENROLLMENT_KEY,
      offlineShare: 0,
      churn: 0,
      activity: false,
      pendingShare: 1,
      seed: 11,
    });
    await fleet.ready;
    await f.t.app.fleet.gateway.settled();
    token = (await f.t.signIn('admin')).access_token;
  });
  afterAll(async () => {
    await fleet.stop();
    await f.close();
  });

  const call = <R extends ApiRoute>(route: R, body: RouteBody<R>) => injectBody(f.t.app, route, body, bearer(token));
  const read = <R extends ApiRoute>(route: R, query?: RouteQuery<R>) =>
    injectQuery(f.t.app, route, query, bearer(token));
  /** The address an answer gives (an image's download): its point is that URL. */
  const download = (url: string) => f.t.app.inject({ url, headers: bearer(token) });

  /** A connected unit whose record passes `rule`, so the command is allowed on it. */
  async function unitFor(rule: keyof typeof unitRules | 'any'): Promise<SimulatedUnit> {
    for (const unit of fleet.units) {
      const row = await f.t.app.fleet.equipment.findBySerial(unit.serialNumber);
      if (row?.connected && (rule === 'any' || unitRules[rule](unitFacts(row)))) return unit;
    }
    throw new Error(`no unit in the fleet passes ${rule}`);
  }

  it('records every unit with its reported state and a geolocation', async () => {
    const spread = await f.t.app.fleet.equipment.spread();
    expect(spread).toMatchObject({ total: 40, connected: 40, located: 40 });
    expect(spread.countries).toBeGreaterThan(10);
    const row = await f.t.app.fleet.equipment.findBySerial(fleet.units[0]!.serialNumber);
    expect(row?.versionSemantic).toMatch(/^\d+\.\d+\.\d+$/);
    expect(row?.address).toMatch(/^::ffff:\d+\.\d+\.\d+\.\d+,::ffff:127\.0\.0\.1$/);
  });

  it('takes a real screen shot from a unit', async () => {
    const unit = await unitFor('screenShot');
    expect((await call(commandRoutes.takeScreenShot, { serialNumber: unit.serialNumber })).statusCode).toBe(200);
    const [shot] = (await read(reportsRoutes.getScreenShots, { serialNumber: unit.serialNumber })).json();
    const png = (await download(shot!.image)).rawPayload;
    expect(await sharp(png).metadata()).toMatchObject({ format: 'png', width: 1280, height: 720 });
  });

  it('stores the reports and calibrations a unit sends', async () => {
    const unit = await unitFor('any');
    const serialNumber = unit.serialNumber;
    for (const route of [
      commandRoutes.getVoltages,
      commandRoutes.getUsbStatus,
      commandRoutes.getPrinterStatus,
      commandRoutes.getCalibrationLogs,
    ]) {
      const res = await call(route, { serialNumber });
      expect(res.statusCode, `${route.path}: ${res.body}`).toBe(200);
    }
    const voltages = (await read(reportsRoutes.getLatestVoltages, { serialNumber })).json();
    expect(voltages!.voltages.length).toBeGreaterThan(0);
    expect(voltages!.voltages[0]!.Parameters[0]).toEqual({
      Name: expect.any(String),
      Actual: expect.any(Number),
      Min: expect.any(Number),
      Max: expect.any(Number),
    });
    const usb = (await read(reportsRoutes.getLatestUsbStatus, { serialNumber })).json();
    expect(usb!.status.split('\n').length).toBeGreaterThan(1);
    const printer = (await read(reportsRoutes.getLatestPrinterStatus, { serialNumber })).json();
    expect(printer!.status.split('\n').length).toBeGreaterThan(1);
    expect(await f.t.app.fleet.reports.calibrationCount(serialNumber)).toBeGreaterThan(0);
  });

  it('changes the logging level and the target type, and the unit reports them back', async () => {
    const unit = await unitFor('loggingLevel');
    const before = unit.state.logLevel;
    const next = before === 'WARN' ? 'INFO' : 'WARN';
    const res = await call(commandRoutes.setLoggingLevel, {
      serialNumber: unit.serialNumber,
      loggingLevel: next,
    });
    expect(res.statusCode, res.body).toBe(200);
    await f.row(unit.serialNumber, (row) => expect(row.logLevel).toBe(next));
    expect(unit.state.logLevel).toBe(next);

    const targets = await unitFor('changeTargets');
    const target = await call(commandRoutes.setTargetEolTypes, {
      serialNumber: targets.serialNumber,
      targetType: 'AT700',
    });
    expect(target.statusCode, target.body).toBe(200);
    await f.row(targets.serialNumber, (row) => expect(row.targetType).toBe('AT700'));
  });

  it('opens a port, activates, runs RCP', async () => {
    const port = await call(commandRoutes.openSshPort, { serialNumber: (await unitFor('any')).serialNumber });
    expect(port.json().result.port).toBeGreaterThan(1023);
    expect(
      (await call(commandRoutes.activateUnit, { serialNumber: (await unitFor('activate')).serialNumber })).statusCode,
    ).toBe(200);
    expect((await call(commandRoutes.rcp, { serialNumber: (await unitFor('rcp')).serialNumber })).statusCode).toBe(200);
  });

  it('checks the cloud and downloads the pending update with real progress', async () => {
    const unit = await unitFor('updateStatus');
    const serialNumber = unit.serialNumber;
    expect((await call(commandRoutes.checkNow, { serialNumber })).statusCode).toBe(200);
    await f.row(serialNumber, (row) => expect(row.updateState?.state).toBe('READY_TO_DOWNLOAD'));
    expect((await call(commandRoutes.downloadNow, { serialNumber })).statusCode).toBe(200);
    await f.row(serialNumber, (row) => {
      expect(row.updateState?.state).toBe('DOWNLOADING');
      const progress = row.updateState?.downloadProgress.software;
      expect(progress?.totalFilesToTransfer).toBeGreaterThan(0);
      expect(progress?.fileProgress.transferRate).toBeGreaterThan(0);
    });
    expect((await call(commandRoutes.clearPendingUpdates, { serialNumber })).statusCode).toBeOneOf([200, 502]);
  });

  it('resets a serial number: renamed everywhere, and the unit returns under its new name', async () => {
    const unit = await unitFor('resetSerial');
    const from = unit.serialNumber;
    const to = testSerial('V36');
    const res = await call(commandRoutes.resetSerialNumber, { currentSerialNumber: from, newSerialNumber: to });
    expect(res.statusCode, res.body).toBe(200);
    expect(await f.t.app.fleet.equipment.findBySerial(from)).toBeUndefined();
    await f.row(to, (row) => expect(row.connected).toBe(false));
    await f.row(to, (row) => expect(row.connected).toBe(true));
    expect(unit.serialNumber).toBe(to);
    expect(mayUseControl('admin', 'resetSerial', unitFacts((await f.t.app.fleet.equipment.findBySerial(to))!))).toBe(
      true,
    );
  });
});
