import { randomBytes } from 'node:crypto';
import { startHttpFront, type HttpFront } from './http-front.js';
import { startKitBroker, type ConnectPolicy, type KitBroker } from './kit-broker.js';
import type { Observations } from './observations.js';
import { startServerChild, type ServerChild } from './server-child.js';

export interface Environment {
  broker: KitBroker;
  server: ServerChild;
  front: HttpFront;
  stop(): Promise<void>;
}

export const randomKey = (length: number): string =>
  randomBytes(length)
    .toString('base64')
    .replace(/[^A-Za-z0-9]/g, '')
    .slice(0, length)
    .padEnd(length, 'k');

/**
 * The test environment of a run: the kit's broker, the real server on it as on any external
 * broker (so its registration answer carries `mqtt.url` and `mqtt.checkIn: true`), and the HTTP
 * front the unit is given. `policy` decides the unit's CONNECTs.
 */
export async function startEnvironment(o: {
  serial: string;
  enrollmentKey: string;
  topicRoot: string;
  observations: Observations;
  policy: (front: HttpFront) => ConnectPolicy;
}): Promise<Environment> {
  let front: HttpFront | null = null;
  const broker = await startKitBroker(
    o.observations,
    (connect) => (front ? o.policy(front)(connect) : 'not ready'),
    randomKey(24),
  );
  let server: ServerChild;
  try {
    server = await startServerChild({
      FLEET_ENROLLMENT_KEY: o.enrollmentKey,
      MQTT_URL: broker.url,
      MQTT_USERNAME: broker.serverAccount.username,
      MQTT_PASSWORD: broker.serverAccount.password,
      // The kit's broker refuses clients without credentials anyway; said so the start never waits on it.
      MQTT_ALLOW_OPEN_BROKER: 'true',
      MQTT_PUBLIC_URL: broker.url,
      MQTT_TOPIC_ROOT: o.topicRoot,
      ADMIN_PASSWORD: randomKey(24),
      // One unit registering and rotating: the per-address limits must not be what the kit measures.
      FLEET_NEW_UNITS_PER_ADDRESS_PER_HOUR: '0',
    });
  } catch (error) {
    await broker.close();
    throw error;
  }
  const started = await startHttpFront(server.url, o.observations, o.serial);
  front = started;
  return {
    broker,
    server,
    front: started,
    stop: async () => {
      await started.close();
      await server.stop();
      await broker.close();
    },
  };
}
