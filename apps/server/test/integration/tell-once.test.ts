import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../src/app.js';
import { specDeliveries } from '../../src/db/schema.js';
import { softwareRoutes } from '@ed/contract/routes/software';
import { specsRoutes } from '@ed/contract/routes/specs';
import { brokerUnderTest, fleetFixture, type BrokerSetup, type FleetFixture } from '../support/fleet-fixture.js';
import { writePackage } from '../support/packages.js';
import { injectRoute } from '../support/inject-route.js';
import { bearer } from '../support/test-app.js';
import type { TestUnit } from '../support/test-unit.js';

/** A command reaches the unit through the broker: on a shared Mosquitto under load, beyond a second. */
const UNIT_SEES = { timeout: 5_000 };

const OLD = { version: { semantic: '5.0.0', meta: null }, family: 'aligner' as const };
const commands = (unit: TestUnit, name: string) => unit.received.filter((c) => c.name === name).length;

/** A unit is told about its staged update, or a spec release, once per connection: who tells it claims it first. */
function tellsOnce(broker: BrokerSetup) {
  let f: FleetFixture;
  let admin: string;
  const extra: FastifyInstance[] = [];
  const as = () => ({ headers: bearer(admin) });
  const stage = (serialNumber: string) =>
    injectRoute(f.t.app, softwareRoutes.stageUpdate, {
      ...as(),
      body: { serialNumber, version: { semantic: '9.1.0' } },
    });
  const connected = async (state: object = OLD) => {
    const unit = await f.unit();
    await unit.connect(state);
    await f.row(unit.serialNumber, (row) => expect(row).toMatchObject({ connected: true, versionSemantic: '5.0.0' }));
    return unit;
  };
  /** Everything the unit's messages set off has run: the gateway's queue, then the tracker's. */
  const settled = async (app = f.t.app) => {
    await app.fleet.gateway.settled();
    await app.software.tracker.settled();
  };

  beforeEach(async () => {
    f = await fleetFixture(broker, { AUTO_STAGE_SLOTS: '0' });
    admin = (await f.t.signIn('admin')).access_token;
    await writePackage(f.t.config.paths.updates, 'aligner-9.1.0', { semantic: '9.1.0' });
    const created = await injectRoute(f.t.app, softwareRoutes.createUpdate, {
      ...as(),
      body: { version: { semantic: '9.1.0' }, family: 'aligner', path: 'aligner-9.1.0' },
    });
    expect(created.statusCode, created.body).toBe(200);
  });
  afterEach(async () => {
    for (const app of extra.splice(0)) await app.close();
    await f.close();
  });

  it('sends one stage when the staging call and changes of the unit race', async () => {
    const unit = await connected();
    const staging = stage(unit.serialNumber);
    for (let i = 0; i < 5; i += 1) f.t.app.fleet.gateway.presenceChanged(unit.serialNumber);
    expect((await staging).statusCode).toBe(200);
    await vi.waitFor(() => expect(commands(unit, 'stage')).toBe(1), UNIT_SEES);
    await unit.report({ currentProcedure: 'Vehicle Selection' });
    await settled();
    expect(commands(unit, 'stage')).toBe(1);
  });

  it('sends one stage to a unit the scheduler stages', async () => {
    const unit = await connected();
    f.t.app.software.scheduler.setSlots(1);
    expect(await f.t.app.software.scheduler.round()).toMatchObject({ autoStaged: 1 });
    await vi.waitFor(() => expect(commands(unit, 'stage')).toBe(1), UNIT_SEES);
    f.t.app.fleet.gateway.presenceChanged(unit.serialNumber);
    await settled();
    expect(commands(unit, 'stage')).toBe(1);
  });

  /** After the lease of a tell's claim (30 s with the tests' command timeout). */
  const afterLease = () => new Date(Date.now() + 31_000);

  it('keeps a refused stage’s claim until its lease ends, then the tell round tells it once more', async () => {
    const unit = await connected();
    unit.answer = (c) =>
      c.name === 'stage' && commands(unit, 'stage') === 1 ? { ok: false, error: 'busy' } : { ok: true, result: {} };
    const staged = await stage(unit.serialNumber);
    expect(staged.statusCode).toBe(200);
    await vi.waitFor(() => expect(commands(unit, 'stage')).toBe(1), UNIT_SEES);
    // A busy unit is not asked again at each of its changes, nor at each round, while the claim stands.
    await unit.report({ currentProcedure: 'Vehicle Selection' });
    await settled();
    expect(await f.t.app.software.tellRound.run(new Date())).toBe(0);
    expect(commands(unit, 'stage')).toBe(1);
    expect(await f.t.app.software.tellRound.run(afterLease())).toBe(1);
    expect(commands(unit, 'stage')).toBe(2);
    // Taken: nothing more is owed.
    await unit.report({ currentProcedure: 'Measurement' });
    await settled();
    expect(await f.t.app.software.tellRound.run(afterLease())).toBe(0);
    expect(commands(unit, 'stage')).toBe(2);
  });

  it('tells a unit whose sender died before the answer, at the first round after the lease', async () => {
    const unit = await connected();
    // The instance telling it dies mid-send: the claim is made, the stage never goes out.
    const { bus } = f.t.app.fleet;
    const send = bus.send.bind(bus) as (serial: string, name: string, args: object) => Promise<never>;
    vi.spyOn(bus, 'send').mockImplementation((serial: string, name: string, args: object) =>
      name === 'stage' ? new Promise<never>(() => undefined) : send(serial, name, args),
    );
    const staged = await stage(unit.serialNumber);
    expect(staged.statusCode).toBe(200);
    await settled();
    vi.mocked(bus.send).mockRestore();
    expect(commands(unit, 'stage')).toBe(0);
    expect(await f.t.app.software.tellRound.run(new Date())).toBe(0);
    expect(await f.t.app.software.tellRound.run(afterLease())).toBe(1);
    expect(commands(unit, 'stage')).toBe(1);
    expect(await f.t.app.software.tellRound.run(afterLease())).toBe(0);
  });

  it('tells a spec release once per connection: a refusal waits for the next one, silence is given back', async () => {
    const [taking, refusing, silent] = [await connected(), await connected(), await connected()];
    refusing.answer = () => ({ ok: false, error: 'busy updating' });
    silent.answer = () => 'silence';
    const folder = path.join(f.t.config.paths.updates, 'specs-2032');
    await mkdir(folder, { recursive: true });
    await writeFile(path.join(folder, 'specs.db'), Buffer.alloc(1000, 7));
    const version = { name: 'NA-2032-01', month: 1, year: 2032 };
    await writeFile(path.join(folder, 'manifest.json'), JSON.stringify({ version, files: ['specs.db'] }));
    const serials = [taking, refusing, silent].map((u) => u.serialNumber);
    const created = await injectRoute(f.t.app, specsRoutes.createSpecUpdate, {
      ...as(),
      body: { path: 'specs-2032', version, active: true, targetFamily: 'aligner', filter: serials },
    });
    expect(created.statusCode, created.body).toBe(200);
    const { scheduler } = f.t.app.software;

    expect((await scheduler.round()).specsTold).toBe(3);
    const told = () => [taking, refusing, silent].map((u) => commands(u, 'stage_specs'));
    await vi.waitFor(() => expect(told()).toEqual([1, 1, 1]));
    // The silent unit's claim is given back once its command times out.
    await vi.waitFor(
      async () => {
        const claim = await f.t.app.db
          .select()
          .from(specDeliveries)
          .where(eq(specDeliveries.serialNumber, silent.serialNumber));
        expect(claim).toEqual([]);
      },
      { timeout: 8_000, interval: 100 },
    );
    expect((await scheduler.round()).specsTold).toBe(1);
    await vi.waitFor(() => expect(told()).toEqual([1, 1, 2]));

    // A new connection is told again.
    await taking.disconnect();
    await f.row(taking.serialNumber, (row) => expect(row.connected).toBe(false));
    await taking.connect(OLD);
    await f.row(taking.serialNumber, (row) => expect(row.connected).toBe(true));
    silent.answer = () => ({ ok: true, result: {} });
    await vi.waitFor(async () => expect((await scheduler.round()).specsTold).toBeGreaterThan(0), { timeout: 8_000 });
    await vi.waitFor(() => expect(commands(taking, 'stage_specs')).toBe(2));
  }, 30_000);

  // Two instances following one unit need a broker they share: the server-broker project's.
  if (!broker.embedded)
    it('sends one stage while another instance follows the same unit', async () => {
      // The first instance owns the database; the second must not close it when it stops.
      const database = { ...f.t.db.database, close: async () => undefined };
      const second = await buildApp({ config: f.t.config, database, logger: false });
      extra.push(second);
      const unit = await connected();
      const staging = stage(unit.serialNumber);
      for (let i = 0; i < 5; i += 1) second.software.tracker.unitChanged(unit.serialNumber);
      expect((await staging).statusCode).toBe(200);
      await vi.waitFor(() => expect(commands(unit, 'stage')).toBe(1), UNIT_SEES);
      await settled();
      await settled(second);
      expect(commands(unit, 'stage')).toBe(1);
    });
}

describe(`telling units on the ${brokerUnderTest.name}`, () => tellsOnce(brokerUnderTest));
