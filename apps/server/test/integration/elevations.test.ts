import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Elevation } from '@ed/contract/elevations';
import type { ApiRoute } from '@ed/contract/http-api';
import { auditsRoutes } from '@ed/contract/routes/audits';
import { commandRoutes } from '@ed/contract/routes/commands';
import { elevationsRoutes } from '@ed/contract/routes/elevations';
import { SYSTEM_ACTOR } from '../../src/ports/audits.js';
import { startFleet, type Fleet } from '@ed/simulator/fleet';
import { embeddedBroker, ENROLLMENT_KEY, fleetFixture, type FleetFixture } from '../support/fleet-fixture.js';
import { injectBody, injectQuery, type RouteBody } from '../support/inject-route.js';
import { bearer } from '../support/test-app.js';

/** An elevation's minute lasts 100 ms here: 15 min is 1.5 s. */
const MINUTE_MS = 100;

/** Elevations revert by themselves on real simulated units, across instances and reconnects. */
describe('elevations that revert by themselves', () => {
  let f: FleetFixture;
  let fleet: Fleet;
  let admin: string;

  beforeAll(async () => {
    f = await fleetFixture(embeddedBroker, { JOB_INTERVAL_MS: '0', ELEVATION_MINUTE_MS: String(MINUTE_MS) });
    fleet = startFleet({
      units: 4,
      serverUrl: `http://127.0.0.1:${f.port}`,
      enrollmentKey: ENROLLMENT_KEY,
      offlineShare: 0,
      churn: 0,
      activity: false,
      seed: 5,
    });
    await fleet.ready;
    await f.t.app.fleet.gateway.settled();
    admin = (await f.t.signIn('admin')).access_token;
  });
  afterAll(async () => {
    await fleet.stop();
    await f.close();
  });

  const post = <R extends ApiRoute>(route: R, body: RouteBody<R>) => injectBody(f.t.app, route, body, bearer(admin));
  const open = async (serial: string): Promise<Elevation[]> =>
    (await injectQuery(f.t.app, elevationsRoutes.getElevations, { serialNumber: serial }, bearer(admin))).json()
      .elevations;
  const aligner = (i: number) => fleet.units.filter((u) => u.state.family === 'aligner')[i]!;
  const logLevelOf = async (serial: string) => (await f.t.app.fleet.equipment.findBySerial(serial))?.logLevel;
  const later = (ms: number) => new Date(Date.now() + ms);

  it('lowers a raised log level when its time is up, as the system, on the record', async () => {
    const unit = aligner(0);
    const raised = await post(commandRoutes.setLoggingLevel, {
      serialNumber: unit.serialNumber,
      loggingLevel: 'INFO',
      durationMinutes: 15,
    });
    expect(raised.statusCode, raised.body).toBe(200);
    expect(raised.json().result.expiresAt).toEqual(expect.any(String));
    expect(unit.state.logLevel).toBe('INFO');
    expect(await open(unit.serialNumber)).toMatchObject([{ kind: 'logLevel', raisedBy: 'admin' }]);

    expect(await f.t.app.elevations.revertDue(new Date())).toBe(0);
    expect(await f.t.app.elevations.revertDue(later(15 * MINUTE_MS + 100))).toBe(1);
    expect(unit.state.logLevel).toBe('WARN');
    expect(await logLevelOf(unit.serialNumber)).toBe('WARN');
    expect(await open(unit.serialNumber)).toEqual([]);
    const audits = await injectQuery(f.t.app, auditsRoutes.getAudits, { page: 1 }, bearer(admin));
    expect(JSON.stringify(audits.json())).toContain('Log level INFO reverted (raised by admin');
    expect(JSON.stringify(audits.json())).toContain(SYSTEM_ACTOR);
    // Nothing is left to revert.
    expect(await f.t.app.elevations.revertDue(later(60 * MINUTE_MS))).toBe(0);
  });

  it('takes 1 h by default, ends when a person lowers it, and refuses another duration', async () => {
    const unit = aligner(1);
    const port = await post(commandRoutes.openSshPort, { serialNumber: unit.serialNumber });
    expect(port.statusCode, port.body).toBe(200);
    const [elevation] = await open(unit.serialNumber);
    const lasts = Date.parse(elevation!.expiresAt) - Date.parse(elevation!.raisedAt);
    expect(lasts).toBe(60 * MINUTE_MS);
    const bad = await post(commandRoutes.rcp, { serialNumber: unit.serialNumber, durationMinutes: 30 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ message: expect.stringContaining('durationMinutes must be 15, 60 or 240') });

    await post(commandRoutes.setLoggingLevel, { serialNumber: unit.serialNumber, loggingLevel: 'INFO' });
    await post(commandRoutes.setLoggingLevel, { serialNumber: unit.serialNumber, loggingLevel: 'WARN' });
    expect((await open(unit.serialNumber)).map((e) => e.kind)).toEqual(['sshPort']);
    expect(await f.t.app.elevations.revertDue(later(60 * MINUTE_MS + 100))).toBe(1);
    expect(await open(unit.serialNumber)).toEqual([]);
  });

  it('ends an open port before its time with Close Port', async () => {
    const unit = aligner(3);
    expect((await post(commandRoutes.openSshPort, { serialNumber: unit.serialNumber })).statusCode).toBe(200);
    expect((await open(unit.serialNumber)).map((e) => e.kind)).toEqual(['sshPort']);
    const closed = await post(commandRoutes.closeSshPort, { serialNumber: unit.serialNumber });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json()).toMatchObject({ serialNumber: unit.serialNumber, command: 'close_ssh_port' });
    expect(await open(unit.serialNumber)).toEqual([]);
    // Nothing is left for the system to revert.
    expect(await f.t.app.elevations.revertDue(later(60 * MINUTE_MS + 100))).toBe(0);
  });

  it('reverts on a unit that was offline when its time came, once it is back', async () => {
    const unit = aligner(2);
    await post(commandRoutes.setLoggingLevel, {
      serialNumber: unit.serialNumber,
      loggingLevel: 'INFO',
      durationMinutes: 15,
    });
    await unit.dropFor(1_500, 'clean');
    await vi.waitFor(async () =>
      expect((await f.t.app.fleet.equipment.findBySerial(unit.serialNumber))?.connected).toBe(false),
    );
    expect(await f.t.app.elevations.revertDue(later(15 * MINUTE_MS + 100))).toBe(0);
    expect(await open(unit.serialNumber)).toHaveLength(1);
    await vi.waitFor(
      async () => expect((await f.t.app.fleet.equipment.findBySerial(unit.serialNumber))?.connected).toBe(true),
      { timeout: 10_000, interval: 100 },
    );
    await f.t.app.fleet.gateway.settled();
    expect(await f.t.app.elevations.revertDue(later(15 * MINUTE_MS + 100))).toBe(1);
    expect(unit.state.logLevel).toBe('WARN');
  });
});
