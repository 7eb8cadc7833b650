import type { FastifyBaseLogger } from 'fastify';
import mqtt, { MqttClient, type IClientOptions } from 'mqtt';
import type { DeviceTopics } from '@ed/contract/device-topics';
import type { EmbeddedBroker } from './embedded-broker.js';
import { holdAcks } from './held-acks.js';

export interface MqttLink {
  client: MqttClient;
  /** QoS 1 unless said otherwise (an answer that may be lost: QoS 0). */
  /** `traceparent`: carried as an MQTT 5 user property too, on an external broker (the embedded one speaks 3.1.1). */
  publish(topic: string, payload: string, qos?: 0 | 1, traceparent?: string): Promise<void>;
  close(): Promise<void>;
}

/** QoS 1 messages an external broker may have in flight to one gateway connection (MQTT 5). */
const GATEWAY_RECEIVE_MAXIMUM = 8_192;

/**
 * The gateway's MQTT client: the same code talks to the embedded broker (through an
 * in-process stream) and to an external one (MQTT_URL).
 */
export async function openMqttLink(options: {
  instanceId: string;
  topics: DeviceTopics;
  embedded?: EmbeddedBroker;
  url?: string;
  username?: string;
  password?: string;
  /** Several instances on one external broker share the unit messages: each is handled once. */
  sharedGroup: string;
  /**
   * `retained`: a stored message replayed on subscribing, not a new event. Resolves once the
   * message is stored; on an external broker it is acknowledged only then (held-acks.ts). On the
   * embedded broker unit messages come through the broker's own hook instead (embedded-broker.ts).
   */
  onMessage(topic: string, payload: Buffer, retained: boolean): Promise<void>;
  /** The link is connected and subscribed, or lost: what units say is heard, or not. */
  onListening(listening: boolean): void;
  logger: FastifyBaseLogger;
}): Promise<MqttLink> {
  const base: IClientOptions = {
    clientId: `ed-gateway-${options.instanceId}`,
    clean: true,
    reconnectPeriod: 1_000,
    connectTimeout: 10_000,
    // aedes speaks MQTT 3.1.1; an external broker gets MQTT 5.
    protocolVersion: options.embedded ? 4 : 5,
    // Without it Mosquitto keeps 20 messages in flight to us (max_inflight_messages) and queues
    // 1,000 more before it drops them: a fleet coming online at once outran that window while our
    // acknowledgements waited their turn on a busy event loop, and births were lost.
    ...(options.embedded ? {} : { properties: { receiveMaximum: GATEWAY_RECEIVE_MAXIMUM } }),
  };
  let client: MqttClient;
  if (options.embedded) {
    const conn = options.embedded.gatewayConnection();
    client = new MqttClient(conn.stream, { ...base, username: conn.username, password: conn.password });
  } else {
    client = mqtt.connect(options.url!, { ...base, username: options.username, password: options.password });
  }
  const hold = options.embedded ? undefined : holdAcks(client);
  client.on('message', (topic, payload, packet) => {
    const stored = options.onMessage(topic, payload, packet.retain);
    hold?.(packet.qos > 0 ? packet.messageId : undefined, stored);
  });
  // Small packets go out at once: with Nagle's algorithm a command or an acknowledgement written
  // behind an unacknowledged one waited for the broker's delayed ACK, 40 ms a hop.
  client.on('connect', () => noDelay(client));
  let closing = false;
  // Closing tears down the connection under the client (an AbortError from the in-process
  // stream): nothing to warn about then.
  client.on('error', (err) => {
    if (!closing) options.logger.warn({ err }, 'gateway MQTT error');
  });
  client.on('offline', () => {
    if (!closing) options.logger.warn('gateway MQTT connection lost; reconnecting');
  });
  client.on('close', () => options.onListening(false));

  await new Promise<void>((resolve, reject) => {
    client.once('connect', () => resolve());
    client.once('error', reject);
  });
  // Status, state, pairing reports and calibrations go to one instance of the group. Replies go
  // to the instance that sent the command, on its own topic; replies without an address (units
  // older than that) reach every instance, each keeping only its own commands' answers.
  // The embedded broker hands unit messages to the gateway itself, before it acknowledges them.
  const { topics } = options;
  const unitFilters = options.embedded ? [] : topics.unitFilters;
  await client.subscribeAsync({
    ...Object.fromEntries(
      unitFilters.map((filter) => [`$share/${options.sharedGroup}/${filter}`, { qos: 1 as const }]),
    ),
    [topics.instanceReplyFilter(options.instanceId)]: { qos: 1 },
    [topics.sharedReplyFilter]: { qos: 1 },
  });
  options.onListening(true);
  // A clean session: after a reconnect the subscriptions are made anew (mqtt.js resubscribes).
  client.on('connect', () => options.onListening(true));

  return {
    client,
    publish: async (topic, payload, qos = 1, traceparent) => {
      const properties = traceparent && !options.embedded ? { userProperties: { traceparent } } : undefined;
      await client.publishAsync(topic, payload, properties ? { qos, properties } : { qos });
    },
    close: () => {
      closing = true;
      return client.endAsync();
    },
  };
}

function noDelay(client: MqttClient): void {
  const stream = client.stream as { setNoDelay?: (on: boolean) => unknown };
  stream.setNoDelay?.(true);
}
