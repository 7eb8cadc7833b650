import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { devicesRoutes } from '@ed/contract/routes/devices';
import { probeAnonymous } from '../../src/areas/fleet/broker/anonymous-probe.js';
import { DynsecBrokerAccounts } from '../../src/areas/fleet/broker/dynsec-accounts.js';
import { ENROLLMENT_KEY, fleetFixture, type FleetFixture } from '../support/fleet-fixture.js';
import { injectRoute } from '../support/inject-route.js';
import type { TestBroker } from '../support/mosquitto.js';
import { startShippedMosquitto } from '../support/shipped-mosquitto.js';
import { testSerial, type TestUnit } from '../support/test-unit.js';
import { testDouble } from '../../src/shared/type-adapters.js';

const ROOT = `acme/t${randomBytes(4).toString('hex')}/v1`;
const GATEWAY = { MQTT_USERNAME: 'ed-gateway', MQTT_PASSWORD: randomBytes(18).toString('base64url') };
const credentials = () => ({ username: GATEWAY.MQTT_USERNAME, password: GATEWAY.MQTT_PASSWORD });

const logger = () =>
  testDouble<FastifyBaseLogger & { error: ReturnType<typeof vi.fn> }>({
    error: vi.fn(),
    warn: vi.fn(),
    info: vi.fn(),
    debug: vi.fn(),
  });

/** An MQTT 5 connection as a unit (client id = user name = serial), for the broker's reason codes. */
const connectAs = (url: string, serial: string, password: string) =>
  mqtt.connectAsync(url, {
    clientId: serial,
    username: serial,
    password,
    protocolVersion: 5,
    reconnectPeriod: 0,
  });

/** The MQTT reason code of a refusal (CONNACK, PUBACK), or 0 when the broker accepted. */
const reasonOf = (attempt: Promise<unknown>) =>
  attempt.then(
    () => 0,
    (err: unknown) => (err as { code?: number }).code,
  );

/** The CONNACK's reason code of a unit's connection, closed again if accepted. */
const connectReason = (url: string, serial: string, password: string, clientId = serial) =>
  reasonOf(
    mqtt
      .connectAsync(url, { clientId, username: serial, password, protocolVersion: 5, reconnectPeriod: 0 })
      .then((client) => client.endAsync()),
  );

const closed = (client: MqttClient) => new Promise<void>((resolve) => client.once('close', () => resolve()));

/**
 * Per-unit credentials on an external Mosquitto set up from deploy/mosquitto, kept by the server
 * as units register (MQTT_BROKER_ACCOUNTS=mosquitto-dynsec): each unit is let in with its own
 * token, to its own topics only.
 */
