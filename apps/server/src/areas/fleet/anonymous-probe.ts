import mqtt from 'mqtt';

const PROBE_TIMEOUT_MS = 5_000;

export type ProbeResult = 'accepted' | 'refused' | 'unreachable';

/**
 * Connects to the external broker with no user name and no password, as any client on its network
 * could. A broker that accepts it lets anyone publish as any unit (a unit's state, its alignment
 * count) and read every command: the server then warns loudly at start.
 */
export function probeAnonymous(url: string, timeoutMs = PROBE_TIMEOUT_MS): Promise<ProbeResult> {
  return new Promise((resolve) => {
    const client = mqtt.connect(url, {
      clientId: `ed-anonymous-probe-${Math.random().toString(36).slice(2, 10)}`,
      reconnectPeriod: 0,
      connectTimeout: timeoutMs,
      clean: true,
    });
    const done = (result: ProbeResult) => {
      clearTimeout(timer);
      client.removeAllListeners();
      client.on('error', () => undefined);
      client.end(true);
      resolve(result);
    };
    const timer = setTimeout(() => done('unreachable'), timeoutMs);
    client.once('connect', () => done('accepted'));
    client.once('error', (err: Error & { code?: number | string }) =>
      // CONNACK 4/5 (v3.1.1) or 134/135 (v5): bad credentials or not authorised.
      done(typeof err.code === 'number' ? 'refused' : 'unreachable'),
    );
  });
}

export const ANONYMOUS_BROKER_WARNING =
  'The MQTT broker of MQTT_URL accepts clients without credentials: anyone who reaches it can ' +
  'publish as any unit and read its commands. Turn anonymous access off (allow_anonymous false; ' +
  'see docs/scale-out.md, "Broker security").';
