import type { FastifyBaseLogger } from 'fastify';
import mqtt, { MqttClient, type IClientOptions } from 'mqtt';
import { topics } from '@ed/contract/device-protocol';
import type { EmbeddedBroker } from './embedded-broker.js';

export interface MqttLink {
  client: MqttClient;
  publish(topic: string, payload: string): Promise<void>;
  close(): Promise<void>;
}

/**
 * The gateway's MQTT client: the same code talks to the embedded broker (through an
 * in-process stream) and to an external one (MQTT_URL).
 */
export async function openMqttLink(options: {
  instanceId: string;
  embedded?: EmbeddedBroker;
  url?: string;
  username?: string;
  password?: string;
  /** Several instances on one external broker share the unit messages: each is handled once. */
  sharedGroup: string;
  onMessage(topic: string, payload: Buffer): void;
  logger: FastifyBaseLogger;
}): Promise<MqttLink> {
  const base: IClientOptions = {
    clientId: `ed-gateway-${options.instanceId}`,
    clean: true,
    reconnectPeriod: 1_000,
    connectTimeout: 10_000,
    // aedes speaks MQTT 3.1.1; an external broker gets MQTT 5.
    protocolVersion: options.embedded ? 4 : 5,
  };
  let client: MqttClient;
  if (options.embedded) {
    const conn = options.embedded.gatewayConnection();
    client = new MqttClient(conn.stream, { ...base, username: conn.username, password: conn.password });
  } else {
    client = mqtt.connect(options.url!, { ...base, username: options.username, password: options.password });
  }
  client.on('message', (topic, payload) => options.onMessage(topic, payload));
  client.on('error', (err) => options.logger.warn({ err }, 'gateway MQTT error'));
  client.on('offline', () => options.logger.warn('gateway MQTT connection lost; reconnecting'));

  await new Promise<void>((resolve, reject) => {
    client.once('connect', () => resolve());
    client.once('error', reject);
  });
  // Status, state, pairing reports and calibrations go to one instance of the group; every instance sees
  // replies, because the instance that sent a command is the one waiting for its answer.
  const prefix = options.embedded ? '' : `$share/${options.sharedGroup}/`;
  const [status, state, reply, pairing, calibration] = topics.gatewayFilters;
  await client.subscribeAsync({
    [`${prefix}${status}`]: { qos: 1 },
    [`${prefix}${state}`]: { qos: 1 },
    [`${prefix}${calibration}`]: { qos: 1 },
    [reply]: { qos: 1 },
    [`${prefix}${pairing}`]: { qos: 1 },
  });

  return {
    client,
    publish: async (topic, payload) => {
      await client.publishAsync(topic, payload, { qos: 1 });
    },
    close: () => client.endAsync(),
  };
}