describe('the shipped Mosquitto with the units’ accounts', () => {
  let broker: TestBroker;
  let f: FleetFixture;
  beforeAll(async () => {
    broker = await startShippedMosquitto({ MQTT_TOPIC_ROOT: ROOT, ...GATEWAY });
    f = await fleetFixture(
      { name: 'shipped Mosquitto', env: {}, unitUrl: () => broker.url, embedded: false },
      { MQTT_URL: broker.url, MQTT_TOPIC_ROOT: ROOT, MQTT_BROKER_ACCOUNTS: 'mosquitto-dynsec', ...GATEWAY },
    );
  });
  afterAll(async () => {
    await f?.close();
    await broker?.stop();
  });

  const register = async (serialNumber: string, deviceToken?: string) => {
    const res = await injectRoute(f.t.app, devicesRoutes.register, {
      body: { serialNumber, enrollmentKey: ENROLLMENT_KEY, ...(deviceToken ? { deviceToken } : {}) },
    });
    expect(res.statusCode).toBe(200);
    const credential = res.json();
    // 200 is the registered answer; 202 (a claim waiting for an administrator) has no token.
    if (!('deviceToken' in credential)) throw new Error(`unit not registered: ${res.body}`);
    return credential.deviceToken;
  };

  it('refuses clients without credentials, with a wrong password, or unknown', async () => {
    expect(await probeAnonymous(broker.url)).toEqual({ verdict: 'refused' });
    const unit = await f.unit();
    // 135: not authorised.
    expect(await connectReason(broker.url, unit.serialNumber, 'not-the-token')).toBe(135);
    expect(await connectReason(broker.url, testSerial('V44'), unit.token)).toBe(135);
    // Its own credential under another unit's client id, which would push that unit off.
    const other = await f.unit();
    expect(await connectReason(broker.url, unit.serialNumber, unit.token, other.serialNumber)).toBe(135);
    expect(await connectReason(broker.url, unit.serialNumber, unit.token)).toBe(0);
  });

  it('lets a unit registered through the server in with its token: its reports and answers arrive', async () => {
    const unit = await f.unit(undefined, undefined, { stamped: true });
    await unit.connect({ alignmentCount: 7 });
    await f.row(unit.serialNumber, (row) => expect(row).toMatchObject({ connected: true, alignmentCount: 7 }));
    // The command on its cmd topic, the answer on its instance's reply topic.
    unit.answer = () => ({ ok: true, result: { status: 'ready' } });
    await expect(f.t.app.fleet.bus.send(unit.serialNumber, 'get_usb_status', {})).resolves.toEqual({ status: 'ready' });
  });

  it('keeps a unit to its own topics', async () => {
    const [nosy, victim] = [await f.unit(), await f.unit()];
    await victim.connect({ alignmentCount: 1 });
    await f.row(victim.serialNumber, (row) => expect(row.connected).toBe(true));

    const client = await connectAs(broker.url, nosy.serialNumber, nosy.token);
    const publish = (topic: string) => reasonOf(client.publishAsync(topic, '{"alignmentCount":99}', { qos: 1 }));
    expect(await publish(`${ROOT}/${nosy.serialNumber}/state`)).toBe(0);
    expect(await publish(`${ROOT}/${victim.serialNumber}/state`)).toBe(135);
    expect(await publish(`${ROOT}/${victim.serialNumber}/status`)).toBe(135);
    expect(await publish(`${ROOT}/${victim.serialNumber}/reply`)).toBe(135);
    expect(await publish(`${ROOT}/${victim.serialNumber}/cmd`)).toBe(135);
    // Nor may it make itself an administrator of the broker's accounts.
    expect(await publish('$CONTROL/dynamic-security/v1')).toBe(135);

    // Mosquitto 2.0 grants every subscription and checks each delivery: it is sent nothing of others.
    const received: string[] = [];
    client.on('message', (topic) => received.push(topic));
    await client.subscribeAsync([
      `${ROOT}/${victim.serialNumber}/cmd`,
      `${ROOT}/+/status`,
      '#',
      '$CONTROL/#',
      '$SYS/#',
    ]);
    victim.answer = () => ({ ok: true, result: { status: 'ready' } });
    await f.t.app.fleet.bus.send(victim.serialNumber, 'get_usb_status', {});
    await victim.report({ alignmentCount: 2 });
    await f.row(victim.serialNumber, (row) => expect(row.alignmentCount).toBe(2));
    // A registration answers on the plugin's response topic; then a command to the nosy unit itself.
    await register(testSerial('V44'));
    const own = new Promise((resolve) => client.once('message', resolve));
    void f.t.app.fleet.bus.send(nosy.serialNumber, 'get_usb_status', {}).catch(() => undefined);
    await own;
    // Only its own commands (the server may also have asked it for a rebirth: it reported while held offline).
    expect(new Set(received)).toEqual(new Set([`${ROOT}/${nosy.serialNumber}/cmd`]));
    await client.endAsync();
  });

  it('after a second registration refuses the old token and drops its connection; the new one works', async () => {
    const unit: TestUnit = await f.unit();
    await unit.connect();
    await f.row(unit.serialNumber, (row) => expect(row).toMatchObject({ connected: true, connectCount: 1 }));
    const old = unit.token;
    const dropped = closed(unit.client!);
    unit.token = await register(unit.serialNumber, old);
    await dropped;
    expect(await connectReason(broker.url, unit.serialNumber, old)).toBe(135);
    await unit.connect();
    await f.row(unit.serialNumber, (row) => expect(row).toMatchObject({ connected: true, connectCount: 2 }));
  });

  it('after a revocation refuses the unit and drops its connection', async () => {
    const unit = await f.unit();
    await unit.connect();
    const dropped = closed(unit.client!);
    await f.t.app.fleet.credentials.revoke(unit.serialNumber);
    await dropped;
    expect(await connectReason(broker.url, unit.serialNumber, unit.token)).toBe(135);
  });

  it('lets two instances grant at once, each getting its own answers', async () => {
    const instances = ['a', 'b'].map(
      (id) =>
        new DynsecBrokerAccounts({ url: broker.url, ...credentials(), instanceId: `test-${id}`, logger: logger() }),
    );
    try {
      // Distinct serial numbers: two random ones alike would share an account, the later password winning.
      const grants = Array.from({ length: 24 }, (_, i) => ({
        serial: `V45GR${String(i).padStart(4, '0')}`,
        token: `token-${i}`,
      }));
      await Promise.all(grants.map((g, i) => instances[i % 2]!.grant(g.serial, g.token)));
      // The same unit from both at once: either password wins, and the broker takes it.
      const shared = testSerial('V46');
      await Promise.all(instances.map((accounts, i) => accounts.grant(shared, `shared-${i}`)));
      const reasons = await Promise.all(['shared-0', 'shared-1'].map((p) => connectReason(broker.url, shared, p)));
      expect(reasons.sort()).toEqual([0, 135]);
      for (const g of grants) expect(await connectReason(broker.url, g.serial, g.token)).toBe(0);
      // Set up by the script: nobody receives what no role or ACL line grants.
      expect(await instances[0]!.receivesByDefault()).toBe(false);
    } finally {
      await Promise.all(instances.map((accounts) => accounts.close()));
    }
  });

  it('answers 503, and logs why, when the broker does not take the command', async () => {
    const unit = await f.unit();
    const log = logger();
    const accounts = new DynsecBrokerAccounts({
      url: broker.url,
      username: unit.serialNumber,
      password: unit.token,
      instanceId: 'test-unit-as-gateway',
      logger: log,
      timeoutMs: 2_000,
    });
    try {
      await expect(accounts.grant(testSerial('V47'), 'token')).rejects.toMatchObject({ kind: 'unavailable' });
      expect(log.error).toHaveBeenCalledWith(
        expect.objectContaining({ reason: expect.stringMatching(/dynamic-security/) }),
        expect.any(String),
      );
    } finally {
      await accounts.close();
    }
  });
});
