import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ApiRoute } from '@ed/contract/http-api';
import { alarmsRoutes } from '@ed/contract/routes/alarms';
import { radarRoutes } from '@ed/contract/routes/radar';
import { startFleet, type Fleet } from '@ed/simulator/fleet';
import type { SimulatedUnit } from '@ed/simulator/simulated-unit';
import { voltageVerdict } from '../../src/areas/alarms/alarm-conditions.js';
import { embeddedBroker, ENROLLMENT_KEY, fleetFixture, type FleetFixture } from '../support/fleet-fixture.js';
import { injectBody, injectQuery, type RouteBody, type RouteQuery } from '../support/inject-route.js';
import { bearer } from '../support/test-app.js';

/** An hour of the offline rule lasts 100 ms here. */
const HOUR_MS = 100;
const DAY_MS = 86_400_000;

/** Alarm rules raised, acknowledged and cleared on real simulated units (docs/alarms.md). */
describe('alarm rules on the fleet', () => {
  let f: FleetFixture;
  let fleet: Fleet;
  let engineer: string;
  let support: string;

  beforeAll(async () => {
    f = await fleetFixture(embeddedBroker, { JOB_INTERVAL_MS: '0', ALARM_HOUR_MS: String(HOUR_MS) });
    await f.t.createUser('engineer1', 'engineer');
    await f.t.createUser('support1', 'support');
    fleet = startFleet({
      units: 10,
      serverUrl: `http://127.0.0.1:${f.port}`,
      enrollmentKey: ENROLLMENT_KEY,
      offlineShare: 0,
      churn: 0,
      activity: false,
      seed: 11,
    });
    await fleet.ready;
    await f.t.app.fleet.gateway.settled();
    engineer = (await f.t.signIn('engineer1')).access_token;
    support = (await f.t.signIn('support1')).access_token;
  });
  afterAll(async () => {
    await fleet.stop();
    await f.close();
  });

  const get = <R extends ApiRoute>(token: string, route: R, query?: RouteQuery<R>) =>
    injectQuery(f.t.app, route, query, bearer(token));
  const post = <R extends ApiRoute>(token: string, route: R, body: RouteBody<R>) =>
    injectBody(f.t.app, route, body, bearer(token));
  const createRule = async (body: RouteBody<typeof alarmsRoutes.createAlarmRule>) => {
    const res = await post(engineer, alarmsRoutes.createAlarmRule, body);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const alarmsOf = async (ruleId: number) => (await get(support, alarmsRoutes.listAlarms, { ruleId })).json().docs;
  const counts = async () => (await get(support, alarmsRoutes.alarmCounts)).json();
  const aligner = (i: number): SimulatedUnit => fleet.units.filter((u) => u.state.family === 'aligner')[i]!;
  const settle = async () => {
    await f.t.app.fleet.gateway.settled();
    await f.t.app.alarms.evaluator.flush();
  };
  const later = (ms: number) => new Date(Date.now() + ms);

  it('lets admin and engineer define rules, shows them to support, and names what is wrong', async () => {
    const bad = await post(engineer, alarmsRoutes.createAlarmRule, {
      name: 'Gone',
      severity: 'major',
      condition: { kind: 'offline', hours: 0 },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ message: expect.stringContaining('hours must be at least 1') });
    const nobody = await post(engineer, alarmsRoutes.createAlarmRule, {
      name: 'Gone',
      severity: 'major',
      condition: { kind: 'offline', hours: 2 },
      subscribers: ['nobody'],
    });
    expect(nobody.statusCode).toBe(400);
    expect(nobody.json()).toMatchObject({ message: expect.stringContaining('There is no user nobody') });
    const refused = await post(support, alarmsRoutes.createAlarmRule, {
      name: 'Gone',
      severity: 'major',
      condition: { kind: 'offline', hours: 2 },
    });
    expect(refused.statusCode).toBe(403);
    const tech = await f.t.createUser('tech1', 'tech').then(() => f.t.signIn('tech1'));
    expect((await get(tech.access_token, alarmsRoutes.listAlarms)).statusCode).toBe(403);
    expect((await get(support, alarmsRoutes.listAlarmRules)).statusCode).toBe(200);
  });

  it('raises an offline alarm once the unit is gone longer than the rule says, mails it, and clears it when back', async () => {
    const rule = await createRule({
      name: 'Offline 2 h',
      severity: 'major',
      condition: { kind: 'offline', hours: 2 },
      subscribers: ['support1'],
    });
    expect(rule.description).toBe('Offline longer than 2 h');
    const unit = aligner(0);
    await unit.dropFor(60_000, 'clean');
    await settle();
    // Not yet two (shortened) hours: the job finds nothing in its window.
    await f.t.app.alarms.evaluator.tick(new Date());
    expect(await alarmsOf(rule.id)).toEqual([]);

    await f.t.app.alarms.evaluator.tick(later(2 * HOUR_MS + 50));
    const [alarm] = await alarmsOf(rule.id);
    expect(alarm).toMatchObject({ serialNumber: unit.serialNumber, status: 'active', acknowledgedBy: null });
    expect(alarm!.details).toContain('Offline since');
    expect(await counts()).toMatchObject({ active: 1, unacknowledged: 1 });
    const mails = await f.t.outbox();
    expect(mails.some((m) => m.includes('Major alarm Offline 2 h on') && m.includes(unit.serialNumber))).toBe(true);

    const ack = await post(support, alarmsRoutes.acknowledgeAlarms, { ids: [alarm!.id] });
    expect(ack.json()).toEqual({ changed: 1 });
    expect(await counts()).toMatchObject({ active: 1, unacknowledged: 0 });
    // The same window again (another instance's job) raises nothing new.
    await f.t.app.alarms.evaluator.tick(later(2 * HOUR_MS + 60));
    expect(await alarmsOf(rule.id)).toHaveLength(1);

    await unit.restart(10);
    await vi.waitFor(async () => {
      await settle();
      const [after] = await alarmsOf(rule.id);
      expect(after).toMatchObject({ status: 'cleared', clearedBy: null, acknowledgedBy: 'support1' });
    });
    expect(await counts()).toMatchObject({ active: 0 });
    await post(engineer, alarmsRoutes.deleteAlarmRule, { id: rule.id });
  });

  it('raises on a failed install at once and on a hung one when the job finds it, and clears when the unit moves on', async () => {
    const rule = await createRule({
      name: 'Installs',
      severity: 'critical',
      condition: { kind: 'install', hungMinutes: 30 },
    });
    const failing = aligner(1);
    const hung = aligner(2);
    const idle = failing.state.updateState!;
    failing.apply({ updateState: { ...idle, state: 'INSTALLATION_FAILED' } });
    hung.apply({ updateState: { ...idle, state: 'INSTALLING_UPDATE' } });
    await vi.waitFor(async () => {
      await settle();
      expect((await alarmsOf(rule.id)).map((a) => [a.serialNumber, a.details])).toEqual([
        [failing.serialNumber, 'Install Failed'],
      ]);
    });
    await f.t.app.alarms.evaluator.tick(later(31 * 60_000));
    const raised = await alarmsOf(rule.id);
    expect(raised.find((a) => a.serialNumber === hung.serialNumber)?.details).toMatch(/^Installing for 3\d min$/);

    failing.apply({ updateState: { ...idle, state: 'TRY_INSERT_UPDATE' } });
    await vi.waitFor(async () => {
      await settle();
      const failed = (await alarmsOf(rule.id)).find((a) => a.serialNumber === failing.serialNumber);
      expect(failed?.status).toBe('cleared');
    });
    // Clearing by hand: the person is on the record.
    const hungAlarm = raised.find((a) => a.serialNumber === hung.serialNumber)!;
    expect((await post(support, alarmsRoutes.clearAlarms, { ids: [hungAlarm.id] })).json()).toEqual({ changed: 1 });
    expect((await alarmsOf(rule.id)).find((a) => a.id === hungAlarm.id)).toMatchObject({ clearedBy: 'support1' });
    hung.apply({ updateState: idle });
    await post(engineer, alarmsRoutes.deleteAlarmRule, { id: rule.id });
  });

  it('raises on specs that reach the window, by the job as days pass and at once when a unit reports them', async () => {
    const rule = await createRule({ name: 'Specs', severity: 'minor', condition: { kind: 'specsExpiring', days: 30 } });
    const soon = aligner(3);
    const inTwoMonths = new Date(Date.now() + 75 * DAY_MS);
    soon.apply({ specsExpiration: { month: inTwoMonths.getUTCMonth() + 1, year: inTwoMonths.getUTCFullYear() } });
    await vi.waitFor(async () => {
      await settle();
      const row = await f.t.app.fleet.equipment.findBySerial(soon.serialNumber);
      expect(row?.specsExpiration?.month).toBe(inTwoMonths.getUTCMonth() + 1);
    });
    expect((await alarmsOf(rule.id)).filter((a) => a.serialNumber === soon.serialNumber)).toEqual([]);
    await f.t.app.alarms.evaluator.tick(later(80 * DAY_MS));
    const [alarm] = (await alarmsOf(rule.id)).filter((a) => a.serialNumber === soon.serialNumber);
    expect(alarm?.details).toMatch(/^Specs (expire|expired) \d\d\/\d{4}$/);
    await post(engineer, alarmsRoutes.deleteAlarmRule, { id: rule.id });
  });

  it('judges each voltage report: a unit with a rail out of range is raised, the others are not', async () => {
    const rule = await createRule({ name: 'Voltages', severity: 'warning', condition: { kind: 'voltage' } });
    const aligners = fleet.units.filter((u) => u.state.family === 'aligner');
    const expected: string[] = [];
    for (const unit of aligners) {
      const result = await f.t.app.fleet.service.runAsSystem(unit.serialNumber, 'get_voltages', {});
      const verdict = voltageVerdict((result as { voltages: Parameters<typeof voltageVerdict>[0] }).voltages);
      if (verdict !== 'clear' && verdict !== 'wait') expected.push(unit.serialNumber);
    }
    // The fleet's seed gives some units a weak rail (about one in six) and most none.
    expect(expected.length).toBeGreaterThan(0);
    expect(expected.length).toBeLessThan(aligners.length);
    await vi.waitFor(async () =>
      expect((await alarmsOf(rule.id)).map((a) => a.serialNumber).sort()).toEqual(expected.sort()),
    );
    await post(engineer, alarmsRoutes.deleteAlarmRule, { id: rule.id });
  });

  it('follows the favorite units of a user: offline raises, back online clears', async () => {
    const unit = aligner(4);
    const fav = await post(support, radarRoutes.addFavorite, { username: 'support1', serialNumber: unit.serialNumber });
    expect(fav.statusCode, fav.body).toBe(200);
    // An engineer may follow only their own favorites: another user's would tell what they watch.
    const others = await post(engineer, alarmsRoutes.createAlarmRule, {
      name: 'Theirs',
      severity: 'minor',
      condition: { kind: 'favorites', username: 'support1' },
    });
    expect(others.statusCode).toBe(403);
    const admin = (await f.t.signIn('admin')).access_token;
    const unknown = await post(admin, alarmsRoutes.createAlarmRule, {
      name: 'Mine',
      severity: 'minor',
      condition: { kind: 'favorites', username: 'ghost' },
    });
    expect(unknown.statusCode).toBe(400);
    const created = await post(admin, alarmsRoutes.createAlarmRule, {
      name: 'Mine',
      severity: 'minor',
      condition: { kind: 'favorites', username: 'support1' },
    });
    expect(created.statusCode, created.body).toBe(200);
    const rule = created.json();
    await unit.dropFor(60_000, 'clean');
    await vi.waitFor(async () => {
      await settle();
      expect(await alarmsOf(rule.id)).toMatchObject([
        { serialNumber: unit.serialNumber, status: 'active', details: 'Favorite of support1 went offline' },
      ]);
    });
    // Another unit going offline is not support1's business.
    await aligner(5).dropFor(60_000, 'clean');
    await settle();
    expect(await alarmsOf(rule.id)).toHaveLength(1);
    await unit.restart(10);
    await vi.waitFor(async () => {
      await settle();
      expect((await alarmsOf(rule.id))[0]?.status).toBe('cleared');
    });
  });

  it('clears the alarms of a rule whose condition changes', async () => {
    const rule = await createRule({ name: 'Short', severity: 'major', condition: { kind: 'offline', hours: 1 } });
    await f.t.app.alarms.evaluator.tick(later(2 * HOUR_MS));
    expect((await alarmsOf(rule.id)).filter((a) => a.status === 'active').length).toBeGreaterThan(0);
    const changed = await post(engineer, alarmsRoutes.updateAlarmRule, {
      id: rule.id,
      name: 'Short',
      severity: 'major',
      condition: { kind: 'offline', hours: 5 },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await alarmsOf(rule.id)).every((a) => a.status === 'cleared' && a.clearedBy === 'rule changed')).toBe(true);
    const missing = await post(engineer, alarmsRoutes.updateAlarmRule, { ...changed.json(), id: 9999 });
    expect(missing.statusCode).toBe(404);
  });

  it('exports the alarms of the list’s filter as CSV, in its order, and refuses a role that may not see them', async () => {
    const listed = (await get(support, alarmsRoutes.listAlarms, { status: 'cleared' })).json();
    expect(listed.totalDocs).toBeGreaterThan(0);
    const res = await get(support, alarmsRoutes.exportAlarms, { status: 'cleared' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['x-export-rows']).toBe(String(listed.totalDocs));
    const rows = parse<Record<string, string>>(res.body, { columns: true });
    expect(rows.map((r) => r.Unit)).toEqual(listed.docs.map((a) => a.serialNumber));
    expect(rows[0]).toMatchObject({ Status: 'Cleared', Rule: listed.docs[0]!.ruleName });
    // A status the contract's types refuse: by hand.
    const bad = await f.t.app.inject({
      url: `${alarmsRoutes.exportAlarms.path}?status=gone`,
      headers: bearer(support),
    });
    expect(bad.statusCode).toBe(400);
    const tech = (await f.t.signIn('tech1')).access_token;
    expect((await get(tech, alarmsRoutes.exportAlarms)).statusCode).toBe(403);
  });
});
