import { parse } from 'csv-parse/sync';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { rolloutsRoutes } from '@ed/contract/routes/rollouts';
import { savedViewsRoutes } from '@ed/contract/routes/saved-views';
import { ticketsRoutes } from '@ed/contract/routes/tickets';
import { idle, openRolloutApp, rolloutFixture } from '../support/rollout-fixture.js';
import { bearer, type TestApp } from '../support/test-app.js';

let t: TestApp;
let admin: string;
const MINUTE = 60_000;

const { post, get, units, installed, failed, stagedSerials, rollout, round, create } = rolloutFixture(
  () => t,
  () => admin,
);

beforeEach(async () => {
  ({ t, admin } = await openRolloutApp());
});
afterEach(async () => {
  await t.close();
});

describe('rollouts', () => {
  it('moves wave by wave as installs complete, and completes', async () => {
    const serials = await units('ROL', 20);
    const id = await create({ waves: [{ percent: 10, successThreshold: 100 }, { percent: 40 }, { rest: true }] });
    let r = await rollout(id);
    expect(r).toMatchObject({ state: 'running', total: 20, currentWave: 0 });
    expect(r.waves.map((w: { size: number }) => w.size)).toEqual([2, 8, 10]);

    await round();
    const first = await stagedSerials(serials);
    expect(first).toHaveLength(2);
    r = await rollout(id);
    expect(r.waves[0]).toMatchObject({ state: 'running', staged: 2, inFlight: 2 });
    // The automatic scheduler leaves a family with a running rollout alone.
    expect((await t.app.software.scheduler.round()).autoStaged).toBe(0);

    for (const s of first) await installed(s);
    await round();
    r = await rollout(id);
    expect(r.waves[0]).toMatchObject({ state: 'done', completed: 2 });
    expect(r.currentWave).toBe(1);
    expect(r.events.map((e: { kind: string }) => e.kind)).toContain('wave started');

    for (let i = 0; i < 4; i++) {
      await round();
      for (const s of await stagedSerials(serials)) await installed(s);
    }
    await round();
    r = await rollout(id);
    expect(r.state).toBe('completed');
    expect(r.completed).toBe(20);
    expect((await get(rolloutsRoutes.getRolloutUnits, { id, state: 'completed' })).json().totalDocs).toBe(20);
  });

  it('pauses when failed and hung installs pass the error threshold, and says why', async () => {
    const serials = await units('ROL', 20);
    const id = await create({
      waves: [{ percent: 50 }, { rest: true }],
      thresholds: { errorPercent: 10, hungAfterMinutes: 30, ticketPercent: 50, ticketWindowHours: 48 },
    });
    await round();
    const staged = await stagedSerials(serials);
    expect(staged).toHaveLength(10);
    await failed(staged[0]!);
    await round();
    expect((await rollout(id)).state).toBe('running');
    // 30 minutes without progress: hung. 1 failed + 1 hung of 10 is 20 %.
    const later = new Date(Date.now() + 31 * MINUTE);
    t.app.software.clock.now = () => later;
    await t.app.software.repository.markProgress(staged[2]!, 'moving', later);
    for (const s of staged.slice(3)) await installed(s);
    await round();
    const r = await rollout(id);
    expect(r.state).toBe('paused');
    expect(r.pausedReason).toBe(
      'Wave 1: 2 of 10 installs failed or hung (1 failed, 1 hung): 20 % of 10 units, above the 10 % threshold.',
    );
    expect(r.failed).toBe(1);
    expect(r.hung).toBe(1);
    // The failed and the hung unit gave their staging back.
    expect(await stagedSerials([staged[0]!, staged[1]!])).toEqual([]);
    // Paused: nothing more is staged.
    await round();
    expect(await stagedSerials(serials.filter((s) => !staged.includes(s)))).toEqual([]);
    // Resumed: what paused it counts as seen, and the unit still installing goes on.
    expect((await post(rolloutsRoutes.resumeRollout, { id })).statusCode).toBe(200);
    await round();
    expect((await rollout(id)).state).toBe('running');
    // It installs: 8 of 10 cannot reach 90 %, and the rollout pauses saying so.
    await installed(staged[2]!);
    await round();
    expect((await rollout(id)).pausedReason).toBe(
      'Wave 1 cannot reach 90 %: 8 of 10 installs succeeded (80 %), 1 failed, 1 hung. ' +
        'Skip its offline units, lower its threshold, or cancel the rollout.',
    );
    // A lower threshold for this wave, resumed, and the next wave goes on.
    const lowered = await post(rolloutsRoutes.setWaveThreshold, { id, wave: 0, successThreshold: 80 });
    expect(lowered.statusCode, lowered.body).toBe(200);
    expect((await post(rolloutsRoutes.resumeRollout, { id })).statusCode).toBe(200);
    await round();
    await round();
    const r2 = await rollout(id);
    expect(r2).toMatchObject({ state: 'running', currentWave: 1 });
    expect(r2.events.map((e: { reason: string | null }) => e.reason)).toContain(
      "Wave 1's success threshold changed from 90 % to 80 %.",
    );
    expect((await stagedSerials(serials.filter((s) => !staged.includes(s)))).length).toBeGreaterThan(0);
  });

  it('pauses on a ticket spike among updated units, naming the tickets', async () => {
    const serials = await units('ROL', 10);
    const id = await create({ waves: [{ percent: 100 }] });
    await round();
    const staged = await stagedSerials(serials);
    expect(staged).toHaveLength(10);
    // A unit outside the rollout does not count.
    await units('OTH', 1);
    for (const serialNumber of [staged[0]!, 'OTH000001']) {
      const res = await post(ticketsRoutes.createTicket, {
        issuerUsername: 'admin',
        serialNumber,
        description: 'Camera drops out',
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    await round();
    const r = await rollout(id);
    expect(r.state).toBe('paused');
    expect(r.ticketList).toHaveLength(1);
    const ticketId = r.ticketList[0]!.id;
    expect(r.pausedReason).toBe(
      `Wave 1: 1 support ticket (#${ticketId}) opened on 10 updated units within 48 h of their update: 10 % of 10 units, above the 2 % threshold.`,
    );
  });

  it('holds at a manual gate until resumed', async () => {
    const serials = await units('ROL', 10);
    const id = await create({ waves: [{ count: 2, pauseAfter: true, successThreshold: 100 }, { rest: true }] });
    await round();
    for (const s of await stagedSerials(serials)) await installed(s);
    await round();
    let r = await rollout(id);
    expect(r.state).toBe('paused');
    expect(r.pausedReason).toMatch(/Paused after it as planned: resume to start wave 2\.$/);
    await round();
    expect(await stagedSerials(serials)).toEqual([]);
    const support2 = 'lvl2';
    await t.createUser(support2, 'support_lvl2');
    const lvl2 = (await t.signIn(support2)).access_token;
    expect((await post(rolloutsRoutes.resumeRollout, { id }, lvl2)).statusCode).toBe(403);
    expect((await post(rolloutsRoutes.resumeRollout, { id })).statusCode).toBe(200);
    await round();
    r = await rollout(id);
    expect(r.currentWave).toBe(1);
    expect(await stagedSerials(serials)).toHaveLength(8);
    // Anyone who sees the harm may stop it: support_lvl2 pauses.
    const paused = await post(rolloutsRoutes.pauseRollout, { id, reason: 'Shops report drift' }, lvl2);
    expect(paused.statusCode).toBe(200);
    expect(paused.json().pausedReason).toBe('Paused by lvl2: Shops report drift');
  });

  it('exports the list as CSV, newest first, of one state or all', async () => {
    await units('ROL', 4);
    await create({ name: 'First draft', start: false });
    await create({ name: 'Running' });
    await create({ name: '=Second draft', start: false });
    const listed = (await get(rolloutsRoutes.listRollouts)).json();
    const all = await get(rolloutsRoutes.exportRollouts);
    expect(all.statusCode).toBe(200);
    expect(all.headers['x-export-rows']).toBe('3');
    const rows = parse<Record<string, string>>(all.body, { columns: true });
    // A name a spreadsheet would run as a formula is sent as text.
    expect(rows.map((r) => r.Name!.replace(/^'/, ''))).toEqual(listed.docs.map((d) => d.name));
    expect(rows[0]).toMatchObject({ Name: "'=Second draft", Family: 'aligner', Version: '5.2.0', Units: '0' });
    const drafts = await get(rolloutsRoutes.exportRollouts, { state: 'draft' });
    expect(drafts.headers['x-export-rows']).toBe('2');
    const draftRows = parse<Record<string, string>>(drafts.body, { columns: true });
    expect(draftRows.map((r) => r.State)).toEqual(['draft', 'draft']);
    // A state that does not exist, which the contract's type refuses: sent by hand.
    const bad = await t.app.inject({ url: '/export/rollouts/v1?state=sideways', headers: bearer(admin) });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('state');
  });

  it('cancels: unstages units that have not started downloading, leaves installs alone', async () => {
    const serials = await units('ROL', 4);
    const id = await create({ waves: [{ percent: 100 }] });
    await round();
    expect(await stagedSerials(serials)).toHaveLength(4);
    await t.app.fleet.equipment.applyState(serials[0]!, 'aligner', {
      updateState: { state: 'INSTALLING_UPDATE', ...idle, installProgress: { software: 40 } },
    });
    const res = await post(rolloutsRoutes.cancelRollout, { id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().state).toBe('cancelled');
    expect(await stagedSerials(serials)).toEqual([serials[0]]);
    const units2 = (await get(rolloutsRoutes.getRolloutUnits, { id })).json().docs;
    expect(units2.find((u) => u.serialNumber === serials[0])?.state).toBe('left');
    expect(units2.filter((u) => u.state === 'cancelled')).toHaveLength(3);
    expect((await post(rolloutsRoutes.cancelRollout, { id })).statusCode).toBe(409);
  });

  it('loses nothing over a restart, and two instances never both advance a round', async () => {
    const serials = await units('ROL', 30);
    const id = await create({ waves: [{ percent: 50 }, { rest: true }], slots: 6 });
    const a = await t.anotherInstance();
    const b = await t.anotherInstance();
    const [ra, rb] = await Promise.all([a.rollouts.round.run(), b.rollouts.round.run()]);
    expect([ra.ran, rb.ran].filter(Boolean).length).toBeGreaterThanOrEqual(1);
    expect(await stagedSerials(serials)).toHaveLength(6);
    await Promise.all([a.rollouts.round.run(), b.rollouts.round.run()]);
    expect(await stagedSerials(serials)).toHaveLength(6);
    const r = await rollout(id);
    expect(r.waves[0]).toMatchObject({ staged: 6, inFlight: 6 });
    expect((await get(rolloutsRoutes.listRolloutVersions, { family: 'aligner' })).json()).toEqual({
      versions: [{ semantic: '5.2.0', createdAt: expect.any(String) }],
      specs: [],
    });
    // A family that does not exist, which the contract's type refuses: sent by hand.
    const toaster = await t.app.inject({ url: '/read/rollout_versions/v1?family=toaster', headers: bearer(admin) });
    expect(toaster.statusCode).toBe(400);
  });

  it('refuses an empty target, thresholds outside 0–100 % and waves that do not cover the target', async () => {
    await units('ROL', 10);
    const base = { name: 'x', family: 'aligner' as const, version: '5.2.0', start: true };
    const empty = await post(rolloutsRoutes.createRollout, {
      ...base,
      target: { kind: 'pattern', pattern: 'NONE*' },
      waves: [{ rest: true }],
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ message: 'The target has no units that need this version.' });
    const short = await post(rolloutsRoutes.createRollout, {
      ...base,
      target: { kind: 'pattern', pattern: 'ROL*' },
      waves: [{ percent: 10 }, { count: 2 }],
    });
    expect(short.statusCode).toBe(400);
    expect(short.json()).toMatchObject({
      message: "The waves cover 3 of the target's 10 units; add a wave or end with “the rest”.",
    });
    const over = await post(rolloutsRoutes.createRollout, {
      ...base,
      target: { kind: 'pattern', pattern: 'ROL*' },
      waves: [{ rest: true }],
      thresholds: { errorPercent: 120 },
    });
    expect(over.statusCode).toBe(400);
    expect(over.json()).toMatchObject({
      message: expect.stringMatching(/The share of failed and hung installs to pause above must be from 0 to 100 %/),
    });
    // Nothing half-written.
    expect((await get(rolloutsRoutes.listRollouts)).json().totalDocs).toBe(0);
    await t.createUser('sup', 'support');
    const support = (await t.signIn('sup')).access_token;
    expect(
      (
        await post(
          rolloutsRoutes.createRollout,
          { ...base, target: { kind: 'pattern', pattern: 'ROL*' }, waves: [{ rest: true }] },
          support,
        )
      ).statusCode,
    ).toBe(403);
    expect((await get(rolloutsRoutes.listRollouts, undefined, support)).statusCode).toBe(200);
  });

  it('targets a saved view, counted when used', async () => {
    await units('ROL', 6);
    await units('VUE', 3, '4.9.0');
    const view = await post(savedViewsRoutes.createSavedView, {
      name: 'VUE units',
      shared: true,
      filter: { serialNumber: 'VUE*' },
    });
    expect(view.statusCode, view.body).toBe(200);
    expect(view.json()).toMatchObject({ name: 'VUE units', members: 3, owner: 'admin' });
    const viewId = view.json().id;
    const plan = await post(rolloutsRoutes.planRollout, {
      family: 'aligner',
      version: '5.2.0',
      target: { kind: 'view', viewId },
      waves: [{ count: 1 }, { rest: true }],
      startDay: '2031-03-10',
      perDay: 2,
    });
    expect(plan.json()).toMatchObject({ total: 3, waveSizes: [1, 2], problem: null });
    expect(plan.json().days).toEqual([
      { day: '2031-03-10', planned: 2, existing: 0 },
      { day: '2031-03-11', planned: 1, existing: 0 },
    ]);
    const draft = await create({ target: { kind: 'view', viewId }, waves: [{ rest: true }], start: false });
    expect((await rollout(draft)).targetLabel).toBe('View “VUE units”');
    const refused = await post(savedViewsRoutes.deleteSavedView, { id: viewId });
    expect(refused.statusCode).toBe(409);
    // A unit that starts to match belongs from then on.
    await units('VUE', 4, '4.9.0');
    expect((await get(savedViewsRoutes.listSavedViews)).json().views[0]!.members).toBe(4);
    expect((await post(rolloutsRoutes.startRollout, { id: draft })).json().total).toBe(4);
    expect((await post(savedViewsRoutes.deleteSavedView, { id: viewId })).statusCode).toBe(200);
    // Radars are personal: a view shows its owner's own (an admin's may name anyone's).
    await t.createUser('tech1', 'tech');
    const tech = (await t.signIn('tech1')).access_token;
    const other = await post(savedViewsRoutes.createSavedView, { name: 'Theirs', filter: { radarOf: 'admin' } }, tech);
    expect(other.statusCode).toBe(403);
    expect(other.json()).toMatchObject({ message: 'A saved view may show your own radar only.' });
    const mine = await post(savedViewsRoutes.createSavedView, { name: 'Mine', filter: { radarOf: 'tech1' } }, tech);
    expect(mine.json()).toMatchObject({ members: 0, shared: false });
    // The tech sees their own view and no one's private one.
    expect(
      (await get(savedViewsRoutes.listSavedViews, undefined, tech)).json().views.map((v: { name: string }) => v.name),
    ).toEqual(['Mine']);
  });
});
