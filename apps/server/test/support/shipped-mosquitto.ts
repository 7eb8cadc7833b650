import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { MOSQUITTO, startMosquitto, type TestBroker } from './mosquitto.js';

const DEPLOY = fileURLToPath(new URL('../../../../deploy/mosquitto/', import.meta.url));

/** The dynamic-security plugin where this machine's packages put it, if they do. */
const DYNSEC_PLUGIN = [
  '/usr/lib/x86_64-linux-gnu/mosquitto_dynamic_security.so',
  '/usr/lib/aarch64-linux-gnu/mosquitto_dynamic_security.so',
  '/usr/lib/mosquitto_dynamic_security.so',
].find((file) => existsSync(file));

export const CAN_RUN_SHIPPED_MOSQUITTO = Boolean(MOSQUITTO && DYNSEC_PLUGIN);

export interface ShippedBrokerSetup {
  MQTT_TOPIC_ROOT: string;
  MQTT_USERNAME: string;
  MQTT_PASSWORD: string;
}

/**
 * A Mosquitto as deploy/mosquitto ships it: the setup script run first in a folder of the test's,
 * then mosquitto.conf with that folder for /var/lib/mosquitto, on a free loopback port instead of
 * 1883 and without persistence (the test's broker lives as long as the test).
 */
export async function startShippedMosquitto(setup: ShippedBrokerSetup): Promise<TestBroker> {
  const dir = await mkdtemp(path.join(tmpdir(), 'ed-broker-accounts-'));
  await promisify(execFile)('sh', [path.join(DEPLOY, 'init-broker-accounts.sh'), dir], {
    env: { ...process.env, ...setup, DYNSEC_ADMIN_PASSWORD: randomBytes(18).toString('base64url'), DYNSEC_PLUGIN },
  });
  const shipped = await readFile(path.join(DEPLOY, 'mosquitto.conf'), 'utf8');
  const lines = shipped
    .split('\n')
    .filter((line) => line.trim() && !line.startsWith('#'))
    .filter((line) => !/^(listener|persistence)\b/.test(line))
    .map((line) => (line.startsWith('plugin ') ? `plugin ${DYNSEC_PLUGIN}` : line))
    .map((line) => line.replaceAll('/var/lib/mosquitto/', `${dir}/`));
  const broker = await startMosquitto(lines);
  return {
    ...broker,
    stop: async () => {
      await broker.stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
