import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ElevationKind } from '@ed/contract/elevations';
import { ElevationsRepository } from '../../src/areas/elevations/elevations.repository.js';
import { ElevationsService } from '../../src/areas/elevations/elevations.service.js';
import { markConnected } from '../support/presence.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

/**
 * The expiry is a row: a service built afresh (a restart, another instance) finds what is due,
 * and two instances reverting at once revert each elevation once.
 */
describe('elevations across instances', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp({ JOB_INTERVAL_MS: '0' });
  });
  afterEach(() => t.close());

  /** An instance's service on the shared database, counting the reverts it sends. */
  const instance = (reverts: string[], fails = new Set<string>()) =>
    new ElevationsService({
      db: t.app.db,
      repository: new ElevationsRepository(t.app.db),
      revert: async (serialNumber: string, kind: ElevationKind) => {
        await new Promise((resolve) => setTimeout(resolve, 5));
        if (fails.has(serialNumber)) throw new Error('no answer');
        reverts.push(`${serialNumber}:${kind}`);
      },
      audits: t.app.audits,
      minuteMs: 60_000,
      claimMs: 30_000,
      logger: t.app.log,
    });

  it('reverts each due elevation once, whichever instance finds it, and keeps what failed', async () => {
    const serials = ['V33CP0001', 'V33CP0002', 'V33CP0003', 'V33CP0004'];
    const now = new Date();
    for (const s of serials) {
      await markConnected(t.app, s);
      await t.app.elevations.raised('ann', s, 'sshPort', 15, now);
    }
    await t.app.elevations.raised('ann', 'V33CP0001', 'logLevel', 240, now);
    const a: string[] = [];
    const b: string[] = [];
    const due = new Date(now.getTime() + 16 * 60_000);
    const [ra, rb] = await Promise.all([
      instance(a, new Set(['V33CP0004'])).revertDue(due),
      instance(b, new Set(['V33CP0004'])).revertDue(due),
    ]);
    expect(ra + rb).toBe(3);
    expect([...a, ...b].sort()).toEqual(['V33CP0001:sshPort', 'V33CP0002:sshPort', 'V33CP0003:sshPort']);
    // The one the unit did not take stays open for the next job; the 4-hour one is not due.
    expect(await t.app.elevations.list('V33CP0004')).toMatchObject([{ kind: 'sshPort' }]);
    expect(await t.app.elevations.list('V33CP0001')).toMatchObject([{ kind: 'logLevel' }]);
    const later: string[] = [];
    expect(await instance(later).revertDue(due)).toBe(1);
    expect(later).toEqual(['V33CP0004:sshPort']);
  });

  it('extends an open elevation when it is raised again, and leaves nothing when lowered', async () => {
    await markConnected(t.app, 'V33CP0009');
    const now = new Date();
    const first = await t.app.elevations.raised('ann', 'V33CP0009', 'rcp', 15, now);
    const again = await t.app.elevations.raised('bob', 'V33CP0009', 'rcp', 240, now);
    expect(Date.parse(again.expiresAt) - Date.parse(first.expiresAt)).toBe(225 * 60_000);
    expect(await t.app.elevations.list('V33CP0009')).toMatchObject([{ kind: 'rcp', raisedBy: 'bob' }]);
    await t.app.elevations.raised('ann', 'V33CP0009', 'logLevel', undefined, now);
    await t.app.elevations.lowered('ann', 'V33CP0009', 'logLevel', now);
    expect((await t.app.elevations.list('V33CP0009')).map((e) => e.kind)).toEqual(['rcp']);
  });
});
