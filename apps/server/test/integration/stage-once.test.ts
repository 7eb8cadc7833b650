import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { softwareRoutes } from '@ed/contract/routes/software';
import { embeddedBroker, fleetFixture, type FleetFixture } from '../support/fleet-fixture.js';
import { injectRoute } from '../support/inject-route.js';
import { writePackage } from '../support/packages.js';
import { bearer } from '../support/test-app.js';
import type { TestUnit } from '../support/test-unit.js';

/**
 * Staging reacts twice to one change (the staging call tells the unit, and the delivery tracker
 * follows the same change): the unit must still get `stage` once per connection.
 */
describe('a staged update is told once per connection', () => {
  let f: FleetFixture;
  let token: string;
  beforeEach(async () => {
    f = await fleetFixture(embeddedBroker, { SCHEDULER_TICK_SECONDS: '0' });
    token = (await f.t.signIn('admin')).access_token;
    await writePackage(f.t.config.paths.updates, 'aligner-9.0.0', { semantic: '9.0.0' });
    const created = await injectRoute(f.t.app, softwareRoutes.createUpdate, {
      headers: bearer(token),
      body: { version: { semantic: '9.0.0' }, family: 'aligner', path: 'aligner-9.0.0' },
    });
    expect(created.statusCode, created.body).toBe(200);
  });
  afterEach(() => f.close());

  const stages = (unit: TestUnit) => unit.received.filter((c) => c.name === 'stage').length;
  const settle = async () => {
    await f.t.app.fleet.gateway.settled();
    await f.t.app.software.tracker.settled();
  };

  it('sends stage once when staged, again only on a new connection', async () => {
    const unit = await f.unit(undefined, undefined, { stamped: true });
    await unit.connect({ version: { semantic: '5.1.0', meta: null }, family: 'aligner' });
    await f.row(unit.serialNumber, (row) => expect(row).toMatchObject({ connected: true, versionSemantic: '5.1.0' }));
    const staged = await injectRoute(f.t.app, softwareRoutes.stageUpdate, {
      headers: bearer(token),
      body: { serialNumber: unit.serialNumber, version: { semantic: '9.0.0' } },
    });
    expect(staged.statusCode, staged.body).toBe(200);
    await vi.waitFor(() => expect(stages(unit)).toBe(1));
    // More changes of the same connection (reports, a presence push) tell it nothing new.
    await unit.report({ currentProcedure: 'Alignment', seq: unit.seq + 1 });
    f.t.app.fleet.gateway.presenceChanged(unit.serialNumber);
    await settle();
    expect(stages(unit)).toBe(1);
    // A new connection is told again.
    await unit.disconnect();
    await f.row(unit.serialNumber, (row) => expect(row.connected).toBe(false));
    await unit.connect();
    await vi.waitFor(() => expect(stages(unit)).toBe(2));
    await settle();
    expect(stages(unit)).toBe(2);
  });
});
