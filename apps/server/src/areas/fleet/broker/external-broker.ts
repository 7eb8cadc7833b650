import type { DeviceTopics } from '@ed/contract/device-topics';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../../config/env.js';
import { type BrokerAccounts, unmanagedBrokerAccounts } from './broker-accounts.js';
import { DynsecBrokerAccounts } from './dynsec-accounts.js';
import { checkAnonymousAccess, redactedUrl } from './open-broker-check.js';

export interface ManagedBrokerAccounts extends BrokerAccounts {
  close(): Promise<void>;
}

const DEFAULT_RECEIVE_WARNING =
  'The MQTT broker lets clients receive messages no role grants them: a unit subscribed to # reads ' +
  "every unit's commands. Set the dynamic-security plugin's default for publishClientReceive to deny " +
  '(deploy/mosquitto/init-broker-accounts.sh does; see docs/scale-out.md, "Broker security").';

/**
 * What an instance checks and keeps on an external broker (MQTT_URL) besides its gateway link: no
 * start on a broker anyone may use (open-broker-check.ts), awaited before anything connects to it,
 * and the units' accounts if MQTT_BROKER_ACCOUNTS says so. The accounts' own checks run in the
 * background: they only log.
 */
export async function externalBroker(
  config: Config,
  instanceId: string,
  topics: DeviceTopics,
  log: FastifyBaseLogger,
): Promise<ManagedBrokerAccounts> {
  const url = config.MQTT_URL;
  if (!url) return { ...unmanagedBrokerAccounts, close: async () => undefined };
  const check = await checkAnonymousAccess(url, topics, config.MQTT_ALLOW_OPEN_BROKER, log);
  if (config.MQTT_BROKER_ACCOUNTS === 'none') {
    return { ...unmanagedBrokerAccounts, close: async () => check.stop() };
  }

  const accounts = new DynsecBrokerAccounts({
    url,
    username: config.MQTT_USERNAME,
    password: config.MQTT_PASSWORD,
    instanceId,
    logger: log,
  });
  let closing = false;
  void accounts.receivesByDefault().then(
    (open) => open && log.error({ broker: redactedUrl(url) }, DEFAULT_RECEIVE_WARNING),
    (err: unknown) =>
      closing || log.error({ err }, 'MQTT_BROKER_ACCOUNTS: the dynamic-security plugin does not answer'),
  );
  return {
    managed: true,
    grant: (serialNumber, token) => accounts.grant(serialNumber, token),
    revoke: (serialNumber) => accounts.revoke(serialNumber),
    close: () => {
      closing = true;
      check.stop();
      return accounts.close();
    },
  };
}
