import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config/env.js';
import { ANONYMOUS_BROKER_WARNING, probeAnonymous } from './anonymous-probe.js';
import { type BrokerAccounts, unmanagedBrokerAccounts } from './broker-accounts.js';
import { DynsecBrokerAccounts } from './dynsec-accounts.js';

export interface ManagedBrokerAccounts extends BrokerAccounts {
  close(): Promise<void>;
}

/** The broker's address without any password written in it. */
const redactedUrl = (url: string) => url.replace(/\/\/[^@/]*@/, '//');

const DEFAULT_RECEIVE_WARNING =
  'The MQTT broker lets clients receive messages no role grants them: a unit subscribed to # reads ' +
  "every unit's commands. Set the dynamic-security plugin's default for publishClientReceive to deny " +
  '(deploy/mosquitto/init-broker-accounts.sh does; see docs/scale-out.md, "Broker security").';

/**
 * What an instance checks and keeps on an external broker (MQTT_URL) besides its gateway link: a
 * warning if anyone may connect, and the units' accounts if MQTT_BROKER_ACCOUNTS says so. The
 * checks run in the background: the start does not wait for them.
 */
export function externalBroker(config: Config, instanceId: string, log: FastifyBaseLogger): ManagedBrokerAccounts {
  const url = config.MQTT_URL;
  if (!url) return { ...unmanagedBrokerAccounts, close: async () => undefined };
  void probeAnonymous(url).then((result) => {
    if (result === 'accepted') log.error({ broker: redactedUrl(url) }, ANONYMOUS_BROKER_WARNING);
  });
  if (config.MQTT_BROKER_ACCOUNTS === 'none') return { ...unmanagedBrokerAccounts, close: async () => undefined };

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
      return accounts.close();
    },
  };
}
