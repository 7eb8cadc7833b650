import type { DeviceTopics } from '@ed/contract/device-topics';
import type { FastifyBaseLogger } from 'fastify';
import { ConfigError } from '../../../config/env.js';
import { describeAccess, probeAnonymous, type AnonymousAccess, type ProbeResult } from './anonymous-probe.js';

/** The broker's address without any password written in it. */
export const redactedUrl = (url: string) => url.replace(/\/\/[^@/]*@/, '//');

/** How often a broker that did not answer at start is probed again, until it answers. */
const RECHECK_MS = 30_000;

const RISK = 'Anyone who reaches it can publish as any unit and read its commands.';
const FIX =
  'Turn anonymous access off (allow_anonymous false, with per-unit accounts: MQTT_BROKER_ACCOUNTS=mosquitto-dynsec ' +
  'and deploy/mosquitto; see docs/scale-out.md, "Broker security"), or set MQTT_ALLOW_OPEN_BROKER=true to run on it on purpose.';

/** Why the server does not start on an open broker, and the two ways out. */
const openBrokerRefusal = (broker: string, allowed: AnonymousAccess[]) =>
  `Refusing to start: the MQTT broker of MQTT_URL (${broker}) lets a client without credentials ` +
  `${describeAccess(allowed)}. ${RISK} ${FIX}`;

export const OPEN_ON_PURPOSE =
  'MQTT_ALLOW_OPEN_BROKER=true: the MQTT broker of MQTT_URL lets clients in without credentials, and this ' +
  `server runs on it on purpose. ${RISK}`;

export const UNCHECKED =
  'The MQTT broker of MQTT_URL did not answer the check for clients without credentials at start: it is not ' +
  'refused on that account, and the check runs again every 30 s until the broker answers.';

const openFoundLate = (allowed: AnonymousAccess[]) =>
  `The MQTT broker of MQTT_URL, which did not answer at start, lets a client without credentials ` +
  `${describeAccess(allowed)}. ${RISK} This server keeps running; the next start refuses. ${FIX}`;

export interface BrokerCheck {
  /** Stops the check of a broker that did not answer at start. */
  stop(): void;
}

/**
 * Probes the external broker as an anonymous client before the server starts listening. An open
 * broker stops the start (a ConfigError: main.ts prints it and exits 1) unless `allowOpen`
 * (MQTT_ALLOW_OPEN_BROKER), and then it is said at every start. A broker that does not answer is
 * not refused here: that says nothing about its door, and the gateway's link, connected next,
 * decides as it always has. The probe is repeated in the background until the broker answers (a
 * slow broker the link reaches after all); a running server can then only log what it finds.
 */
export async function checkAnonymousAccess(
  url: string,
  topics: DeviceTopics,
  allowOpen: boolean,
  log: FastifyBaseLogger,
): Promise<BrokerCheck> {
  const broker = redactedUrl(url);
  const first = await probeAnonymous(url, topics);
  if (first.verdict === 'open' && !allowOpen) throw new ConfigError(openBrokerRefusal(broker, first.allowed));
  const report = (result: ProbeResult) => {
    if (result.verdict === 'open' && allowOpen) log.warn({ broker, allowed: result.allowed }, OPEN_ON_PURPOSE);
    else if (result.verdict === 'open') log.error({ broker, allowed: result.allowed }, openFoundLate(result.allowed));
    else if (allowOpen)
      log.info({ broker }, 'MQTT_ALLOW_OPEN_BROKER=true is not needed: the broker refuses anonymous clients');
  };
  if (first.verdict !== 'unreachable') {
    report(first);
    return { stop: () => undefined };
  }

  log.warn({ broker }, UNCHECKED);
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const again = () => {
    timer = setTimeout(() => {
      void probeAnonymous(url, topics).then((result) => {
        if (stopped) return;
        if (result.verdict === 'unreachable') again();
        else report(result);
      });
    }, RECHECK_MS);
    // A pending recheck must not keep a stopping process alive.
    timer.unref();
  };
  again();
  return {
    stop: () => {
      stopped = true;
      clearTimeout(timer);
    },
  };
}
