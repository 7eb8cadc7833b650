import { once } from 'node:events';
import { DEVICE_PROTOCOL_VERSION } from '@ed/contract/device-errors';
import { topics } from '@ed/contract/device-protocol';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FakeClock } from './fake-clock.js';
import { SimulatedUnit } from './simulated-unit.js';
import { startTestServer, type TestServer } from './test-broker.js';
import { testProfile } from './test-support.js';

const SERIAL = 'V33CQ0123';
let t: TestServer;
beforeEach(async () => {
  t = await startTestServer();
});
afterEach(async () => {
  await t.close();
});

const newUnit = (clock = new FakeClock()) =>
  new SimulatedUnit(testProfile(), { serverUrl: t.serverUrl, enrollmentKey: 'fleet-key', clock, activity: false });

describe('what the registration answer and the broker tell a unit', () => {
  it('connects to the broker the answer names and checks in before its CONNECT', async () => {
    t.control.brokerUrl = t.tcpUrl;
    const unit = newUnit();
    await unit.start();
    const connect = t.connects.find((c) => c.packet.clientId === SERIAL)!;
    // Over plain TCP (no WebSocket upgrade, so no request headers), as mqtt.url said.
    expect(connect.headers).toEqual({});
    const seq = (JSON.parse(connect.packet.will!.payload.toString()) as { seq: number }).seq;
    const unitEvents = t.order.filter((event) => event !== 'connect observer');
    expect(unitEvents.slice(0, 2)).toEqual([`check-in ${seq}`, `connect ${SERIAL}`]);
    await unit.stop();
  });

  it('subscribes to its error topic and says what the server refused', async () => {
    const unit = newUnit();
    await unit.start();
    const refused = once(unit, 'refused') as Promise<[string]>;
    const error = {
      protocolVersion: DEVICE_PROTOCOL_VERSION,
      topic: topics.state(SERIAL),
      reason: 'invalid',
      problems: [{ path: 'updateState', message: 'Must be an object (got string "idle").' }],
      section: 'docs/device-protocol.md#state-reports',
      at: new Date().toISOString(),
    };
    await t.observer.publishAsync(topics.error(SERIAL), JSON.stringify(error));
    const [text] = await refused;
    expect(text).toBe(
      'the server refused its message on ed/v1/V33CQ0123/state (invalid): updateState: Must be an object ' +
        '(got string "idle"). See docs/device-protocol.md#state-reports.',
    );
    expect(unit.online).toBe(true);
    await unit.stop();
  });

  it('registers again with its token when the broker refuses it, and connects with the new one', async () => {
    const clock = new FakeClock();
    const unit = newUnit(clock);
    await unit.start();
    const old = t.tokens.get(SERIAL)!;
    // The server replaced the credential: the broker refuses the token the unit holds.
    t.tokens.set(SERIAL, 'replaced');
    const back = once(unit, 'online');
    await unit.dropFor(0, 'drop');
    clock.advance(0);
    await back;
    expect(t.registrations.at(-1)).toMatchObject({ serialNumber: SERIAL, deviceToken: old });
    expect(unit.deviceToken).toBe(t.tokens.get(SERIAL));
    expect(unit.deviceToken).not.toBe(old);
    await unit.stop();
  });
});
