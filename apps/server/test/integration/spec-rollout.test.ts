import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ApiRoute } from '@ed/contract/http-api';
import { rolloutsRoutes } from '@ed/contract/routes/rollouts';
import { specsRoutes } from '@ed/contract/routes/specs';
import { startFleet, type Fleet } from '@ed/simulator/fleet';
import { embeddedBroker, ENROLLMENT_KEY, fleetFixture, type FleetFixture } from '../support/fleet-fixture.js';
import { injectBody, injectQuery, type RouteBody, type RouteQuery } from '../support/inject-route.js';
import { bearer } from '../support/test-app.js';

const SPEC = { name: 'EU-2032-02', month: 2, year: 2032 };

/** A spec release rolled out in waves to real simulated units: only the units let through get it. */
describe('a spec-release rollout', () => {
  let f: FleetFixture;
  let fleet: Fleet;
  let token: string;

  beforeAll(async () => {
    f = await fleetFixture(embeddedBroker, { SCHEDULER_TICK_SECONDS: '0', ROLLOUT_TICK_SECONDS: '0' });
    fleet = startFleet({
      units: 8,
      serverUrl: `http://127.0.0.1:${f.port}`,
      enrollmentKey: ENROLLMENT_KEY,
      offlineShare: 0,
      churn: 0,
      activity: false,
      pendingShare: 0,
      seed: 33,
    });
    await fleet.ready;
    await f.t.app.fleet.gateway.settled();
    f.t.app.software.scheduler.setSlots(0);
    token = (await f.t.signIn('admin')).access_token;
  });
  afterAll(async () => {
    await fleet.stop();
    await f.close();
  });

  const call = <R extends ApiRoute>(route: R, body: RouteBody<R>) => injectBody(f.t.app, route, body, bearer(token));
  const read = async <R extends ApiRoute>(route: R, query?: RouteQuery<R>) =>
    (await injectQuery(f.t.app, route, query, bearer(token))).json();
  const specOf = async (serial: string) => (await f.t.app.fleet.equipment.findBySerial(serial))?.specs?.name;
  /** A scheduler round tells what the rollout let through; then the units install it. */
  const deliverTo = async (serials: string[]) => {
    const told = await f.t.app.software.scheduler.round();
    expect(told.specsTold).toBe(serials.length);
    await vi.waitFor(
      async () => {
        for (const s of serials) expect(await specOf(s)).toBe(SPEC.name);
      },
      { timeout: 20_000, interval: 250 },
    );
  };

  it('holds the release back from every unit but those of the current wave, and completes', async () => {
    const folder = path.join(f.t.config.paths.updates, 'specs-eu-2032');
    await mkdir(folder, { recursive: true });
    await writeFile(path.join(folder, 'specs.db'), Buffer.alloc(50_000, 5));
    await writeFile(path.join(folder, 'manifest.json'), JSON.stringify({ version: SPEC, files: ['specs.db'] }));
    // Created inactive: the rollout's start activates it, for its units only.
    const release = await call(specsRoutes.createSpecUpdate, {
      path: 'specs-eu-2032',
      version: SPEC,
      active: false,
      targetFamily: 'all',
      filter: ['*'],
    });
    expect(release.statusCode, release.body).toBe(200);
    const specUpdateId = release.json().id;
    const aligners = fleet.units.filter((u) => u.state.family === 'aligner').map((u) => u.serialNumber);
    expect(aligners.length).toBeGreaterThan(2);
    const target = { kind: 'serials' as const, serialNumbers: aligners };

    const noSpec = await call(rolloutsRoutes.createRollout, {
      name: 'x',
      family: 'aligner',
      payload: 'spec',
      target,
      waves: [{ rest: true }],
    });
    expect(noSpec.statusCode).toBe(400);
    expect(noSpec.json()).toMatchObject({
      message: expect.stringContaining('A spec release is required (specUpdateId)'),
    });
    const plan = await call(rolloutsRoutes.planRollout, { family: 'aligner', payload: 'spec', specUpdateId, target });
    expect(plan.json()).toMatchObject({ total: aligners.length, alreadyOnVersion: 0, otherFamily: 0 });

    const created = await call(rolloutsRoutes.createRollout, {
      name: `Spec ${SPEC.name}`,
      family: 'aligner',
      payload: 'spec',
      specUpdateId,
      target,
      waves: [{ count: 1, successThreshold: 100, pauseAfter: true }, { rest: true }],
      start: true,
    });
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json().id;
    expect(created.json()).toMatchObject({ payload: 'spec', version: SPEC.name, specUpdateId, state: 'running' });
    expect((await read(specsRoutes.getSpecUpdates, { page: 1 })).docs[0]).toMatchObject({
      id: specUpdateId,
      active: true,
    });

    // Active, yet no unit is told before the rollout lets one through.
    expect((await f.t.app.software.scheduler.round()).specsTold).toBe(0);
    await f.t.app.rollouts.tick();
    const units = await read(rolloutsRoutes.getRolloutUnits, { id, state: 'in_flight' });
    expect(units.totalDocs).toBe(1);
    const first = units.docs[0]!.serialNumber;
    await deliverTo([first]);
    await f.t.app.rollouts.tick();
    let rollout = await read(rolloutsRoutes.getRollout, { id });
    expect(rollout.state).toBe('paused');
    expect(rollout.waves[0]).toMatchObject({ completed: 1 });
    for (const s of aligners.filter((a) => a !== first)) expect(await specOf(s)).not.toBe(SPEC.name);
    // The gate holds: a scheduler round tells no one else.
    expect((await f.t.app.software.scheduler.round()).specsTold).toBe(0);

    expect((await call(rolloutsRoutes.resumeRollout, { id })).statusCode).toBe(200);
    await f.t.app.rollouts.tick();
    await deliverTo(aligners.filter((a) => a !== first));
    await f.t.app.rollouts.tick();
    rollout = await read(rolloutsRoutes.getRollout, { id });
    expect(rollout).toMatchObject({ state: 'completed', completed: aligners.length });
  }, 90_000);
});
