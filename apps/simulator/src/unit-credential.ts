import { deviceCheckInResponseSchema } from '@ed/contract/device-protocol';
import { deviceTopics, type DeviceTopics } from '@ed/contract/device-topics';
import type { Clock } from './clock.js';
import type { CredentialStore, StoredCredential } from './credential-store.js';
import type { Logger } from './logger.js';
import type { Prng } from './prng.js';
import { registerWithRetry } from './registration.js';

export type UnitCredential = StoredCredential & { topics: DeviceTopics };

/**
 * The unit's credential: the one it kept from an earlier start, or a new registration with the
 * fleet's key (and `previousToken`, to replace a credential the broker refused).
 */
export async function obtainCredential(o: {
  serverUrl: string;
  enrollmentKey: string;
  serialNumber: string;
  store?: CredentialStore;
  previousToken?: string;
  clock: Clock;
  prng: Prng;
  signal: AbortSignal;
  logger: Logger;
}): Promise<UnitCredential> {
  const stored = o.previousToken ? undefined : o.store?.get(o.serialNumber);
  if (stored) return { ...stored, topics: deviceTopics(stored.topicRoot) };
  const answer = await registerWithRetry(
    {
      serverUrl: o.serverUrl,
      serialNumber: o.serialNumber,
      enrollmentKey: o.enrollmentKey,
      deviceToken: o.previousToken,
    },
    { clock: o.clock, prng: o.prng, signal: o.signal, logger: o.logger },
  );
  const kept = {
    deviceToken: answer.deviceToken,
    websocketPath: answer.mqtt.websocketPath,
    topicRoot: answer.mqtt.topicRoot,
  };
  o.store?.set(o.serialNumber, kept);
  return { ...kept, topics: deviceTopics(kept.topicRoot) };
}

/** POST /device/v1/check_in with the connection's sequence; a failure only costs the address. */
export async function checkIn(o: {
  serverUrl: string;
  serialNumber: string;
  deviceToken: string;
  seq: number;
  /** Headers vouching for the address, or else the address claimed with X-Forwarded-For (or nothing). */
  addressHeaders?: Record<string, string>;
  forwardedFor: string | null;
  logger: Logger;
}): Promise<void> {
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    authorization: `Basic ${Buffer.from(`${o.serialNumber}:${o.deviceToken}`).toString('base64')}`,
  };
  if (o.addressHeaders) Object.assign(headers, o.addressHeaders);
  else if (o.forwardedFor) headers['x-forwarded-for'] = o.forwardedFor;
  try {
    const url = `${o.serverUrl.replace(/\/+$/, '')}/device/v1/check_in`;
    const response = await fetch(url, { method: 'POST', headers, body: JSON.stringify({ seq: o.seq }) });
    if (!response.ok) throw new Error(`answered ${response.status}`);
    deviceCheckInResponseSchema.parse(await response.json());
  } catch (error) {
    o.logger.debug(`${o.serialNumber}: check-in failed: ${(error as Error).message}`);
  }
}
