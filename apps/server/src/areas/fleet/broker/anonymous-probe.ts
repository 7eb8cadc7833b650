import { deviceTopics, type DeviceTopics } from '@ed/contract/device-topics';
import mqtt from 'mqtt';

const PROBE_TIMEOUT_MS = 5_000;

/**
 * The serial number the probe acts as. Not a serial number's shape (8 or 9 capitals or digits), so
 * no unit's topics are touched, and the gateway drops the probe's empty message anyway.
 */
const PROBE_SERIAL = 'ed-anonymous-probe';

/**
 * CONNACK codes that mean "not without credentials": 4 and 5 (MQTT 3.1.1), 134, 135 and 138 (MQTT 5).
 * Any other code (a protocol version, a busy server) says nothing about anonymous access.
 */
const REFUSALS = new Set([4, 5, 134, 135, 138]);

/** What an anonymous client was let do: connecting is enough to fail the check. */
export type AnonymousAccess = 'connect' | 'subscribe' | 'publish';

export type ProbeResult =
  { verdict: 'refused' } | { verdict: 'unreachable' } | { verdict: 'open'; allowed: AnonymousAccess[] };

/**
 * Connects to the external broker with no user name and no password, as any client on its network
 * could; if let in, subscribes to a unit's `cmd` topic (a SUBACK of 0x80 or more is a refusal) and
 * publishes to a unit's `state` topic at QoS 1 (a PUBACK of 0x80 or more is one). MQTT 5, as the
 * gateway's link, so that the broker gives its reason codes. The whole probe ends within
 * `timeoutMs`: a broker that does not answer in time is `unreachable`.
 */
export async function probeAnonymous(
  url: string,
  topics: DeviceTopics = deviceTopics(),
  timeoutMs = PROBE_TIMEOUT_MS,
): Promise<ProbeResult> {
  const client = mqtt.connect(url, {
    clientId: `ed-anonymous-probe-${Math.random().toString(36).slice(2, 10)}`,
    protocolVersion: 5,
    reconnectPeriod: 0,
    connectTimeout: timeoutMs,
    clean: true,
  });
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), timeoutMs)));
  const answered = new Promise<'connected' | 'refused' | 'unreachable'>((resolve) => {
    client.once('connect', () => resolve('connected'));
    client.once('error', (err: Error & { code?: number | string }) =>
      resolve(typeof err.code === 'number' && REFUSALS.has(err.code) ? 'refused' : 'unreachable'),
    );
  });
  // Whether the broker took a step, in the time left; a refusal, a close or the deadline is a no.
  const took = (step: Promise<unknown>) =>
    Promise.race([
      step.then(
        () => true,
        () => false,
      ),
      late.then(() => false),
    ]);
  try {
    const connection = await Promise.race([answered, late]);
    if (connection === 'late') return { verdict: 'unreachable' };
    if (connection !== 'connected') return { verdict: connection };
    const allowed: AnonymousAccess[] = ['connect'];
    if (await took(client.subscribeAsync(topics.command(PROBE_SERIAL), { qos: 1 }))) allowed.push('subscribe');
    // Empty and not retained: nothing stays on the broker, and the gateway ignores an empty message.
    if (await took(client.publishAsync(topics.state(PROBE_SERIAL), '', { qos: 1 }))) allowed.push('publish');
    return { verdict: 'open', allowed };
  } finally {
    clearTimeout(timer);
    client.removeAllListeners();
    client.on('error', () => undefined);
    client.end(true);
  }
}

const DOING: Record<AnonymousAccess, string> = {
  connect: 'connect',
  subscribe: "subscribe to a unit's cmd topic",
  publish: "publish to a unit's state topic",
};

/** What the broker let the probe do, in words: "connect, subscribe to … and publish to …". */
export function describeAccess(allowed: AnonymousAccess[]): string {
  const steps = allowed.map((step) => DOING[step]);
  const last = steps.pop() ?? '';
  return steps.length > 0 ? `${steps.join(', ')} and ${last}` : last;
}
