import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { commandRoutes } from '@ed/contract/routes/commands';
import { embeddedBroker, fleetFixture, type FleetFixture } from '../support/fleet-fixture.js';
import { injectRoute } from '../support/inject-route.js';
import { bearer } from '../support/test-app.js';
import type { TestUnit } from '../support/test-unit.js';

const TOKEN = 'metrics-token-for-the-fleet-test';
const embedded = embeddedBroker;

/** Each sample of a scrape: its metric's name, its labels and its value. */
function samples(text: string) {
  return text
    .split('\n')
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((line) => {
      const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
      if (!match) throw new Error(`not a sample: ${line}`);
      const labels = Object.fromEntries(
        [...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]),
      );
      return { name: match[1]!, labels: labels as Record<string, string>, value: Number(match[3]) };
    });
}

/**
 * What an operator's Prometheus sees of one instance after a unit's day: its messages in and out,
 * a refused message, command round trips that ended well and by timeout, sign-ins, job runs, the
 * fleet's figures; and no serial number, user or path in any label.
 */
describe('/metrics of an instance with a unit', () => {
  let f: FleetFixture;
  let unit: TestUnit;
  let admin: string;
  beforeAll(async () => {
    f = await fleetFixture(embedded, { METRICS_TOKEN: TOKEN, COMMAND_TIMEOUT_MS: '400', JOB_INTERVAL_MS: '200' });
    unit = await f.unit();
    await unit.connect({ family: 'aligner', version: { semantic: '5.1.0', meta: null } });
    await f.row(unit.serialNumber, (row) => expect(row.versionSemantic).toBe('5.1.0'));
    admin = (await f.t.signIn('admin')).access_token;
  });
  afterAll(() => f.close());

  const scrape = async () =>
    // /metrics is not in the route table.
    samples((await f.t.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } })).body);
  const value = (all: ReturnType<typeof samples>, name: string, labels: Record<string, string> = {}) =>
    all
      .filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v))
      .reduce((sum, s) => sum + s.value, 0);

  it('counts messages, refusals, round trips, sign-ins and jobs, and the fleet once', async () => {
    const voltages = [{ BoardName: 'Main Board', Parameters: [{ Name: '5V', Actual: 5.02, Min: 4.75, Max: 5.25 }] }];
    unit.answer = () => ({ ok: true, result: { voltages } });
    const command = () =>
      injectRoute(f.t.app, commandRoutes.getVoltages, {
        body: { serialNumber: unit.serialNumber },
        headers: bearer(admin),
      });
    expect((await command()).statusCode).toBe(200);
    unit.answer = () => 'silence';
    expect((await command()).statusCode).toBe(504);
    await unit.publishRaw(`ed/v1/${unit.serialNumber}/state`, 'not json');
    // Sign-in (a form route, which injectRoute refuses): by hand.
    const wrong = await f.t.app.inject({
      method: 'POST',
      url: '/auth/token/v1',
      payload: { grant_type: 'password', username: 'admin', password: 'not the password' },
    });
    expect(wrong.statusCode).toBe(401);

    await vi.waitFor(async () => {
      const all = await scrape();
      expect(value(all, 'device_messages_refused_total', { reason: 'not-json' })).toBe(1);
      expect(value(all, 'job_runs_total', { job: 'alarm', outcome: 'ok' })).toBeGreaterThan(0);
    });
    const all = await scrape();
    expect(value(all, 'mqtt_messages_received_total', { kind: 'status' })).toBeGreaterThan(0);
    expect(value(all, 'mqtt_messages_received_total', { kind: 'state' })).toBeGreaterThanOrEqual(2);
    expect(value(all, 'mqtt_messages_received_total', { kind: 'reply' })).toBe(1);
    expect(value(all, 'mqtt_messages_sent_total', { kind: 'cmd' })).toBe(2);
    expect(value(all, 'mqtt_messages_sent_total', { kind: 'error' })).toBe(1);
    const roundTrips = 'device_command_duration_seconds_count';
    expect(value(all, roundTrips, { command: 'get_voltages', outcome: 'ok' })).toBe(1);
    expect(value(all, roundTrips, { command: 'get_voltages', outcome: 'timeout' })).toBe(1);
    expect(value(all, 'auth_sign_ins_total', { method: 'password', outcome: 'succeeded' })).toBeGreaterThan(0);
    expect(value(all, 'auth_sign_ins_total', { method: 'password', outcome: 'refused' })).toBe(1);
    expect(value(all, 'job_interval_seconds', { job: 'alarm' })).toBe(0.2);
    expect(value(all, 'job_last_success_timestamp_seconds', { job: 'alarm' })).toBeGreaterThan(Date.now() / 1000 - 60);
    expect(value(all, 'fleet_metrics_exporter')).toBe(1);
    expect(value(all, 'fleet_units', { family: 'aligner' })).toBe(1);
    expect(value(all, 'fleet_units_connected', { family: 'aligner' })).toBe(1);
    expect(all.some((s) => s.name === 'auth_password_hashes' && s.labels.state === 'waiting')).toBe(true);
    expect(all.some((s) => s.name === 'live_socket_clients')).toBe(true);
    expect(value(all, 'file_store_disk_free_bytes', { volume: 'data' })).toBeGreaterThan(0);
    expect(value(all, 'file_store_disk_size_bytes', { volume: 'data' })).toBeGreaterThan(
      value(all, 'file_store_disk_free_bytes', { volume: 'data' }),
    );
  });

  it('keeps labels bounded: no serial number, user or path, and few series per metric', async () => {
    const all = await scrape();
    const labelValues = all.flatMap((s) => Object.values(s.labels));
    expect(labelValues).not.toContain(unit.serialNumber);
    expect(labelValues.filter((v) => /admin|\/|[0-9a-f]{8}-[0-9a-f]{4}/.test(v))).toEqual([]);
    const perMetric = new Map<string, number>();
    for (const s of all) perMetric.set(s.name, (perMetric.get(s.name) ?? 0) + 1);
    // A histogram's buckets times its label sets: the largest, and still a closed list.
    expect(Math.max(...perMetric.values())).toBeLessThan(400);
  });
});
