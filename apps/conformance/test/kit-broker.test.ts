import mqtt, { type MqttClient } from 'mqtt';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startKitBroker, type KitBroker } from '../src/kit-broker.js';
import { Observations } from '../src/observations.js';

const SERIAL = 'V33LV0001';
let broker: KitBroker;
let observations: Observations;
const clients: MqttClient[] = [];

beforeEach(async () => {
  observations = new Observations();
  broker = await startKitBroker(
    observations,
    (c) => (c.password === 'good' ? null : 'not authorised: test'),
    'server-secret',
  );
});
afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.endAsync(true)));
  await broker.close();
});

const unit = (protocolVersion: 4 | 5, password = 'good') => {
  const client = mqtt.connect(broker.url, {
    clientId: SERIAL,
    username: SERIAL,
    password,
    protocolVersion,
    reconnectPeriod: 0,
    will: { topic: `ed/v1/${SERIAL}/status`, payload: Buffer.from('{"online":false,"seq":5}'), qos: 1, retain: true },
  });
  clients.push(client);
  return client;
};

describe('the kit’s broker', () => {
  it.each([4, 5] as const)(
    'records an MQTT %s unit’s CONNECT, SUBSCRIBE and PUBLISH, and reaches it',
    async (version) => {
      const client = unit(version);
      await new Promise((resolve) => client.once('connect', resolve));
      await client.subscribeAsync(`ed/v1/${SERIAL}/cmd`, { qos: 1 });
      await client.publishAsync(`ed/v1/${SERIAL}/status`, '{"online":true,"seq":5}', { qos: 1, retain: true });
      const got = new Promise<string>((resolve) => client.once('message', (_, payload) => resolve(payload.toString())));
      await broker.publish(`ed/v1/${SERIAL}/cmd`, '{"name":"activate"}', { qos: 1 });
      expect(await got).toBe('{"name":"activate"}');
      expect(observations.of('connect')[0]).toMatchObject({
        clientId: SERIAL,
        username: SERIAL,
        password: 'good',
        clean: true,
        will: { topic: `ed/v1/${SERIAL}/status`, payload: '{"online":false,"seq":5}', qos: 1, retain: true },
        refusal: null,
      });
      expect(observations.of('subscribe')[0]).toMatchObject({ topic: `ed/v1/${SERIAL}/cmd`, qos: 1 });
      expect(observations.of('publish')[0]).toMatchObject({ retain: true, qos: 1, will: false });
      expect(observations.of('sent')[0]).toMatchObject({ by: 'kit', topic: `ed/v1/${SERIAL}/cmd` });
    },
  );

  it.each([
    [4, 5],
    [5, 135],
  ] as const)('refuses an MQTT %s CONNECT as not authorised (code %s)', async (version, code) => {
    const client = unit(version, 'bad');
    const error = await new Promise<Error & { code?: number }>((resolve) => client.once('error', resolve));
    expect(error.code).toBe(code);
    expect(observations.of('connect')[0]).toMatchObject({ refusal: 'not authorised: test' });
  });

  it('publishes the will of a line it cuts, and lets the server’s gateway share subscriptions', async () => {
    const gateway = mqtt.connect(broker.url, {
      clientId: 'ed-gateway-1',
      username: broker.serverAccount.username,
      password: 'server-secret',
      protocolVersion: 5,
    });
    clients.push(gateway);
    await new Promise((resolve) => gateway.once('connect', resolve));
    await gateway.subscribeAsync(`$share/ed-gateway/ed/v1/+/status`, { qos: 1 });
    const client = unit(4);
    await new Promise((resolve) => client.once('connect', resolve));
    const will = new Promise<string>((resolve) => gateway.once('message', (_, payload) => resolve(payload.toString())));
    expect(broker.dropUnit()).toBe(true);
    expect(await will).toBe('{"online":false,"seq":5}');
    expect(observations.of('publish').find((p) => p.will)).toMatchObject({ topic: `ed/v1/${SERIAL}/status` });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(observations.of('close')[0]).toMatchObject({ disconnect: false });
    expect(observations.of('connect')).toHaveLength(1);
  });
});
