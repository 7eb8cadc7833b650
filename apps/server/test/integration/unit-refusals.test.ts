import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { reportsRoutes } from '@ed/contract/routes/reports';
import { DEVICE_PROTOCOL_VERSION } from '@ed/contract/device-errors';
import { embeddedBroker, fleetFixture, type FleetFixture } from '../support/fleet-fixture.js';
import { injectRoute } from '../support/inject-route.js';
import { logLines } from '../support/log-lines.js';
import { bearer } from '../support/test-app.js';

/**
 * Answers instead of silence (docs/device-protocol.md, "Refused messages"): a unit that sends
 * what the server cannot use is told on its `error` topic, with every problem, and counted for
 * the console; the operator's log names the unit and the topic.
 */
const log = logLines();
let f: FleetFixture;

beforeAll(async () => {
  f = await fleetFixture(embeddedBroker, {}, log.logger('info'));
});
afterAll(async () => {
  await f.close();
});

describe('a refused message', () => {
  it('is answered on the unit’s error topic with every problem, stores nothing, and is counted', async () => {
    const unit = await f.unit();
    await unit.connect({ seq: 1, logLevel: 'INFO' });
    await f.row(unit.serialNumber, (row) => expect(row.logLevel).toBe('INFO'));

    await unit.report({ seq: 2, updateState: 'idle', logLevel: 'DEBUG', colour: 'red' });
    await vi.waitFor(() => expect(unit.refusals).toHaveLength(1));
    expect(unit.refusals[0]).toMatchObject({
      protocolVersion: DEVICE_PROTOCOL_VERSION,
      topic: `ed/v1/${unit.serialNumber}/state`,
      reason: 'invalid',
      section: 'docs/device-protocol.md#state-reports',
    });
    expect(unit.refusals[0]!.problems).toEqual(
      expect.arrayContaining([
        { path: 'updateState', message: 'Must be an object (got string "idle").' },
        { path: 'logLevel', message: 'Must be one of WARN, INFO.' },
        { path: '', message: 'Not a field here: colour.' },
      ]),
    );
    const row = await f.t.app.fleet.equipment.findBySerial(unit.serialNumber);
    expect(row?.logLevel).toBe('INFO');
    expect(log.lines).toContainEqual(
      expect.objectContaining({
        serialNumber: unit.serialNumber,
        topic: `ed/v1/${unit.serialNumber}/state`,
        reason: 'invalid',
        problems: expect.arrayContaining(['updateState: Must be an object (got string "idle").']),
      }),
    );

    // What an admin sees in the unit's detail; other roles are not shown it.
    await f.t.app.fleet.refusals.flush();
    const read = async (token: string) =>
      injectRoute(f.t.app, reportsRoutes.getUnitRefusals, {
        query: { serialNumber: unit.serialNumber },
        headers: bearer(token),
      });
    const seen = await read((await f.t.signIn('admin')).access_token);
    expect(seen.statusCode).toBe(200);
    expect(seen.json()).toMatchObject({
      serialNumber: unit.serialNumber,
      total: 1,
      byReason: { invalid: 1 },
      last: { topic: `ed/v1/${unit.serialNumber}/state`, reason: 'invalid' },
    });
    await f.t.createUser('sam', 'support');
    expect((await read((await f.t.signIn('sam')).access_token)).statusCode).toBe(403);
  });

  it('tells a unit in a loop a few times a minute, and counts every refusal', async () => {
    const unit = await f.unit();
    await unit.connect({ seq: 1 });
    for (let i = 0; i < 10; i += 1) await unit.publishRaw(`ed/v1/${unit.serialNumber}/state`, 'not json');
    await f.t.app.fleet.gateway.settled();
    await f.t.app.fleet.refusals.flush();
    expect((await f.t.app.fleet.refusalCounts.find(unit.serialNumber))?.byReason).toEqual({ 'not-json': 10 });
    await vi.waitFor(() => expect(unit.refusals).toHaveLength(6));
    expect(unit.refusals[0]!.problems[0]!.message).toMatch(/^Not JSON: /);
  });

  it('tells a unit still beating on a connection it ended itself to connect again with a newer seq', async () => {
    const unit = await f.unit();
    await unit.connect({ seq: 1 });
    const status = `ed/v1/${unit.serialNumber}/status`;
    await unit.publishRaw(status, JSON.stringify({ online: false, seq: unit.seq }));
    await unit.publishRaw(status, JSON.stringify({ online: true, seq: unit.seq, heartbeatSeconds: 60 }));
    await vi.waitFor(() =>
      expect(unit.refusals).toContainEqual(
        expect.objectContaining({
          reason: 'stale-connection',
          section: 'docs/device-protocol.md#sequences',
          problems: [
            expect.objectContaining({ path: 'seq', message: expect.stringContaining('connect again with a new') }),
          ],
        }),
      ),
    );
  });
});

describe('a reconnect that keeps the old will', () => {
  it('brings the unit back on the embedded broker, which saw the new connection', async () => {
    const unit = await f.unit(undefined, undefined, { stamped: true });
    await unit.connect({ seq: 1 }, undefined);
    // The connection breaks: the broker publishes the will, the unit's own death of this seq.
    unit.drop();
    await f.row(unit.serialNumber, (row) => expect(row.connected).toBe(false));
    // As paho's and MQTT.js's automatic reconnect do: the same will, the same birth.
    await unit.connect({ seq: 2 }, undefined, { sameSeq: true });
    await f.row(unit.serialNumber, (row) => expect(row.connected).toBe(true));
  });
});

describe('what the broker refuses', () => {
  it('logs a publish on another unit’s topic with the serial and the topic', async () => {
    const unit = await f.unit();
    await unit.connect({ seq: 1 });
    unit.client!.publish('ed/v1/OTHER0001/state', '{}', { qos: 1 });
    await vi.waitFor(() =>
      expect(log.lines).toContainEqual(
        expect.objectContaining({ serialNumber: unit.serialNumber, topic: 'ed/v1/OTHER0001/state' }),
      ),
    );
  });

  it('logs a connection with a serial number in small letters, naming the capitals it needs', async () => {
    const unit = await f.unit();
    const lower = unit.serialNumber.toLowerCase();
    const client = mqtt.connect(`ws://127.0.0.1:${f.port}/mqtt`, {
      clientId: lower,
      username: lower,
      password: unit.token,
      reconnectPeriod: 0,
    });
    await new Promise((resolve) => client.once('error', resolve));
    client.end(true);
    expect(log.lines).toContainEqual(
      expect.objectContaining({
        msg: `unit connection refused: serial number ${lower} must be in capitals (${unit.serialNumber}), as the registration answered it`,
      }),
    );
  });
});
