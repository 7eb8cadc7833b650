import { createHash } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { rolloutsRoutes } from '@ed/contract/routes/rollouts';
import { softwareRoutes } from '@ed/contract/routes/software';
import { ticketsRoutes } from '@ed/contract/routes/tickets';
import { openRolloutApp, rolloutFixture } from '../support/rollout-fixture.js';
import type { TestApp } from '../support/test-app.js';

let t: TestApp;
let admin: string;
const { post, units, installed, failed, offline, stagedSerials, rollout, round, create } = rolloutFixture(
  () => t,
  () => admin,
);

/** The order in which a rollout spreads its members over the waves (rollout-start.ts). */
const waveOrder = (serials: string[], id: number) => {
  const hash = (s: string) => createHash('md5').update(`${s}:${id}`).digest('hex');
  return [...serials].sort((a, b) => (hash(a) < hash(b) ? -1 : 1));
};
const reasons = async (id: number) => ((await rollout(id)).events as { reason: string | null }[]).map((e) => e.reason);

beforeEach(async () => {
  ({ t, admin } = await openRolloutApp());
});
afterEach(async () => {
  await t.close();
});

describe('rollouts that cannot go on by themselves', () => {
  it('shows a draft the waves it would have, and lets a wave whose units are all offline go on', async () => {
    const serials = await units('ROL', 4);
    const id = await create({ waves: [{ count: 2 }, { rest: true }], start: false });
    expect((await rollout(id)).waves).toEqual([
      expect.objectContaining({ index: 0, size: 2, state: 'waiting', successThreshold: 90 }),
      expect.objectContaining({ index: 1, size: 2, state: 'waiting' }),
    ]);
    const [a, b, c, d] = waveOrder(serials, id) as [string, string, string, string];
    await offline(a);
    await offline(b);
    expect((await post(rolloutsRoutes.startRollout, { id })).statusCode).toBe(200);
    await round();
    await round();
    const r = await rollout(id);
    expect(r.currentWave).toBe(1);
    expect(r.waves[0]).toMatchObject({ state: 'done', staged: 0, offline: 2 });
    expect(await reasons(id)).toContain('Wave 1 had no unit online to update (2 offline). Wave 2 starts.');
    await round();
    expect(await stagedSerials([c, d])).toEqual([c, d]);
  });

  it('counts a ticket opened after a resume on a unit updated before it', async () => {
    const serials = await units('ROL', 3);
    const id = await create({ waves: [{ count: 1, pauseAfter: true, successThreshold: 100 }, { rest: true }] });
    await round();
    const [canary] = await stagedSerials(serials);
    await installed(canary!);
    await round();
    expect((await rollout(id)).pausedReason).toMatch(/Paused after it as planned/);
    expect((await post(rolloutsRoutes.resumeRollout, { id })).statusCode).toBe(200);
    await round();
    expect((await rollout(id)).state).toBe('running');
    const ticket = await post(ticketsRoutes.createTicket, { issuerUsername: 'admin', serialNumber: canary! });
    expect(ticket.statusCode, ticket.body).toBe(200);
    await round();
    const r = await rollout(id);
    expect(r.state).toBe('paused');
    expect(r.pausedReason).toBe(
      `Wave 1: 1 support ticket (#${ticket.json().id}) opened since it was resumed on 1 updated unit within 48 h ` +
        'of their update: 100 % of 1 unit, above the 2 % threshold.',
    );
  });

  it('pauses a wave that cannot reach its threshold; a person skips its offline units or lowers it', async () => {
    const serials = await units('ROL', 3);
    const id = await create({ waves: [{ rest: true }], start: false });
    const [gone, fine, broken] = waveOrder(serials, id) as [string, string, string];
    await offline(gone);
    await post(rolloutsRoutes.startRollout, { id });
    await round();
    await installed(fine);
    await failed(broken);
    await round();
    expect((await rollout(id)).pausedReason).toMatch(/^Wave 1: 1 of 2 installs failed or hung/);
    await post(rolloutsRoutes.resumeRollout, { id });
    await round();
    expect((await rollout(id)).pausedReason).toBe(
      'Wave 1 cannot reach 90 %: 1 of 2 installs succeeded (50 %), 1 failed, 1 offline. ' +
        'Skip its offline units, lower its threshold, or cancel the rollout.',
    );

    await t.createUser('lvl2', 'support_lvl2');
    const lvl2 = (await t.signIn('lvl2')).access_token;
    expect((await post(rolloutsRoutes.skipOfflineUnits, { id, wave: 0 }, lvl2)).statusCode).toBe(403);
    const unknown = await post(rolloutsRoutes.skipOfflineUnits, { id, wave: 5 });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ message: 'Rollout “To 5.2.0” has 1 wave; there is no wave 6.' });
    const skipped = await post(rolloutsRoutes.skipOfflineUnits, { id, wave: 0 });
    expect(skipped.statusCode, skipped.body).toBe(200);
    expect(skipped.json().waves[0]).toMatchObject({ skipped: 1, offline: 0 });
    const again = await post(rolloutsRoutes.skipOfflineUnits, { id, wave: 0 });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ message: 'Wave 1 has no unit set aside as offline.' });
    const outOfRange = await post(rolloutsRoutes.setWaveThreshold, { id, wave: 0, successThreshold: 120 });
    expect(outOfRange.statusCode).toBe(400);
    expect(outOfRange.json()).toMatchObject({ message: expect.stringMatching(/at most 100 %/) });

    expect((await post(rolloutsRoutes.setWaveThreshold, { id, wave: 0, successThreshold: 50 })).statusCode).toBe(200);
    await post(rolloutsRoutes.resumeRollout, { id });
    await round();
    const r = await rollout(id);
    expect(r.state).toBe('completed');
    expect(await reasons(id)).toEqual(
      expect.arrayContaining([
        '1 offline unit of wave 1 skipped.',
        "Wave 1's success threshold changed from 90 % to 50 %.",
        'Wave 1 reached 50 % (1 of 2 installed, 1 skipped).',
      ]),
    );
    expect((await post(rolloutsRoutes.setWaveThreshold, { id, wave: 0, successThreshold: 40 })).statusCode).toBe(409);
  });

  it('plans without a past start day, and counts the units the update scheduler staged already', async () => {
    const serials = await units('ROL', 3);
    const staged = await post(softwareRoutes.stageUpdate, {
      serialNumber: serials[0]!,
      version: { semantic: '5.2.0', meta: null },
    });
    expect(staged.statusCode, staged.body).toBe(200);
    const plan = {
      family: 'aligner' as const,
      version: '5.2.0',
      target: { kind: 'pattern' as const, pattern: 'ROL*' },
      waves: [],
    };
    const answer = await post(rolloutsRoutes.planRollout, plan);
    expect(answer.json()).toMatchObject({ total: 3, alreadyStaged: 1 });
    const past = await post(rolloutsRoutes.planRollout, { ...plan, startDay: '2020-01-01', perDay: 5 });
    expect(past.statusCode).toBe(400);
    expect(past.json()).toMatchObject({
      message: expect.stringMatching(/The start day may not be before today \(UTC\)\./),
    });
  });
});
