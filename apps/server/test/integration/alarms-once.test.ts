import { setTimeout as delay } from 'node:timers/promises';
import { eq, sql } from 'drizzle-orm';
import { vi, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { alarmsRoutes } from '@ed/contract/routes/alarms';
import type { AlarmFactsRepository } from '../../src/areas/alarms/alarm-facts.repository.js';
import type { AlarmRulesRepository } from '../../src/areas/alarms/alarm-rules.repository.js';
import { alarms, equipment } from '../../src/db/schema.js';
import { injectRoute } from '../support/inject-route.js';
import { bearer, createTestApp, type TestApp } from '../support/test-app.js';

/** An hour of the offline rule lasts 100 ms here. */
const HOUR_MS = 100;

/**
 * An alarm is raised once per episode (docs/alarms.md): a verdict made on facts that changed before
 * it was acted on — the unit came back, and a newer evaluation cleared the alarm meanwhile — must
 * not raise it again. Before, one offline episode in about 80 was raised and mailed twice.
 */
let t: TestApp;
let token: string;

beforeEach(async () => {
  t = await createTestApp({ JOB_INTERVAL_MS: '0', ALARM_HOUR_MS: String(HOUR_MS) });
  token = (await t.signIn('admin')).access_token;
});
afterEach(async () => {
  vi.restoreAllMocks();
  await t.close();
});

const status = (serial: string, online: boolean, seq: number) =>
  t.app.fleet.gateway.handleMessage(
    `ed/v1/${serial}/status`,
    Buffer.from(JSON.stringify({ online, seq, heartbeatSeconds: 60 })),
  );
const settle = async () => {
  await t.app.fleet.gateway.settled();
  await t.app.alarms.evaluator.flush();
};
const alarmsOf = async (ruleId: number) =>
  (await injectRoute(t.app, alarmsRoutes.listAlarms, { query: { ruleId }, headers: bearer(token) })).json().docs;
const waitPast = async (ms: number) => {
  const until = Date.now() + ms;
  await vi.waitFor(() => expect(Date.now()).toBeGreaterThan(until));
};

/** The evaluator's own reads, to hand it a verdict's facts as they were before a change. */
const internals = () =>
  (t.app.alarms.evaluator as unknown as { deps: { facts: AlarmFactsRepository; rules: AlarmRulesRepository } }).deps;

describe('alarms raised once', () => {
  it('does not raise again on a verdict whose facts changed before it was acted on', async () => {
    const created = await injectRoute(t.app, alarmsRoutes.createAlarmRule, {
      headers: bearer(token),
      body: { name: 'Gone', severity: 'major', condition: { kind: 'offline', hours: 1 } },
    });
    const rule = created.json();
    await status('A00000001', true, 1);
    await status('A00000001', false, 1);
    await settle();
    await waitPast(2 * HOUR_MS);
    await t.app.alarms.evaluator.tick(new Date());
    expect(await alarmsOf(rule.id)).toHaveLength(1);

    // Facts read while it was offline; then it comes back and a newer evaluation clears the alarm.
    const { facts, rules } = internals();
    const unit = (await t.app.fleet.equipment.findBySerial('A00000001'))!;
    const stale = await facts.byIds([unit.id], []);
    await status('A00000001', true, 2);
    await settle();
    expect((await alarmsOf(rule.id)).map((a) => a.status)).toEqual(['cleared']);

    // The earlier evaluation acts only now, on what it read before.
    vi.spyOn(facts, 'byIds').mockResolvedValueOnce(stale);
    const row = (await rules.enabled()).find((r) => r.id === rule.id)!;
    await t.app.alarms.evaluator.evaluateUnits(row, [unit.id]);
    expect((await alarmsOf(rule.id)).map((a) => a.status)).toEqual(['cleared']);
  });

  it('raises each offline episode of a unit flapping fast once at most', async () => {
    const created = await injectRoute(t.app, alarmsRoutes.createAlarmRule, {
      headers: bearer(token),
      body: { name: 'Gone', severity: 'major', condition: { kind: 'offline', hours: 1 } },
    });
    const rule = created.json();
    const serials = Array.from({ length: 20 }, (_, i) => `A1${String(i).padStart(7, '0')}`);
    const EPISODES = 8;
    // Evaluations race the changes: the job's windows and the changes' own evaluations at once.
    let flapping = true;
    const ticks = (async () => {
      while (flapping) {
        await t.app.alarms.evaluator.tick(new Date());
        // A turn for the timers: a tick with nothing to read would otherwise never yield.
        await delay(5);
      }
    })();
    for (let episode = 1; episode <= EPISODES; episode += 1) {
      await Promise.all(serials.map((s) => status(s, true, episode)));
      await Promise.all(serials.map((s) => status(s, false, episode)));
      await waitPast(HOUR_MS + 10);
    }
    flapping = false;
    await ticks;
    await settle();
    const perUnit = await t.app.db
      .select({ serial: equipment.serialNumber, raised: sql<number>`count(*)::int` })
      .from(alarms)
      .innerJoin(equipment, eq(equipment.id, alarms.equipmentId))
      .where(eq(alarms.ruleId, rule.id))
      .groupBy(equipment.serialNumber);
    for (const { serial, raised } of perUnit) expect(raised, serial).toBeLessThanOrEqual(EPISODES);
  });
});
