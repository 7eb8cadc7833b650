import { topics } from '@ed/contract/device-protocol';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeClock } from './fake-clock.js';
import { startFleet } from './fleet.js';
import { runLimited } from './limiter.js';
import { startTestServer, type TestServer } from './test-broker.js';

let t: TestServer;
beforeEach(async () => {
  t = await startTestServer();
});
afterEach(async () => {
  await t.close();
});

describe('startFleet', () => {
  it('brings every unit in once, keeps the offline share disconnected, and stops them all', async () => {
    const clock = new FakeClock();
    const fleet = startFleet({
      units: 30,
      seed: 5,
      offlineShare: 0.3,
      serverUrl: t.serverUrl,
      enrollmentKey: 'fleet-key',
      concurrency: 5,
      clock,
    });
    await fleet.ready;
    const offline = fleet.units.filter((unit) => unit.profile.offline);
    expect(offline.length).toBeGreaterThan(0);
    expect(t.tokens.size).toBe(30);
    for (const unit of fleet.units) {
      expect(unit.online).toBe(!unit.profile.offline);
      await t.seenMessage((m) => m.topic === topics.state(unit.serialNumber));
    }
    for (const unit of offline)
      expect(await t.retained(topics.status(unit.serialNumber))).toMatchObject({
        online: false,
        seq: expect.any(Number),
      });
    // Jobs start on the fleet's clock: an hour later some unit is or was busy.
    clock.advance(3_600_000);
    await t.seenMessage((m) => typeof (m.message as { currentProcedure?: unknown }).currentProcedure === 'string');
    await fleet.stop();
    expect(fleet.units.every((unit) => !unit.online)).toBe(true);
  });

  it('rejects ready with the server’s reason when the enrollment key is wrong', async () => {
    const fleet = startFleet({ units: 10, seed: 1, serverUrl: t.serverUrl, enrollmentKey: 'wrong', concurrency: 2 });
    await expect(fleet.ready).rejects.toThrow('answered 401');
    expect(t.control.registrations).toBeLessThanOrEqual(2);
    await fleet.stop();
  });
});

describe('install outcomes of a fleet', () => {
  it('refuses a bad rate at start and at run time, and hands good ones to every unit', async () => {
    const options = { units: 3, seed: 2, serverUrl: t.serverUrl, enrollmentKey: 'fleet-key', clock: new FakeClock() };
    expect(() => startFleet({ ...options, installOutcomes: { '5.2.0': { failRate: 2 } } })).toThrow(RangeError);
    const fleet = startFleet({ ...options, installOutcomes: { '5.2.': { hangRate: 0.5 } } });
    await fleet.ready;
    expect(() => fleet.setInstallOutcomes({ '5.2.0': { failRate: 0.7, hangRate: 0.7 } })).toThrow(RangeError);
    const told = fleet.units.map((unit) => vi.spyOn(unit.updates, 'setInstallOutcomes'));
    fleet.setInstallOutcomes({ '5.2.0': { failRate: 1 } });
    for (const spy of told) expect(spy).toHaveBeenCalledWith({ '5.2.0': { failRate: 1, hangRate: 0 } });
    await fleet.stop();
  });
});

describe('runLimited', () => {
  it('never runs more than the limit at once', async () => {
    let running = 0;
    let peak = 0;
    await runLimited([...Array(50).keys()], 7, async () => {
      running += 1;
      peak = Math.max(peak, running);
      await new Promise((resolve) => setImmediate(resolve));
      running -= 1;
    });
    expect(peak).toBe(7);
  });
});
