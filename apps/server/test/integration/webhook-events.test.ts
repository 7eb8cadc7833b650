import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Alarm } from '@ed/contract/alarms';
import type { ApiRoute } from '@ed/contract/http-api';
import { alarmsRoutes } from '@ed/contract/routes/alarms';
import { rolloutsRoutes } from '@ed/contract/routes/rollouts';
import { softwareRoutes } from '@ed/contract/routes/software';
import { webhooksRoutes } from '@ed/contract/routes/webhooks';
import type { WebhookEventType, WebhookFormat } from '@ed/contract/webhooks';
import { injectBody, type RouteBody } from '../support/inject-route.js';
import { writePackage } from '../support/packages.js';
import { markConnected } from '../support/presence.js';
import { idle, rolloutFixture } from '../support/rollout-fixture.js';
import { bearer, createTestApp, type TestApp } from '../support/test-app.js';
import { verifyWebhook, WebhookReceiver } from '../support/webhook-receiver.js';

const CONSOLE = 'https://console.example.com';
const ENROLLMENT_KEY = 'enrollment-key-for-webhook-events';
const WAIT = { timeout: 20_000, interval: 50 };

let t: TestApp;
let admin: string;
let receiver: WebhookReceiver;

/** Each event of the issue reaches an endpoint that subscribed to it, from where the console makes it. */
beforeEach(async () => {
  t = await createTestApp({
    WEBHOOK_ALLOW_PRIVATE: 'true',
    WEBHOOK_RETRY_BASE_MS: '100',
    JOB_INTERVAL_MS: '0',
    PUBLIC_URL: CONSOLE,
    FLEET_ENROLLMENT_KEY: ENROLLMENT_KEY,
    COMMAND_TIMEOUT_MS: '200',
  });
  admin = (await t.signIn('admin')).access_token;
  receiver = await WebhookReceiver.start();
});
afterEach(async () => {
  await t.close();
  await receiver.stop();
});

const post = async <R extends ApiRoute>(route: R, body: RouteBody<R>) => {
  const res = await injectBody(t.app, route, body, bearer(admin));
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const hook = (events: WebhookEventType[], format: WebhookFormat = 'standard') =>
  post(webhooksRoutes.createWebhook, { url: receiver.url(), events, format });
const bodies = () => receiver.received.map((r) => JSON.parse(r.body) as { type: string; data: Record<string, never> });
const received = async (n: number) => {
  await vi.waitFor(() => expect(receiver.received.length).toBeGreaterThanOrEqual(n), WAIT);
  return bodies();
};

describe('webhook events', () => {
  it('tell an install failed once, though both instances see it, and the alarm it raises and clears', async () => {
    const endpoint = await hook(['alarm.raised', 'alarm.cleared', 'install.failed']);
    const rule = await post(alarmsRoutes.createAlarmRule, {
      name: 'Installs',
      severity: 'critical',
      condition: { kind: 'install', hungMinutes: 30 },
    });
    const serial = 'V33CP0601';
    await markConnected(t.app, serial);
    const failed = { state: 'INSTALLATION_FAILED', ...idle, failure: 'signature: no trusted key' };
    await t.app.fleet.equipment.applyState(serial, 'aligner', {
      updateState: { ...failed, softwareUpdateDownload: { version: { semantic: '5.2.0' } } },
    });
    t.app.events.notify('unitChanged', { serialNumber: serial });
    const b = await t.anotherInstance();
    for (const app of [t.app, b, t.app]) {
      app.webhooks.installs.unitChanged(serial);
      await app.webhooks.installs.flush();
    }
    await t.app.alarms.evaluator.flush();
    const [first, second] = await received(2);
    await Promise.all([t.app.webhooks.worker.run(), b.webhooks.worker.run()]);
    expect(receiver.received).toHaveLength(2);
    const install = [first, second].find((e) => e?.type === 'install.failed');
    expect(install?.data).toMatchObject({
      unit: { serialNumber: serial, family: 'aligner', failedVersion: '5.2.0', failure: 'signature: no trusted key' },
    });
    const raised = [first, second].find((e) => e?.type === 'alarm.raised');
    expect(raised?.data).toMatchObject({
      total: 1,
      alarms: [{ ruleId: rule.id, serialNumber: serial, severity: 'critical', status: 'active' }],
    });
    const alarm = (raised!.data as unknown as { alarms: Alarm[] }).alarms[0]!;
    await post(alarmsRoutes.clearAlarms, { ids: [alarm.id] });
    const events = await received(3);
    expect(events[2]).toMatchObject({
      type: 'alarm.cleared',
      data: { total: 1, alarms: [{ id: alarm.id, status: 'cleared', clearedBy: 'admin' }] },
    });
    for (const r of receiver.received) expect(verifyWebhook(endpoint.secret, r)).toBe(true);
  });

  it('tell a rollout paused, inside the pause, with who paused it and why', async () => {
    await hook(['rollout.paused', 'rollout.completed']);
    await writePackage(t.config.paths.updates, 'aligner-5.2.0', { semantic: '5.2.0' });
    await post(softwareRoutes.createUpdate, {
      version: { semantic: '5.2.0' },
      family: 'aligner',
      path: 'aligner-5.2.0',
    });
    const rollouts = rolloutFixture(
      () => t,
      () => admin,
    );
    await rollouts.units('ROL', 3);
    const id = await rollouts.create({ waves: [{ rest: true }] });
    await post(rolloutsRoutes.pauseRollout, { id, reason: 'Calls from the field' });
    const [paused] = await received(1);
    expect(paused).toMatchObject({
      type: 'rollout.paused',
      data: {
        rollout: { id, name: 'To 5.2.0', family: 'aligner', payload: 'software', version: '5.2.0', state: 'paused' },
        by: 'admin',
        reason: 'Paused by admin: Calls from the field',
      },
    });
  });

  it('tell Slack a unit’s claim in a sentence with a link to the console, signed too', async () => {
    const endpoint = await hook(['unit_claim.waiting'], 'slack');
    // By hand: the unit's remote address is part of the call (injectRoute sets none).
    const register = () =>
      t.app.inject({
        method: 'POST',
        url: '/device/v1/register',
        payload: { serialNumber: 'V33CP0701', enrollmentKey: ENROLLMENT_KEY },
        remoteAddress: '203.0.113.9',
      });
    expect((await register()).statusCode).toBe(200);
    expect((await register()).statusCode).toBe(202);
    const [slack] = await received(1);
    expect(slack).toEqual({
      text:
        'A unit at 203.0.113.9 claims serial number V33CP0701; an admin must approve or refuse it. ' +
        `<${CONSOLE}/UnitClaims|Open in Equipment Dashboard>`,
    });
    expect(verifyWebhook(endpoint.secret, receiver.received[0]!)).toBe(true);
  });
});
