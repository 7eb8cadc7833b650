import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ApiRoute } from '@ed/contract/http-api';
import { packageDownloadRoutes } from '@ed/contract/routes/package-download';
import { softwareRoutes } from '@ed/contract/routes/software';
import { specsRoutes } from '@ed/contract/routes/specs';
import { startFleet, type Fleet } from '@ed/simulator/fleet';
import { embeddedBroker, ENROLLMENT_KEY, fleetFixture, type FleetFixture } from '../support/fleet-fixture.js';
import { injectBody, injectRoute, type RouteBody } from '../support/inject-route.js';
import { writePackage } from '../support/packages.js';
import { bearer } from '../support/test-app.js';

/** A staged update travels to a simulated unit over MQTT and HTTP and comes back as its new version. */
describe('real delivery to a simulated unit', () => {
  let f: FleetFixture;
  let fleet: Fleet;
  let token: string;

  beforeAll(async () => {
    f = await fleetFixture(embeddedBroker, { COMMAND_TIMEOUT_MS: '5000', SCHEDULER_TICK_SECONDS: '0' });
    fleet = startFleet({
      units: 6,
      serverUrl: `http://127.0.0.1:${f.port}`,
      enrollmentKey: ENROLLMENT_KEY,
      offlineShare: 0,
      churn: 0,
      activity: false,
      pendingShare: 0,
      seed: 21,
    });
    await fleet.ready;
    await f.t.app.fleet.gateway.settled();
    token = (await f.t.signIn('admin')).access_token;
    await writePackage(f.t.config.paths.updates, 'aligner-9.0.0', { semantic: '9.0.0', bytes: 600_000 });
  });
  afterAll(async () => {
    await fleet.stop();
    await f.close();
  });

  const call = <R extends ApiRoute>(route: R, body: RouteBody<R>) => injectBody(f.t.app, route, body, bearer(token));

  it('downloads with the device credential, installs and reports the new version', async () => {
    const created = await call(softwareRoutes.createUpdate, {
      version: { semantic: '9.0.0' },
      family: 'aligner',
      path: 'aligner-9.0.0',
    });
    expect(created.statusCode, created.body).toBe(200);
    const unit = fleet.units.find((u) => u.state.family === 'aligner' && u.state.version.semantic >= '4.3.0')!;
    expect(unit).toBeDefined();
    const states: string[] = [];
    unit.on('state', (patch) => {
      const state = patch.updateState?.state;
      if (state && states.at(-1) !== state) states.push(state);
    });
    const staged = await call(softwareRoutes.stageUpdate, {
      serialNumber: unit.serialNumber,
      version: { semantic: '9.0.0' },
    });
    expect(staged.statusCode, staged.body).toBe(200);

    await vi.waitFor(
      async () => {
        const row = await f.t.app.fleet.equipment.findBySerial(unit.serialNumber);
        expect(row?.versionSemantic).toBe('9.0.0');
      },
      { timeout: 40_000, interval: 250 },
    );
    expect(states).toEqual(
      expect.arrayContaining([
        'READY_TO_DOWNLOAD',
        'DOWNLOADING',
        'READY_TO_INSTALL',
        'VALIDATING_UPDATE',
        'INSTALLATION_COMPLETE',
      ]),
    );
    await f.t.app.software.tracker.settled();
    await vi.waitFor(async () => expect(await f.t.app.software.repository.staged(unit.serialNumber)).toBeUndefined());
    const row = await f.t.app.fleet.equipment.findBySerial(unit.serialNumber);
    expect(row?.pendingSoftwareDownload).toBeNull();
    expect(row?.versionMeta).toBe('meta-9.0.0');
  }, 60_000);

  it('sends a spec release to the units its family, filter and prerequisites select', async () => {
    const folder = path.join(f.t.config.paths.updates, 'specs-2031');
    await mkdir(folder, { recursive: true });
    await writeFile(path.join(folder, 'specs.db'), Buffer.alloc(200_000, 3));
    const version = { name: 'NA-2031-01', month: 1, year: 2031 };
    await writeFile(path.join(folder, 'manifest.json'), JSON.stringify({ version, files: ['specs.db'] }));
    const [chosen, other] = fleet.units.filter((u) => u.state.family === 'aligner');
    expect(other).toBeDefined();
    const created = await call(specsRoutes.createSpecUpdate, {
      path: 'specs-2031',
      version,
      active: true,
      targetFamily: 'aligner',
      filter: [chosen!.serialNumber],
    });
    expect(created.statusCode, created.body).toBe(200);
    f.t.app.software.scheduler.setSlots(0);
    const round = await f.t.app.software.scheduler.round();
    expect(round.specsTold).toBe(1);
    await vi.waitFor(
      async () => {
        const row = await f.t.app.fleet.equipment.findBySerial(chosen!.serialNumber);
        expect(row?.specs?.name).toBe('NA-2031-01');
      },
      { timeout: 20_000, interval: 250 },
    );
    expect((await f.t.app.fleet.equipment.findBySerial(other!.serialNumber))?.specs?.name).not.toBe('NA-2031-01');
    // Installed: nothing more to send.
    expect((await f.t.app.software.scheduler.round()).specsTold).toBe(0);
  }, 40_000);

  it('refuses package files to a unit without that staged update or without a credential', async () => {
    const update = await f.t.app.software.repository.find('aligner', '9.0.0');
    const download = (headers?: Record<string, string>) =>
      injectRoute(f.t.app, packageDownloadRoutes.downloadPackageFile, {
        params: { updateId: update!.id, file: 'aligner-9.0.0.swu' },
        headers,
      });
    expect((await download()).statusCode).toBe(401);
    const wrong = Buffer.from(`${fleet.units[0]!.serialNumber}:not-the-token`).toString('base64');
    expect((await download({ authorization: `Basic ${wrong}` })).statusCode).toBe(401);
  });
});
